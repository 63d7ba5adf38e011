import { SAMPLE_ACCOUNTS } from '@portico/fleet-data';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantMembership } from '../../src/db/accounts.ts';
import type { Database } from '../../src/db/database.ts';
import { auditLog } from '../../src/db/schema.ts';
import { startFakeAuthority } from '../helpers/fake-authority.ts';
import type { FakeAuthority } from '../helpers/fake-authority.ts';
import { EXPECTED_ACCOUNTS, SAMPLE_USERS, seededApp } from '../helpers/seeded-app.ts';
import type { SampleUser, SeededApp } from '../helpers/seeded-app.ts';

const USERS = Object.keys(SAMPLE_USERS) as SampleUser[];

/** Customer accounts, the catalog and report downloads, on whichever database `open` gives. */
export function accountsAndReportsContract(kind: Database['kind'], open: () => Promise<Database>) {
  describe(`accounts and reports on ${kind}`, () => {
    let database: Database;
    let authority: FakeAuthority;
    let s: SeededApp;

    beforeAll(async () => {
      database = await open();
      authority = await startFakeAuthority();
      s = await seededApp(database, authority);
    });
    afterAll(async () => {
      await s?.close();
      await authority?.close();
      await database?.close();
    });

    const get = async (user: SampleUser, url: string) =>
      s.app.inject({ url, headers: { authorization: await s.bearer(user) } });
    const downloadToken = async (user: SampleUser) =>
      (await get(user, '/api/reports/downloadAccessToken')).json<{ accessToken: string }>().accessToken;
    const download = async (user: SampleUser, body: Record<string, unknown>) =>
      s.app.inject({
        method: 'POST',
        url: '/api/reports/downloadReport',
        headers: { authorization: await s.bearer(user) },
        payload: body,
      });
    const reportBody = async (
      user: SampleUser,
      databaseName: string,
      extra: Record<string, unknown> = {},
    ) => {
      const account = SAMPLE_ACCOUNTS.find((a) => a.databaseName === databaseName);
      return {
        accessToken: await downloadToken(user),
        path: 'Fleet/Inventory',
        databaseName,
        accountName: account?.accountName ?? 'x',
        report: 'Device inventory.csv',
        format: 'csv',
        language: 'en',
        ...extra,
      };
    };

    it('needs a bearer token on every account and report route', async () => {
      for (const url of ['/api/customers/customerAccounts', '/api/reports/reportNodes']) {
        const res = await s.app.inject({ url });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      }
      const res = await s.app.inject({ method: 'POST', url: '/api/reports/downloadReport', payload: {} });
      expect(res.statusCode).toBe(401);
    });

    it('lists each user exactly the accounts they belong to (by email claim)', async () => {
      for (const user of USERS) {
        const res = await get(user, '/api/customers/customerAccounts');
        expect(res.statusCode).toBe(200);
        const accounts = res.json<{ databaseName: string; accountName: string; customerName: string }[]>();
        expect(accounts.map((a) => a.databaseName)).toEqual(EXPECTED_ACCOUNTS[user]);
        for (const account of accounts) {
          const sample = SAMPLE_ACCOUNTS.find((a) => a.databaseName === account.databaseName);
          expect(account).toEqual({
            databaseName: sample?.databaseName,
            accountName: sample?.accountName,
            customerName: sample?.customerName,
          });
        }
      }
    });

    it('answers the catalog as the spec’s node records', async () => {
      const res = await get('bob', '/api/reports/reportNodes');
      expect(res.statusCode).toBe(200);
      const nodes = res.json<{ id: number; parentId: number; name: string; children: number[] }[]>();
      expect(nodes[0]).toEqual({
        id: 1,
        parentId: -1,
        name: 'Fleet',
        // Without a language, the catalog's own names.
        title: 'Fleet',
        children: [2, 3, 4, 5, 6],
        viewFiles: [],
        viewFileTitles: [],
        relativePath: 'Fleet',
        isOffice: false,
      });
      expect(nodes.find((n) => n.name === 'Office reports')).toMatchObject({
        parentId: 1,
        relativePath: 'Fleet/Office reports',
        isOffice: true,
        viewFiles: ['Fleet summary', 'Monthly usage statement'],
      });
      expect(nodes).toHaveLength(6);
    });

    it('lets each user download a report of their accounts and of no other (the authorization matrix)', async () => {
      for (const user of USERS) {
        for (const { databaseName } of SAMPLE_ACCOUNTS) {
          const res = await download(user, await reportBody(user, databaseName));
          const member = EXPECTED_ACCOUNTS[user].includes(databaseName);
          expect({ user, databaseName, status: res.statusCode }).toEqual({
            user,
            databaseName,
            status: member ? 200 : 403,
          });
          if (member) {
            expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
            expect(res.headers['content-disposition']).toBe(
              `attachment; filename="Device inventory.csv"; filename*=UTF-8''Device%20inventory.csv`,
            );
            expect(res.body).toContain(databaseName);
          } else {
            expect(res.json()).toEqual({ message: expect.any(String), code: 'FORBIDDEN' });
          }
        }
      }
    });

    it('returns html as text, inline, and offers office reports as DOCX only', async () => {
      const html = await download(
        'alice',
        await reportBody('alice', 'contoso_us', {
          report: 'Open service alerts.html',
          format: 'html',
          path: 'Fleet/Service',
        }),
      );
      expect(html.statusCode).toBe(200);
      expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(html.headers['content-disposition']).toMatch(/^inline; /);
      expect(html.body).toMatch(/^<!doctype html>/i);
      const docx = await download(
        'alice',
        await reportBody('alice', 'contoso_us', {
          path: 'Fleet/Office reports',
          report: 'Fleet summary.docx',
          format: 'docx',
        }),
      );
      expect(docx.statusCode).toBe(200);
      expect(docx.rawPayload.subarray(0, 2).toString()).toBe('PK');
      const csvOfOffice = await download(
        'alice',
        await reportBody('alice', 'contoso_us', {
          path: 'Fleet/Office reports',
          report: 'Fleet summary.csv',
        }),
      );
      expect(csvOfOffice.statusCode).toBe(400);
      expect(csvOfOffice.headers['content-type']).toBe('text/plain; charset=utf-8');
    });

    it('refuses a missing, foreign or forged download access token', async () => {
      const noToken = await download('alice', {
        ...(await reportBody('alice', 'contoso_us')),
        accessToken: 'x',
      });
      expect(noToken.statusCode).toBe(403);
      expect(noToken.json()).toMatchObject({ code: 'DOWNLOAD_TOKEN_INVALID' });
      const bobs = await downloadToken('bob');
      const foreign = await download('alice', {
        ...(await reportBody('alice', 'contoso_us')),
        accessToken: bobs,
      });
      expect(foreign.json()).toMatchObject({ code: 'DOWNLOAD_TOKEN_INVALID' });
      const [v, payload] = (await downloadToken('alice')).split('.');
      const forged = `${v}.${payload}.${'A'.repeat(43)}`;
      const res = await download('alice', {
        ...(await reportBody('alice', 'contoso_us')),
        accessToken: forged,
      });
      expect(res.json()).toMatchObject({ code: 'DOWNLOAD_TOKEN_INVALID' });
    });

    it('resolves path and report only inside the catalog: traversal and injection are 4xx, never 5xx', async () => {
      const attacks = [
        '../../../etc/passwd',
        '..%2f..%2fetc%2fpasswd',
        '%2e%2e/%2e%2e/secret.json',
        'Fleet/../Fleet/Inventory',
        'Fleet/Inventory\u0000',
        "Fleet/Inventory' OR '1'='1",
        'Fleet/Inventory"; DROP TABLE report_nodes; --',
        '<script>alert(1)</script>',
        '/etc/passwd',
        'C:\\Windows\\win.ini',
      ];
      const fields = ['path', 'report', 'databaseName', 'accountName', 'format', 'language', 'accessToken'];
      for (const field of fields) {
        for (const attack of attacks) {
          const body = await reportBody('carol', 'fabrikam', { [field]: attack });
          const res = await download('carol', body);
          expect({ field, attack, status: res.statusCode < 500 && res.statusCode >= 400 }).toEqual({
            field,
            attack,
            status: true,
          });
          expect(res.body).not.toContain('<script>');
        }
      }
      const nodes = await get('carol', '/api/reports/reportNodes');
      expect(nodes.json()).toHaveLength(6);
      const extra = await download('carol', { ...(await reportBody('carol', 'fabrikam')), extra: '../x' });
      expect(extra.statusCode).toBe(400);
    });

    it('matches memberships by subject and by group, and ignores an email the token marks unverified', async () => {
      await grantMembership(database.db, 'tailspin', 'group', 'tailspin-admins');
      await grantMembership(database.db, 'northwind', 'subject', 'sub-bob');
      const byGroup = await s.app.inject({
        url: '/api/customers/customerAccounts',
        headers: { authorization: await s.bearer('mallory', { groups: ['tailspin-admins'] }) },
      });
      expect(byGroup.json()).toEqual([
        { databaseName: 'tailspin', accountName: 'Tailspin Toys', customerName: '' },
      ]);
      const bob = (await get('bob', '/api/customers/customerAccounts')).json<{ databaseName: string }[]>();
      expect(bob.map((a) => a.databaseName)).toEqual(['fabrikam', 'northwind']);
      const unverified = await s.app.inject({
        url: '/api/customers/customerAccounts',
        headers: { authorization: await s.bearer('alice', { email_verified: false }) },
      });
      expect(unverified.json()).toEqual([]);
    });

    it('audits downloads and token grants with who, what and the outcome', async () => {
      await download('bob', await reportBody('bob', 'contoso_emea'));
      const rows = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(2);
      expect(rows[0]).toMatchObject({
        actor: 'user:sub-bob',
        action: 'report.download',
        target: 'contoso_emea/Fleet/Inventory/Device inventory.csv',
        outcome: 'FORBIDDEN',
      });
      expect(rows[1]).toMatchObject({ actor: 'user:sub-bob', action: 'download-token.grant', outcome: 'ok' });
    });
  });
}
