// The data directory holds databases, keys and every customer's rows: only the user running the servers may read or
// write it. Directories are 0700 and files 0600; files made later get those modes from the process umask, which also
// covers files that libraries write themselves (PGlite's cluster, DuckDB's database and WAL).
import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Group and others get nothing: new files 0600, new directories 0700. */
export const PRIVATE_UMASK = 0o077;

/** Makes `path` (and, for a directory, everything under it) owner-only; returns how many entries were loose. */
async function tighten(path: string, recursive: boolean): Promise<number> {
  const info = await lstat(path);
  if (info.isSymbolicLink()) return 0;
  let loose = 0;
  if ((info.mode & 0o077) !== 0) {
    try {
      await chmod(path, info.mode & 0o700);
      loose += 1;
    } catch {
      // Another user's entry (a mounted volume): not this process's to change, and no reason not to start.
    }
  }
  if (recursive && info.isDirectory()) {
    for (const entry of await readdir(path)) loose += await tighten(join(path, entry), true);
  }
  return loose;
}

/**
 * Sets the process umask to 0077, creates `dataDir/appDir` 0700 and removes group and other access from the data
 * directory itself and from everything under `appDir` (under the whole data directory when `appDir` is omitted).
 * Returns how many entries were tightened, for one warning line (`privateModesWarning`).
 *
 * ```ts
 * const loose = await securePrivateDirectory(config.dataDir, 'portal');
 * if (loose > 0) log.warn(privateModesWarning(config.dataDir, loose));
 * ```
 */
export async function securePrivateDirectory(dataDir: string, appDir?: string): Promise<number> {
  process.umask(PRIVATE_UMASK);
  const dir = appDir === undefined ? dataDir : join(dataDir, appDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (appDir === undefined) return tighten(dataDir, true);
  return (await tighten(dataDir, false)) + (await tighten(dir, true));
}

/** The one line a server logs when it had to tighten existing entries. */
export function privateModesWarning(dir: string, count: number): string {
  return `tightened the permissions of ${count} entries in ${dir} that other local users could read or write: directories are now 0700, files 0600`;
}
