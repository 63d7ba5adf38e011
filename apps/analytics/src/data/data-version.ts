/**
 * The data version of a source: a stamp that changes when the data may have changed, so the result cache drops its
 * answers. The generated fleet sample: its load parameters and the time this process opened it. A data folder read in
 * place: the names, sizes and mtimes of its files, looked at no more than once a second (an imported folder is versioned
 * by the stamp of the import being served, see folder-import.ts). ClickHouse: a constant (its data changes
 * without the service seeing it; the cache's entry lifetime bounds how stale an answer can be).
 */
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Resolves with the source's current data version. */
export type DataVersion = () => Promise<string>;

/** A constant version: data that changes only with a restart (the fleet sample), or that the service cannot see. */
export function fixedDataVersion(stamp: unknown): DataVersion {
  const version = createHash('sha256').update(JSON.stringify(stamp)).digest('hex');
  return () => Promise.resolve(version);
}

/** The files of `folder` and of its subfolders (one level, as the file engine reads them): name, size and mtime. */
export async function folderStamp(folder: string): Promise<string> {
  const parts: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    const names = entry.isDirectory()
      ? (await readdir(path)).map((name) => join(path, name))
      : entry.isFile()
        ? [path]
        : [];
    for (const name of names) {
      const info = await stat(name).catch(() => undefined);
      if (info?.isFile() === true) parts.push(`${name}\t${info.size}\t${info.mtimeMs}`);
    }
  }
  return createHash('sha256').update(parts.sort().join('\n')).digest('hex');
}

/**
 * The version of a data folder: a hash of its files' names, sizes and mtimes, looked at again when the last look is
 * older than `recheckMs` (default 1 s), so a replaced or added file is seen within a second.
 */
export function folderDataVersion(
  folder: string,
  options: { recheckMs?: number; now?: () => number } = {},
): DataVersion {
  const recheckMs = options.recheckMs ?? 1000;
  const now = options.now ?? Date.now;
  let last: { at: number; version: Promise<string> } | undefined;
  return () => {
    if (last === undefined || now() - last.at >= recheckMs) {
      const at = now();
      // A folder that cannot be read gives a version of its own each time: nothing is served from the cache, and the
      // engine's own error reaches the caller.
      const version = folderStamp(folder).catch(() => `unreadable ${at} ${Math.random()}`);
      last = { at, version };
    }
    return last.version;
  };
}
