import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { ephemeralSigningKey } from '../../src/auth/signing-key.ts';
import { openFleetDatabase } from '../../src/data/fleet-database.ts';
import { testConfig } from '../helpers/test-app.ts';

/** Every entry under `dir` with its permission bits, e.g. `{ 'analytics/fleet.duckdb': 0o600 }`. */
async function modes(dir: string): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  const walk = async (path: string): Promise<void> => {
    const info = await stat(path);
    found[relative(dir, path) || '.'] = info.mode & 0o777;
    if (info.isDirectory()) for (const entry of await readdir(path)) await walk(join(path, entry));
  };
  await walk(dir);
  return found;
}

const privateModes = (found: Record<string, number>) =>
  Object.entries(found).filter(([, mode]) => mode !== 0o600 && mode !== 0o700);

let dir: string;
let umask: number;
beforeAll(async () => {
  umask = process.umask();
  dir = await mkdtemp(join(tmpdir(), 'analytics-modes-'));
});
afterAll(async () => {
  process.umask(umask);
  await rm(dir, { recursive: true, force: true });
});

describe('the analytics files at rest', () => {
  it('keeps fleet.duckdb 0600 in a 0700 directory even when the process umask would allow others to read it', async () => {
    process.umask(0o022);
    const fleet = await openFleetDatabase({
      file: join(dir, 'fleet', 'analytics', 'fleet.duckdb'),
      endDate: '2024-03-31',
      days: 10,
      devicesPerAccount: 2,
      databaseNames: ['fabrikam'],
    });
    await fleet.engine.close();
    const found = await modes(join(dir, 'fleet', 'analytics'));
    expect(found['fleet.duckdb']).toBe(0o600);
    expect(found['.']).toBe(0o700);
    expect(privateModes(found)).toEqual([]);
  });

  it('tightens loose files of an existing analytics directory at start and says so in one warning line', async () => {
    process.umask(0o022);
    const dataDir = join(dir, 'start');
    await mkdir(join(dataDir, 'analytics', 'content', 'reports'), { recursive: true });
    await writeFile(join(dataDir, 'analytics', 'content', 'reports', 'r.json'), '{}');
    await writeFile(join(dataDir, 'analytics', 'fleet.duckdb'), 'not a database');
    await chmod(join(dataDir, 'analytics', 'fleet.duckdb'), 0o644);
    await chmod(dataDir, 0o755);
    const lines: string[] = [];
    const logger = pino(
      { level: 'warn' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    const fleet = await openFleetDatabase({
      file: join(dir, 'start-fleet.duckdb'),
      endDate: '2024-03-31',
      days: 10,
      devicesPerAccount: 2,
      databaseNames: ['fabrikam'],
    });
    const app = await buildApp({
      config: testConfig(dataDir),
      fleet,
      signingKey: await ephemeralSigningKey(),
      logger,
    });
    await app.close();
    await fleet.engine.close();
    const warnings = lines.filter((line) => line.includes('tightened the permissions'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0] ?? '{}')).toMatchObject({ level: 40 });
    expect(privateModes(await modes(dataDir))).toEqual([]);
  });
});
