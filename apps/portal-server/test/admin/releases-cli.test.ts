import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/admin/cli.ts';
import { createAccessKey } from '../../src/db/access-keys.ts';
import { createAccount } from '../../src/db/accounts.ts';
import { audit } from '../../src/db/audit.ts';
import type { Database } from '../../src/db/database.ts';
import { listReleases } from '../../src/installers/releases.ts';
import { openMigratedPglite } from '../helpers/test-app.ts';

let database: Database;
let dataDir: string;
beforeAll(async () => {
  database = await openMigratedPglite();
  dataDir = await mkdtemp(join(tmpdir(), 'admin-releases-'));
});
afterAll(async () => {
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    env: { PORTICO_DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    database,
    now: new Date('2030-01-01T00:00:00Z'),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run admin -- releases and downloads', () => {
  it('publishes a version the way a release pipeline calls it, with notes in English and German', async () => {
    const file = join(dataDir, 'build.msi');
    await writeFile(file, 'installer bytes');
    await writeFile(join(dataDir, 'notes.md'), '### New\n\n- Proxy support');
    await writeFile(join(dataDir, 'notes.de.md'), '### Neu\n\n- Proxy-Unterstützung');
    const published = await admin(
      'releases',
      'publish',
      'dca',
      '--version',
      '1.4.0',
      '--channel',
      'stable',
      '--file',
      file,
      '--notes',
      join(dataDir, 'notes.md'),
      '--notes-de',
      join(dataDir, 'notes.de.md'),
    );
    expect(published).toMatchObject({ code: 0 });
    expect(published.out).toContain('published dca 1.4.0 (stable): PorticoDCA-1.4.0-x64.msi, 15 bytes');
    expect(published.out).toContain(`sha256 ${createHash('sha256').update('installer bytes').digest('hex')}`);
    expect(published.out).toContain('notes in de, en');
    const [release] = await listReleases(database.db, 'dca');
    expect(release?.notes).toEqual({
      en: '### New\n\n- Proxy support',
      de: '### Neu\n\n- Proxy-Unterstützung',
    });

    const x86 = await admin(
      'releases',
      'publish',
      'dca',
      '--version',
      '1.4.0',
      '--file',
      file,
      '--platform',
      'x86',
    );
    expect(x86.out).toContain('added to dca 1.4.0 (stable): PorticoDCA-1.4.0-x86.msi');
    expect(x86.out).toContain('SHA256SUMS of 2 file(s) signed');
  });

  it('refuses a bad version, channel, installee or file with the usage, and a republished file', async () => {
    const file = join(dataDir, 'build.msi');
    for (const argv of [
      ['releases', 'publish', 'dca', '--version', 'latest', '--file', file],
      ['releases', 'publish', 'dca', '--version', '1.5.0', '--channel', 'nightly', '--file', file],
      ['releases', 'publish', 'printer', '--version', '1.5.0', '--file', file],
      ['releases', 'publish', 'dca', '--version', '1.5.0', '--file', join(dataDir, 'missing.msi')],
      ['releases', 'publish', 'dca', '--version', '1.5.0', '--file', file, '--notes', join(dataDir, 'x.md')],
      ['releases', 'publish', 'dca', '--version', '1.4.0', '--file', file],
    ]) {
      expect(await admin(...argv)).toMatchObject({ code: 2, err: expect.stringContaining('Usage:') });
    }
  });

  it('lists versions with their files and yanks one', async () => {
    const listed = await admin('releases', 'list', 'dca');
    expect(listed.out).toMatch(/^1\.4\.0\tstable\t2030-01-01T00:00:00\.000Z\t2 file\(s\)\tnotes de,en/);
    expect(listed.out).toContain('  PorticoDCA-1.4.0-x64.msi\t0.0 MiB\t');
    expect(await admin('releases', 'yank', 'dca', '1.4.0')).toMatchObject({
      code: 0,
      out: 'yanked dca 1.4.0',
    });
    expect(await admin('releases', 'yank', 'dca', '1.4.0')).toMatchObject({ code: 1 });
    expect((await admin('releases', 'list', 'dca')).out).toContain('yanked 2030-01-01T00:00:00.000Z');
    expect(await listReleases(database.db, 'dca')).toEqual([]);
  });

  it('gives a key the preview channel at creation or later', async () => {
    await createAccount(database.db, { databaseName: 'acme', accountName: 'Acme', customerName: '' });
    const created = await admin(
      'keys',
      'create',
      'acme',
      '--installees',
      'dca',
      '--channels',
      'stable,preview',
    );
    expect(created.out).toContain('channels stable, preview');
    expect((await admin('keys', 'list', 'acme')).out).toContain('channels stable,preview');
    const id = /^key (\d+)/.exec(created.out)?.[1] ?? '';
    expect(await admin('keys', 'channels', id, 'stable')).toMatchObject({ code: 0 });
    expect((await admin('keys', 'list', 'acme')).out).toContain('\tchannels stable\t');
    expect(await admin('keys', 'create', 'acme', '--channels', 'nightly')).toMatchObject({ code: 2 });
  });

  it("lists downloads per customer account from the audit log, newest first, without other accounts' ones", async () => {
    const key = await createAccessKey(database.db, { databaseName: 'acme', installees: ['dca'] });
    const row = (account: string, version: string) => ({
      actor: `key:${key?.prefix ?? ''}`,
      action: 'installer.download',
      target: `dca/${version}/x64/*`,
      outcome: 'ok',
      detail: { account, version, start: 0 },
    });
    await audit(database.db, row('acme', '1.3.0'));
    await audit(database.db, row('other', '1.3.0'));
    await audit(database.db, row('acme', '1.4.0'));
    await audit(database.db, { actor: 'user:x', action: 'report.download', target: 'r', outcome: 'ok' });
    const listed = await admin('downloads', 'list', 'acme');
    expect(listed.code).toBe(0);
    const lines = listed.out.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/\tacme\tkey:\S+\tdca\/1\.4\.0\/x64\/\*\tok$/);
    expect(lines[1]).toContain('dca/1.3.0/x64/*');
    expect((await admin('downloads', 'list')).out.split('\n')).toHaveLength(3);
    expect(await admin('downloads', 'list', 'Bad Name')).toMatchObject({ code: 2 });
  });
});
