/**
 * Where the embed-token route looks up content that lives outside the report store: each kind of content (dashboards,
 * paginated reports) registers a lookup when its routes are registered, so the token route can check that an id it
 * is asked to grant exists and learn its workspace.
 *
 * ```ts
 * servicesOf(app).directory.register('dashboard', (id) => dashboards.get(id));
 * servicesOf(app).directory.find('dashboard', 'd1'); // { id: 'd1', workspaceId: 'w1' } or undefined
 * ```
 */
export type DirectoryKind = 'dashboard' | 'paginatedReport';

export interface DirectoryEntry {
  readonly id: string;
  readonly workspaceId: string;
}

export type DirectoryLookup = (id: string) => DirectoryEntry | undefined;

export class ContentDirectory {
  private readonly lookups = new Map<DirectoryKind, DirectoryLookup>();

  /** Makes `kind` known; a kind registers once. */
  register(kind: DirectoryKind, lookup: DirectoryLookup): void {
    if (this.lookups.has(kind)) throw new Error(`the ${kind} lookup is already registered`);
    this.lookups.set(kind, lookup);
  }

  /** The entry for `id`, or undefined when no such item exists (or the kind is not served). */
  find(kind: DirectoryKind, id: string): DirectoryEntry | undefined {
    return this.lookups.get(kind)?.(id);
  }
}
