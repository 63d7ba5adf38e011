import type { FastifyInstance } from 'fastify';
import { captureLogs } from '@portico/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import type { EmbedInfoProvider, EmbedInfoRequest } from '../../src/embed/provider.ts';
import { EmbedProviderRefusedError, EmbedProviderUnavailableError } from '../../src/embed/provider.ts';
import { startFakeAuthority } from '../helpers/fake-authority.ts';
import type { FakeAuthority } from '../helpers/fake-authority.ts';
import { EXPECTED_ACCOUNTS, SAMPLE_USERS, seededApp } from '../helpers/seeded-app.ts';
import type { SampleUser, SeededApp } from '../helpers/seeded-app.ts';
import { openMigratedPglite, testApp, testConfig } from '../helpers/test-app.ts';
import { grantReport, revokeReport } from '../../src/db/report-grants.ts';
import { ALL_REPORTS } from '../../src/db/schema.ts';

const REPORT = { workspaceId: 'ws-1', reportId: 'report-1', reportName: 'Fleet overview' };
/** Copies saved through embed tokens of one customer each (save-as): theirs alone. */
const FABRIKAM_COPY = { workspaceId: 'ws-1', reportId: 'copy-fabrikam', reportName: 'Fabrikam’s supplies' };
const CONTOSO_COPY = { workspaceId: 'ws-1', reportId: 'copy-contoso', reportName: 'Contoso EMEA plan' };
const LISTED = [
  REPORT,
  { ...FABRIKAM_COPY, createdFor: ['fabrikam'] },
  { ...CONTOSO_COPY, createdFor: ['contoso_emea'] },
];

/** A provider that remembers what it was asked. */
function fakeProvider(): EmbedInfoProvider & {
  requests: EmbedInfoRequest[];
  languages: (string | undefined)[];
  down: boolean;
  refusing: boolean;
} {
  const requests: EmbedInfoRequest[] = [];
  const languages: (string | undefined)[] = [];
  const provider = {
    requests,
    languages,
    down: false,
    refusing: false,
    async listReports(language?: string) {
      languages.push(language);
      if (provider.down) throw new EmbedProviderUnavailableError('down');
      return LISTED;
    },
    async embedInfo(request: EmbedInfoRequest) {
      requests.push(request);
      if (provider.refusing)
        throw new EmbedProviderRefusedError(
          'analytics refused the embed-token request (400): Unknown databaseNames: newco.',
        );
      const report = LISTED.find((r) => r.reportId === request.reportId);
      if (report === undefined) return undefined;
      return {
        embedReport: [
          { reportId: report.reportId, embedUrl: 'http://a/reportEmbed', reportName: report.reportName },
        ],
        embedToken: { token: 't', tokenId: 'id', expiration: '2030-01-01T00:00:00Z' },
      };
    },
  };
  return provider;
}

let database: Database;
let authority: FakeAuthority;
let s: SeededApp;
const provider = fakeProvider();
const logs = captureLogs();

beforeAll(async () => {
  database = await openMigratedPglite();
  authority = await startFakeAuthority();
  s = await seededApp(database, authority, {
    env: { PORTAL_ENABLE_EMBEDDED_REPORTS: 'true', PORTAL_DEV_ORIGIN: 'http://localhost:5173' },
    embedInfoProvider: provider,
    logger: logs.logger,
  });
});
afterAll(async () => {
  await s?.close();
  await authority?.close();
  await database?.close();
});

describe('/api/embedpbi', () => {
  const users = Object.keys(SAMPLE_USERS) as SampleUser[];

  const list = async (user: SampleUser) => {
    const res = await s.app.inject({
      url: '/api/embedpbi/GetPbiReportsInfoForUserAsync',
      headers: { authorization: await s.bearer(user) },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { reportId: string }[]).map((r) => r.reportId);
  };
  const open = async (user: SampleUser, report: { workspaceId: string; reportId: string }) =>
    s.app.inject({
      method: 'POST',
      url: '/api/embedpbi/GetPbiEmbedInfoForUserAsync',
      headers: { authorization: await s.bearer(user) },
      payload: { workspaceId: report.workspaceId, reportId: report.reportId },
    });

  it('lists the granted reports and each account’s own copies to members, and nothing to anyone else', async () => {
    const seen = Object.fromEntries(await Promise.all(users.map(async (user) => [user, await list(user)])));
    expect(seen).toEqual({
      // The sample accounts are granted every report; a copy only shows to members of the account it was saved for.
      alice: [REPORT.reportId, CONTOSO_COPY.reportId],
      bob: [REPORT.reportId, FABRIKAM_COPY.reportId],
      carol: [REPORT.reportId, FABRIKAM_COPY.reportId, CONTOSO_COPY.reportId],
      mallory: [],
    });
    const body = await s.app.inject({
      url: '/api/embedpbi/GetPbiReportsInfoForUserAsync',
      headers: { authorization: await s.bearer('bob') },
    });
    expect(body.json()).toEqual([REPORT, FABRIKAM_COPY]);
  });

  it('asks for the report names in the caller’s UI language, and refuses a language the portal does not offer', async () => {
    provider.languages.length = 0;
    const german = await s.app.inject({
      url: '/api/embedpbi/GetPbiReportsInfoForUserAsync?language=de',
      headers: { authorization: await s.bearer('bob') },
    });
    expect(german.statusCode).toBe(200);
    expect(provider.languages).toEqual(['de']);
    const unknown = await s.app.inject({
      url: '/api/embedpbi/GetPbiReportsInfoForUserAsync?language=xx',
      headers: { authorization: await s.bearer('bob') },
    });
    expect(unknown.statusCode).toBe(400);
    expect(provider.languages).toEqual(['de']);
  });

  it('refuses embed info (403 REPORT_NOT_GRANTED) for another customer’s copy without asking analytics', async () => {
    provider.requests.length = 0;
    const refused = await open('alice', FABRIKAM_COPY);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'REPORT_NOT_GRANTED' });
    expect(provider.requests).toEqual([]);
    // A caller in that account opens it on that account's rows only.
    const carol = await open('carol', FABRIKAM_COPY);
    expect(carol.statusCode).toBe(200);
    expect(provider.requests.map((r) => r.databaseNames)).toEqual([['fabrikam']]);
  });

  it('follows the grants an administrator changes: none, one report, all again', async () => {
    const fabrikam = { databaseName: 'fabrikam' };
    try {
      expect(await revokeReport(database.db, fabrikam, ALL_REPORTS)).toBe(1);
      expect(await list('bob')).toEqual([FABRIKAM_COPY.reportId]);
      const refused = await open('bob', REPORT);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'REPORT_NOT_GRANTED', message: expect.any(String) });
      // Carol still opens the report, on the accounts that have it.
      provider.requests.length = 0;
      expect((await open('carol', REPORT)).statusCode).toBe(200);
      expect(provider.requests.map((r) => r.databaseNames)).toEqual([['contoso_emea', 'northwind']]);
      expect(await grantReport(database.db, fabrikam, REPORT.reportId)).toBe(true);
      expect(await list('bob')).toEqual([REPORT.reportId, FABRIKAM_COPY.reportId]);
      expect((await open('bob', REPORT)).statusCode).toBe(200);
      // A group grant opens the report on all of its members' accounts.
      expect(await revokeReport(database.db, fabrikam, REPORT.reportId)).toBe(1);
      expect(await grantReport(database.db, { group: 'fabrikam-users' }, ALL_REPORTS)).toBe(true);
      expect(await list('bob')).toEqual([REPORT.reportId, FABRIKAM_COPY.reportId]);
      expect(await revokeReport(database.db, { group: 'fabrikam-users' }, ALL_REPORTS)).toBe(1);
    } finally {
      await grantReport(database.db, fabrikam, ALL_REPORTS);
    }
  });

  it('asks for a token whose identities are exactly the caller’s accounts and origins the portal’s', async () => {
    for (const user of users) {
      provider.requests.length = 0;
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/embedpbi/GetPbiEmbedInfoForUserAsync',
        headers: { authorization: await s.bearer(user) },
        payload: { workspaceId: REPORT.workspaceId, reportId: REPORT.reportId },
      });
      if (EXPECTED_ACCOUNTS[user].length === 0) {
        expect(res.statusCode).toBe(403);
        expect(provider.requests).toEqual([]);
        continue;
      }
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        embedReport: [{ reportId: REPORT.reportId }],
        embedToken: { token: 't' },
      });
      expect(provider.requests).toEqual([
        {
          workspaceId: REPORT.workspaceId,
          reportId: REPORT.reportId,
          databaseNames: EXPECTED_ACCOUNTS[user],
          allowedOrigins: ['http://localhost:4400', 'http://localhost:5173'],
          viewer: SAMPLE_USERS[user].sub,
        },
      ]);
    }
  });

  it('answers 403 for an unknown report, plain-text 400 for a bad id, 503 when analytics is down', async () => {
    const post = async (payload: Record<string, unknown>) =>
      s.app.inject({
        method: 'POST',
        url: '/api/embedpbi/GetPbiEmbedInfoForUserAsync',
        headers: { authorization: await s.bearer('alice') },
        payload,
      });
    // An unknown report is refused like one that is not granted: the answer does not tell which.
    const unknown = await post({ workspaceId: 'ws-1', reportId: 'nope' });
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toMatchObject({ code: 'REPORT_NOT_GRANTED' });
    const bad = await post({ workspaceId: '../x', reportId: "1' OR 1=1" });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toBe('text/plain; charset=utf-8');
    provider.down = true;
    const down = await s.app.inject({
      url: '/api/embedpbi/GetPbiReportsInfoForUserAsync',
      headers: { authorization: await s.bearer('alice') },
    });
    provider.down = false;
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: 'ANALYTICS_UNAVAILABLE' });
  });

  it('answers 502 ANALYTICS_REFUSED, not "try again", when analytics refuses the token (an account its data lacks), and logs why', async () => {
    provider.refusing = true;
    let res;
    try {
      res = await open('alice', REPORT);
    } finally {
      provider.refusing = false;
    }
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'ANALYTICS_REFUSED' });
    expect(res.body).not.toContain('try again');
    expect(logs.text()).toContain('Unknown databaseNames: newco.');
  });

  it('forbids caching of every answer that carries a token or the caller’s data (Cache-Control: no-store)', async () => {
    const authorization = await s.bearer('carol');
    const answers = {
      'GET /api/reports/downloadAccessToken': await s.app.inject({
        url: '/api/reports/downloadAccessToken',
        headers: { authorization },
      }),
      'POST /api/embedpbi/GetPbiEmbedInfoForUserAsync': await s.app.inject({
        method: 'POST',
        url: '/api/embedpbi/GetPbiEmbedInfoForUserAsync',
        headers: { authorization },
        payload: { workspaceId: REPORT.workspaceId, reportId: REPORT.reportId },
      }),
      'GET /api/embedpbi/GetPbiReportsInfoForUserAsync': await s.app.inject({
        url: '/api/embedpbi/GetPbiReportsInfoForUserAsync',
        headers: { authorization },
      }),
      'GET /api/users/me': await s.app.inject({ url: '/api/users/me', headers: { authorization } }),
      'GET /api/customers/customerAccounts': await s.app.inject({
        url: '/api/customers/customerAccounts',
        headers: { authorization },
      }),
      'GET /api/reports/reportNodes': await s.app.inject({
        url: '/api/reports/reportNodes',
        headers: { authorization },
      }),
      'GET /api/users/me (no token)': await s.app.inject({ url: '/api/users/me' }),
    };
    const seen = Object.fromEntries(
      Object.entries(answers).map(([name, res]) => [
        name,
        `${res.statusCode} ${String(res.headers['cache-control'])}`,
      ]),
    );
    expect(seen).toEqual({
      'GET /api/reports/downloadAccessToken': '200 no-store',
      'POST /api/embedpbi/GetPbiEmbedInfoForUserAsync': '200 no-store',
      'GET /api/embedpbi/GetPbiReportsInfoForUserAsync': '200 no-store',
      'GET /api/users/me': '200 no-store',
      'GET /api/customers/customerAccounts': '200 no-store',
      'GET /api/reports/reportNodes': '200 no-store',
      'GET /api/users/me (no token)': '401 no-store',
    });
  });

  it('is not there (404) when enableEmbeddedPowerBi is off', async () => {
    const off: FastifyInstance = await testApp({
      config: testConfig({ OIDC_AUTHORITY: authority.url }),
      database,
    });
    const res = await off.inject({
      url: '/api/embedpbi/GetPbiReportsInfoForUserAsync',
      headers: { authorization: await s.bearer('alice') },
    });
    expect(res.statusCode).toBe(404);
    await off.close();
  });
});
