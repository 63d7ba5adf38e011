/**
 * The dashboard store: one JSON document per dashboard in the data directory,
 *
 *   dashboards/<dashboardId>.json   { id, name, workspaceId, createdAt, updatedAt, source, sampleHash?, definition }
 *
 * written to a temporary name and renamed into place, so a crash never leaves half a document. The built-in samples
 * are written on first open and rewritten when their definition changes, unless the file says `source: "user"`
 * (someone took it over). A document that fails the schema or the grid checks is left on disk, not served, and
 * reported in `problems`.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SAMPLE_DASHBOARDS } from './samples.ts';
import type { SampleDashboard } from './samples.ts';
import { dashboardProblems } from './schema.ts';
import type { Dashboard } from '@portico/analytics-model';

interface DashboardFile extends Dashboard {
  /** For samples: the hash of the built-in definition the file holds. */
  readonly sampleHash?: string;
}

const FILE = /^([0-9a-f-]{36})\.json$/;

const hashOf = (sample: SampleDashboard): string =>
  createHash('sha256')
    .update(JSON.stringify([sample.name, sample.workspaceId, sample.definition]))
    .digest('base64url');

async function writeAtomically(file: string, content: unknown): Promise<void> {
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, `${JSON.stringify(content, null, 2)}\n`, { flag: 'wx' });
  await rename(temporary, file);
}

export class DashboardStore {
  private readonly byId = new Map<string, Dashboard>();
  /** Files that could not be served, with why. */
  readonly problems: { readonly file: string; readonly problem: string }[] = [];

  private constructor(private readonly dir: string) {}

  /**
   * Opens (and on first use creates) the store in `dir` and brings the sample dashboards up to date.
   *
   * ```ts
   * const store = await DashboardStore.open(join(dataDir, 'analytics', 'dashboards'));
   * store.list(FLEET_WORKSPACE_ID).map((d) => d.name); // ['Fleet at a glance', 'Supplies and alerts']
   * ```
   */
  static async open(
    dir: string,
    samples: readonly SampleDashboard[] = SAMPLE_DASHBOARDS,
  ): Promise<DashboardStore> {
    const store = new DashboardStore(dir);
    await mkdir(dir, { recursive: true });
    const files = new Map<string, DashboardFile>();
    for (const name of (await readdir(dir)).sort()) {
      const id = FILE.exec(name)?.[1];
      if (id === undefined) continue;
      const found = await store.read(name, id);
      if (found !== undefined) files.set(id, found);
    }
    for (const sample of samples) {
      const current = files.get(sample.id);
      const hash = hashOf(sample);
      if (current?.source === 'user' || current?.sampleHash === hash) continue;
      const now = new Date().toISOString();
      const file: DashboardFile = {
        id: sample.id,
        name: sample.name,
        workspaceId: sample.workspaceId,
        createdAt: current?.createdAt ?? now,
        updatedAt: now,
        source: 'sample',
        sampleHash: hash,
        definition: sample.definition,
      };
      // A sample must pass the same checks as a file; a broken built-in is a programming error.
      const problems = dashboardProblems(file);
      if (problems.length > 0) throw new Error(`sample dashboard ${sample.id}: ${problems.join('; ')}`);
      await writeAtomically(join(dir, `${sample.id}.json`), file);
      files.set(sample.id, file);
    }
    for (const [id, { sampleHash: _hash, ...dashboard }] of files) store.byId.set(id, dashboard);
    return store;
  }

  /** The dashboards of a workspace, by name. */
  list(workspaceId: string): readonly Dashboard[] {
    return [...this.byId.values()]
      .filter((d) => d.workspaceId === workspaceId)
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }

  get(id: string): Dashboard | undefined {
    return this.byId.get(id);
  }

  private async read(name: string, id: string): Promise<DashboardFile | undefined> {
    let document: unknown;
    try {
      document = JSON.parse(await readFile(join(this.dir, name), 'utf8'));
    } catch (error) {
      this.problems.push({ file: name, problem: `not readable JSON: ${(error as Error).message}` });
      return undefined;
    }
    const problems = dashboardProblems(document);
    if (problems.length === 0 && (document as Dashboard).id !== id)
      problems.push('its id is not its file name');
    if (problems.length > 0) {
      this.problems.push({ file: name, problem: problems.join('; ') });
      return undefined;
    }
    return document as DashboardFile;
  }
}
