/**
 * Persistent filters ("user state"): the filters a viewer saved on a report, restored when a host embeds it again
 * with `persistentFiltersEnabled`. One JSON file per viewer and report, written to a temporary name and renamed.
 *
 * The viewer is the embed token's subject (the API client that asked for it) together with its row-level-security
 * identity (the databaseNames it sees): saved filter values are data of those accounts (site names, models), so a
 * viewer of other accounts must never be handed them.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Whose saved state, on which report. */
export interface UserStateKey {
  readonly subject: string;
  readonly databaseNames: readonly string[];
  readonly reportId: string;
}

export interface SavedUserState {
  /** The frame's state string (`bookmark-state.ts` format, filters only). */
  readonly state: string;
  readonly savedAt: string;
}

interface StoredUserState extends SavedUserState {
  readonly subject: string;
  readonly databaseNames: readonly string[];
  readonly reportId: string;
}

/** The file name of a key: a hash, so no part of a token or an id ever becomes a path. */
export function userStateFile(key: UserStateKey): string {
  const identity = [...new Set(key.databaseNames)].sort().join('\u0000');
  const digest = createHash('sha256')
    .update(`${key.subject}\u0001${identity}\u0001${key.reportId}`)
    .digest('hex');
  return `${digest}.json`;
}

/**
 * ```ts
 * const states = await UserStateStore.open(join(dataDir, 'analytics', 'user-state'));
 * await states.put({ subject, databaseNames, reportId }, state);
 * ```
 */
export class UserStateStore {
  private constructor(
    private readonly dir: string,
    private readonly now: () => number,
  ) {}

  static async open(dir: string, now: () => number = Date.now): Promise<UserStateStore> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return new UserStateStore(dir, now);
  }

  async get(key: UserStateKey): Promise<SavedUserState | undefined> {
    let text: string;
    try {
      text = await readFile(join(this.dir, userStateFile(key)), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    const stored = JSON.parse(text) as StoredUserState;
    // A hash collision (or a file copied by hand) must not hand one viewer's state to another.
    if (stored.reportId !== key.reportId || stored.subject !== key.subject) return undefined;
    return { state: stored.state, savedAt: stored.savedAt };
  }

  async put(key: UserStateKey, state: string): Promise<SavedUserState> {
    const saved: StoredUserState = {
      subject: key.subject,
      databaseNames: [...new Set(key.databaseNames)].sort(),
      reportId: key.reportId,
      state,
      savedAt: new Date(this.now()).toISOString(),
    };
    const file = join(this.dir, userStateFile(key));
    const temporary = `${file}.${randomUUID()}.tmp`;
    await writeFile(temporary, JSON.stringify(saved), { mode: 0o600 });
    await rename(temporary, file);
    return { state: saved.state, savedAt: saved.savedAt };
  }

  /** Forgets the saved state; true when there was one. */
  async delete(key: UserStateKey): Promise<boolean> {
    const file = join(this.dir, userStateFile(key));
    const existed = (await this.get(key)) !== undefined;
    await rm(file, { force: true });
    return existed;
  }
}
