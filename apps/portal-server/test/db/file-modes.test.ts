import { chmod, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';

/** Every entry under `dir` with its permission bits. */
async function modes(dir: string): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const walk = async (path: string): Promise<void> => {
    const info = await stat(path);
    found.set(relative(dir, path) || '.', info.mode & 0o777);
    if (info.isDirectory()) for (const entry of await readdir(path)) await walk(join(path, entry));
  };
  await walk(dir);
  return found;
}

let dataDir: string;
let umask: number;
beforeAll(async () => {
  umask = process.umask();
  dataDir = await mkdtemp(join(tmpdir(), 'portal-modes-'));
});
afterAll(async () => {
  process.umask(umask);
  await rm(dataDir, { recursive: true, force: true });
});

describe('the embedded database at rest', () => {
  it('keeps every PGlite file 0600 and every directory 0700, even under a umask that lets others read', async () => {
    process.umask(0o022);
    await chmod(dataDir, 0o755);
    const database = await openDatabase({ dataDir });
    await database.migrate();
    await database.db.execute(
      sql`insert into users (subject, email, name, last_seen_at) values ('s', 'a@b.example', 'A', now())`,
    );
    await database.close();

    const found = await modes(dataDir);
    const files = [...found].filter(([path]) => path.startsWith('portal/pglite/'));
    expect(files.length).toBeGreaterThan(500);
    const loose = [...found].filter(([, mode]) => mode !== 0o600 && mode !== 0o700);
    expect(loose).toEqual([]);
    expect(found.get('.')).toBe(0o700);
    expect(found.get('portal')).toBe(0o700);
    // Unpacking a new cluster takes 15–30 s on a busy machine.
  }, 120_000);
});
