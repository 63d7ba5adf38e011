import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/admin/cli.ts';
import { checkAccessKey } from '../../src/db/access-keys.ts';
import type { Database } from '../../src/db/database.ts';
import { openMigratedPglite } from '../helpers/test-app.ts';

let database: Database;
beforeAll(async () => {
  database = await openMigratedPglite();
});
afterAll(() => database?.close());

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    env: { PORTAL_PUBLIC_URL: 'https://portal.example.com', LOG_LEVEL: 'silent' },
    database,
    now: new Date('2030-01-01T00:00:00Z'),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run admin', () => {
  it('prints the usage for help and exits 2 with it for nothing or an unknown command', async () => {
    expect(await admin('help')).toMatchObject({
      code: 0,
      out: expect.stringMatching(/^Usage: npm run admin/),
    });
    expect(await admin()).toMatchObject({ code: 2, err: expect.stringContaining('Usage:') });
    expect(await admin('accounts', 'explode')).toMatchObject({
      code: 2,
      err: expect.stringContaining('unknown'),
    });
    expect(await admin('accounts', 'list', '--bogus')).toMatchObject({ code: 2 });
  });

  it('creates and lists accounts, refusing a bad or duplicate databaseName', async () => {
    expect(
      await admin('accounts', 'create', 'acme', '--name', 'Acme', '--customer', 'Acme Corp'),
    ).toMatchObject({
      code: 0,
    });
    expect(await admin('accounts', 'create', 'acme')).toMatchObject({
      code: 2,
      err: expect.stringContaining('exists'),
    });
    expect(await admin('accounts', 'create', "x'; drop table users; --")).toMatchObject({ code: 2 });
    expect((await admin('accounts', 'list')).out).toBe('acme\tAcme\tAcme Corp');
  });

  it('grants, lists and revokes memberships by email, subject and group', async () => {
    expect((await admin('members', 'grant', 'acme', 'Ann@Example.com')).code).toBe(0);
    expect((await admin('members', 'grant', 'acme', 'sub-123')).code).toBe(0);
    expect((await admin('members', 'grant', 'acme', '--group', 'acme-users')).code).toBe(0);
    expect((await admin('members', 'grant', 'nowhere', 'x@y.z')).code).toBe(2);
    expect((await admin('members', 'grant', 'acme', 'a@b.c', '--group', 'g')).code).toBe(2);
    expect((await admin('members', 'list', 'acme')).out.split('\n')).toEqual([
      'acme\temail\tann@example.com',
      'acme\tgroup\tacme-users',
      'acme\tsubject\tsub-123',
    ]);
    expect((await admin('members', 'revoke', 'acme', '--group', 'acme-users')).code).toBe(0);
    expect((await admin('members', 'revoke', 'acme', '--group', 'acme-users')).code).toBe(1);
  });

  it('grants, lists and revokes analytics reports per account or group, one report or all', async () => {
    const report = 'c7f8789d-083c-4944-a9ce-49d0b3594f03';
    // A new account has no reports until granted.
    expect((await admin('reports', 'list', 'acme')).out).toBe('');
    expect(await admin('reports', 'grant', 'acme', report)).toMatchObject({
      code: 0,
      out: `granted report ${report} to account acme`,
    });
    expect((await admin('reports', 'grant', 'acme', '--all')).code).toBe(0);
    expect((await admin('reports', 'grant', '--group', 'acme-analysts', report)).code).toBe(0);
    // Granting twice changes nothing.
    expect((await admin('reports', 'grant', 'acme', report)).code).toBe(0);
    expect((await admin('reports', 'list', 'acme')).out.split('\n')).toEqual([
      `account acme\t*`,
      `account acme\t${report}`,
    ]);
    expect((await admin('reports', 'list', '--group', 'acme-analysts')).out).toBe(
      `group acme-analysts\t${report}`,
    );
    expect((await admin('reports', 'list')).out.split('\n')).toHaveLength(3);
    // Mistakes: no account, no report, both a report and --all, a report id that is no id, a bad account name.
    expect(await admin('reports', 'grant', 'nowhere', report)).toMatchObject({
      code: 2,
      err: expect.stringContaining('there is no account nowhere'),
    });
    expect((await admin('reports', 'grant', 'acme')).code).toBe(2);
    expect((await admin('reports', 'grant', 'acme', report, '--all')).code).toBe(2);
    expect((await admin('reports', 'grant', 'acme', '../../etc/passwd')).code).toBe(2);
    expect((await admin('reports', 'grant', "x'; drop table report_grants; --", report)).code).toBe(2);
    expect((await admin('reports', 'revoke', 'acme', '--all')).out).toBe(
      'revoked all reports from account acme',
    );
    expect((await admin('reports', 'revoke', 'acme', '--all')).code).toBe(1);
    expect((await admin('reports', 'revoke', '--group', 'acme-analysts', report)).code).toBe(0);
    expect((await admin('reports', 'list', 'acme')).out).toBe(`account acme\t${report}`);
    expect((await admin('help')).out).toContain('reports grant');
  });

  it('creates a key printed once with its installer URLs, lists it without the key, and revokes it', async () => {
    const created = await admin('keys', 'create', 'acme', '--installees', 'dca,controlPanel', '--days', '30');
    expect(created.code).toBe(0);
    const key = /access key \(shown once, store it now\): (\S+)/.exec(created.out)?.[1] ?? '';
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.out).toContain(`Installer for dca: https://portal.example.com/DcaInstaller/${key}`);
    expect(created.out).toContain(
      `Installer for controlPanel: https://portal.example.com/ControlPanelInstaller/${key}`,
    );
    const listed = await admin('keys', 'list');
    expect(listed.out).not.toContain(key);
    expect(listed.out).toContain(
      `${key.slice(0, 8)}…\tacme\tdca,controlPanel\tchannels stable\texpires 2030-01-31T00:00:00.000Z`,
    );
    expect(await checkAccessKey(database.db, key, 'dca', new Date('2030-01-02'))).toMatchObject({ ok: true });
    expect((await admin('keys', 'revoke', key.slice(0, 8))).code).toBe(0);
    expect(await checkAccessKey(database.db, key, 'dca', new Date('2030-01-02'))).toMatchObject({
      ok: false,
      reason: 'revoked',
    });
    expect(await admin('keys', 'create', 'acme', '--installees', 'printer')).toMatchObject({ code: 2 });
    expect(await admin('keys', 'create', 'acme', '--expires', '2020-01-01')).toMatchObject({ code: 2 });
    expect(await admin('keys', 'revoke', '../etc')).toMatchObject({ code: 2 });
  });
});
