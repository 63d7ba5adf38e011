import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import type { EmbedInfoProvider, EmbedInfoRequest } from '../../src/embed/provider.ts';
import { EmbedProviderUnavailableError } from '../../src/embed/provider.ts';
import { startFakeAuthority } from '../helpers/fake-authority.ts';
import type { FakeAuthority } from '../helpers/fake-authority.ts';
import { EXPECTED_ACCOUNTS, SAMPLE_USERS, seededApp } from '../helpers/seeded-app.ts';
import type { SampleUser, SeededApp } from '../helpers/seeded-app.ts';
import { openMigratedPglite, testApp, testConfig } from '../helpers/test-app.ts';

const REPORT = { workspaceId: 'ws-1', reportId: 'report-1', reportName: 'Fleet overview' };

/** A provider that remembers what it was asked. */
function fakeProvider(): EmbedInfoProvider & { requests: EmbedInfoRequest[]; down: boolean } {
  const requests: EmbedInfoRequest[] = [];
  const provider = {
    requests,
    down: false,
    async listReports() {
      if (provider.down) throw new EmbedProviderUnavailableError('down');
      return [REPORT];
    },
    async embedInfo(request: EmbedInfoRequest) {
      requests.push(request);
      if (request.reportId !== REPORT.reportId) return undefined;
      return {
        embedReport: [
          { reportId: REPORT.reportId, embedUrl: 'http://a/reportEmbed', reportName: REPORT.reportName },
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

beforeAll(async () => {
  database = await openMigratedPglite();
  authority = await startFakeAuthority();
  s = await seededApp(database, authority, {
    env: { PORTAL_ENABLE_EMBEDDED_REPORTS: 'true', PORTAL_DEV_ORIGIN: 'http://localhost:5173' },
    embedInfoProvider: provider,
  });
});
afterAll(async () => {
  await s?.close();
  await authority?.close();
  await database?.close();
});

describe('/api/embedpbi', () => {
  const users = Object.keys(SAMPLE_USERS) as SampleUser[];

  it('lists the reports to members of an account and nothing to anyone else', async () => {
    for (const user of users) {
      const res = await s.app.inject({
        url: '/api/embedpbi/GetPbiReportsInfoForUserAsync',
        headers: { authorization: await s.bearer(user) },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(EXPECTED_ACCOUNTS[user].length > 0 ? [REPORT] : []);
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

  it('answers 404 for an unknown report, plain-text 400 for a bad id, 503 when analytics is down', async () => {
    const post = async (payload: Record<string, unknown>) =>
      s.app.inject({
        method: 'POST',
        url: '/api/embedpbi/GetPbiEmbedInfoForUserAsync',
        headers: { authorization: await s.bearer('alice') },
        payload,
      });
    expect((await post({ workspaceId: 'ws-1', reportId: 'nope' })).statusCode).toBe(404);
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
