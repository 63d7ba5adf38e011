import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiToken,
  CLIENT_ID,
  CLIENT_SECRET,
  createTestApp,
  embedToken,
  PORTAL_ORIGIN,
  REPORTS,
  WORKSPACE_ID,
} from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { PRINT_FLEET_DATASET_ID } from '../../src/models/built-in.ts';

/** `METHOD /path` of every route in Fastify's printRoutes tree (HEAD left out). */
function registeredRoutes(tree: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (match === null) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    for (const method of (match[3] ?? '').split(', ').filter((m) => m !== '' && m !== 'HEAD'))
      routes.push(`${method} ${stack.join('')}`);
  }
  return routes;
}

let t: TestApp;
let bearer: string;
beforeAll(async () => {
  t = await createTestApp();
  bearer = `Bearer ${await apiToken(t.app)}`;
});
afterAll(async () => t.close());

const form = (fields: Record<string, string>) => ({
  method: 'POST' as const,
  url: '/oauth/token',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});
const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

describe('POST /oauth/token', () => {
  it('issues a short-lived bearer token for the client, authenticated by HTTP Basic', async () => {
    const request = form({ grant_type: 'client_credentials' });
    const res = await t.app.inject({
      ...request,
      headers: { ...request.headers, authorization: basic(CLIENT_ID, CLIENT_SECRET) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as { access_token: string; token_type: string; expires_in: number };
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900, scope: 'analytics.api' });
    expect(decodeJwt(body.access_token)).toMatchObject({
      aud: 'portico-analytics-api',
      sub: CLIENT_ID,
      iss: 'http://localhost:4402',
    });
  });

  it('accepts the credentials in the form body or as JSON', async () => {
    expect(
      (
        await t.app.inject(
          form({ grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: CLIENT_SECRET }),
        )
      ).statusCode,
    ).toBe(200);
    const json = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: CLIENT_SECRET },
    });
    expect(json.statusCode).toBe(200);
  });

  it('refuses a bad secret, a wrong client or no credentials with 401 invalid_client', async () => {
    for (const fields of [
      { client_id: CLIENT_ID, client_secret: 'wrong' },
      { client_id: 'someone-else', client_secret: CLIENT_SECRET },
      { client_id: CLIENT_ID, client_secret: `${CLIENT_SECRET}x` },
      {},
    ]) {
      const res = await t.app.inject(form({ grant_type: 'client_credentials', ...fields }));
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Basic realm="analytics-api"');
      expect(res.json()).toMatchObject({ error: 'invalid_client', code: 'INVALID_CLIENT' });
    }
  });

  it('refuses two ways of authenticating at once, and grants other than client_credentials', async () => {
    const both = form({
      grant_type: 'client_credentials',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    });
    const res = await t.app.inject({
      ...both,
      headers: { ...both.headers, authorization: basic(CLIENT_ID, CLIENT_SECRET) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_request' });
    const password = await t.app.inject(
      form({ grant_type: 'password', client_id: CLIENT_ID, client_secret: CLIENT_SECRET }),
    );
    expect(password.statusCode).toBe(400);
    expect(password.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });
});

describe('the /v1 API', () => {
  it('needs an API access token: none, garbage, an embed token or an expired one is 401', async () => {
    expect((await t.app.inject({ url: '/v1/workspaces' })).json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const garbage = await t.app.inject({
      url: '/v1/workspaces',
      headers: { authorization: 'Bearer abc.def.ghi' },
    });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    const embed = await t.app.inject({
      url: '/v1/workspaces',
      headers: { authorization: `Bearer ${await embedToken(t.app)}` },
    });
    expect(embed.statusCode).toBe(401);
    const old = `Bearer ${await apiToken(t.app)}`;
    t.clock.now += 16 * 60_000;
    try {
      const expired = await t.app.inject({ url: '/v1/workspaces', headers: { authorization: old } });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ code: 'TokenExpired' });
    } finally {
      t.clock.now -= 16 * 60_000;
    }
  });

  it('lists the workspace and its four reports, each with its embedUrl', async () => {
    const workspaces = await t.app.inject({ url: '/v1/workspaces', headers: { authorization: bearer } });
    expect(workspaces.json()).toEqual({
      value: [{ id: WORKSPACE_ID, name: 'Fleet analytics', description: expect.any(String) }],
    });
    const reports = (
      await t.app.inject({
        url: `/v1/workspaces/${WORKSPACE_ID}/reports`,
        headers: { authorization: bearer },
      })
    ).json() as {
      value: { id: string; name: string; datasetId: string; embedUrl: string }[];
    };
    expect(reports.value.map((r) => r.name)).toEqual([
      'Fleet overview',
      'Page volume',
      'Service alerts',
      'Supplies',
    ]);
    for (const report of reports.value) {
      expect(report.embedUrl).toBe(
        `http://localhost:4402/reportEmbed?reportId=${report.id}&groupId=${WORKSPACE_ID}`,
      );
      expect(report.datasetId).toBe('48c27e37-dbbd-4a5c-a6fc-79023eff1af4');
    }
  });

  it('gets one report, and answers 404 for an unknown report or workspace', async () => {
    const one = await t.app.inject({
      url: `/v1/workspaces/${WORKSPACE_ID}/reports/${REPORTS.supplies}`,
      headers: { authorization: bearer },
    });
    expect(one.json()).toMatchObject({
      id: REPORTS.supplies,
      name: 'Supplies',
      version: 1,
      workspaceId: WORKSPACE_ID,
    });
    expect(
      (
        await t.app.inject({
          url: `/v1/workspaces/${WORKSPACE_ID}/reports/nope`,
          headers: { authorization: bearer },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/v1/workspaces/nope/reports`, headers: { authorization: bearer } })).json(),
    ).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('POST /v1/embed-tokens', () => {
  const mint = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/embed-tokens',
      headers: { authorization: bearer },
      payload: {
        reports: [{ id: REPORTS.fleetOverview }],
        permissions: 'View',
        identities: [{ databaseNames: ['fabrikam'] }],
        allowedOrigins: [PORTAL_ORIGIN],
        ...payload,
      },
    });

  it('answers { token, tokenId, expiration } naming the reports, permissions, identities and origins', async () => {
    const res = await mint({
      reports: [{ id: REPORTS.fleetOverview }, { id: REPORTS.supplies }],
      permissions: 'Edit',
      identities: [{ databaseNames: ['fabrikam'] }, { databaseNames: ['tailspin', 'fabrikam'] }],
    });
    expect(res.statusCode).toBe(200);
    // A token: no cache may keep it.
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as { token: string; tokenId: string; expiration: string };
    expect(body.expiration).toBe(new Date(t.clock.now + 60 * 60_000).toISOString());
    expect(decodeJwt(body.token)).toMatchObject({
      jti: body.tokenId,
      aud: 'portico-analytics-embed',
      permissions: 3,
      databaseNames: ['fabrikam', 'tailspin'],
      origins: [PORTAL_ORIGIN],
      reports: [
        { id: REPORTS.fleetOverview, datasetId: expect.any(String), workspaceId: WORKSPACE_ID },
        { id: REPORTS.supplies, datasetId: expect.any(String), workspaceId: WORKSPACE_ID },
      ],
    });
    const shorter = (await mint({ lifetimeMinutes: 5, permissions: 7 })).json() as {
      expiration: string;
      token: string;
    };
    expect(shorter.expiration).toBe(new Date(t.clock.now + 5 * 60_000).toISOString());
    expect(decodeJwt(shorter.token).permissions).toBe(7);
  });

  it('grants a dataset and a target workspace without any report, for Q&A and report creation', async () => {
    const res = await mint({
      reports: [],
      datasets: [{ id: PRINT_FLEET_DATASET_ID }, { id: PRINT_FLEET_DATASET_ID }],
      targetWorkspaces: [{ id: WORKSPACE_ID }],
      permissions: 'Create',
    });
    expect(res.statusCode).toBe(200);
    const claims = decodeJwt((res.json() as { token: string }).token);
    expect(claims).toMatchObject({
      reports: [],
      datasets: [{ id: PRINT_FLEET_DATASET_ID, workspaceId: WORKSPACE_ID }],
      targetWorkspaces: [WORKSPACE_ID],
      permissions: 4,
    });
    expect(claims).not.toHaveProperty('dashboards');
  });

  it('validates every input', async () => {
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ reports: [{ id: 'no-such-report' }] }, 404, /No report 'no-such-report'/],
      [{ allowedOrigins: ['http://localhost:4400/'] }, 400, /not an exact origin/],
      [{ allowedOrigins: ['*'] }, 400, /origin/],
      [{ allowedOrigins: ['https://evil.example'] }, 400, /may not frame this service/],
      [
        { identities: [{ databaseNames: ['fabrikam', 'acme_corp'] }] },
        400,
        /Unknown databaseNames: acme_corp/,
      ],
      [{ identities: [] }, 400, /identities/],
      [{ identities: [{ databaseNames: [] }] }, 400, /databaseNames/],
      [{ lifetimeMinutes: 61 }, 400, /at most 60/],
      [{ permissions: 8 }, 400, /permissions/],
      [{ permissions: 'Admin' }, 400, /permissions/],
      [{ reports: [] }, 400, /Name at least one report, dataset, dashboard/],
      [{ datasets: [{ id: 'no-such-dataset' }] }, 404, /No dataset 'no-such-dataset'/],
      [{ dashboards: [{ id: 'no-such-dashboard' }] }, 404, /No dashboard 'no-such-dashboard'/],
      [{ targetWorkspaces: [{ id: 'nowhere' }] }, 404, /No workspace 'nowhere'/],
    ];
    for (const [payload, status, message] of cases) {
      const res = await mint(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect((res.json() as { message: string }).message).toMatch(message);
    }
  });
});

describe('GET /v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document listing every /v1 route and the token endpoint, with their schemas', async () => {
    const doc = (await t.app.inject({ url: '/v1/openapi.json' })).json() as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { responses: Record<string, unknown>; security: unknown[]; requestBody?: unknown }>
      >;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [
        'GET /v1/workspaces',
        'GET /v1/workspaces/{workspaceId}/reports',
        'GET /v1/workspaces/{workspaceId}/reports/{reportId}',
        'GET /v1/workspaces/{workspaceId}/datasets',
        'GET /v1/workspaces/{workspaceId}/dashboards',
        'GET /v1/workspaces/{workspaceId}/dashboards/{dashboardId}',
        'GET /v1/workspaces/{workspaceId}/dashboards/{dashboardId}/tiles',
        'GET /v1/workspaces/{workspaceId}/paginated-reports',
        'GET /v1/workspaces/{workspaceId}/paginated-reports/{reportId}',
        'POST /v1/embed-tokens',
        'GET /v1/openapi.json',
        'POST /oauth/token',
      ].sort(),
    );
    // Independently of the generator: every /v1 route Fastify has registered, read from its route tree.
    const registered = registeredRoutes(t.app.printRoutes({ commonPrefix: false }))
      .filter(
        (r) =>
          r.startsWith('GET /v1') ||
          r.startsWith('POST /v1') ||
          r.startsWith('PUT /v1') ||
          r.startsWith('DELETE /v1'),
      )
      .map((r) => r.replace(/:(\w+)/g, '{$1}'));
    expect(operations.filter((o) => o.includes(' /v1')).sort()).toEqual(registered.sort());
    const mintOp = doc.paths['/v1/embed-tokens']?.['post'];
    expect(mintOp?.requestBody).toMatchObject({
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: expect.arrayContaining(['permissions', 'identities', 'allowedOrigins']),
            properties: expect.objectContaining({ reports: expect.anything(), datasets: expect.anything() }),
          },
        },
      },
    });
    expect(Object.keys(mintOp?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '404']),
    );
    expect(mintOp?.security).toEqual([{ clientCredentials: [] }]);
    expect(doc.components.securitySchemes).toHaveProperty('clientCredentials');
  });
});
