/**
 * Row-level security from the outside: an embed token for fabrikam tries to reach the rows of the other accounts
 * through every data route (queries, exports, create queries, Q&A, dashboard tiles, paginated reports, persistent
 * filters) with filters that would widen a naive WHERE clause, tampered databaseNames, and other viewers' content.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_ORIGIN } from '../../test/helpers/test-app.ts';
import { WIDENING } from '../../test/helpers/widening-filters.ts';
import { encodeBookmarkState } from '@portico/analytics-model';
import { first, startAudit } from './audit-harness.ts';
import type { Audit } from './audit-harness.ts';

let audit: Audit;
let fabrikam: string;
let everyone: string;
let reportId: string;
let datasetId: string;
const ALL = ['contoso_emea', 'contoso_us', 'fabrikam', 'northwind', 'tailspin'];

beforeAll(async () => {
  audit = await startAudit();
  fabrikam = await audit.embedToken();
  everyone = await audit.embedToken({ identities: [{ databaseNames: ALL }] });
  reportId = first(audit.catalogue.reports, 'report').id;
  datasetId = first(audit.catalogue.datasets, 'dataset');
});
afterAll(async () => audit.close());

const DATABASE_NAME = { table: 'Accounts', column: 'Database name' };
const BASIC = 'http://powerbi.com/product/schema#basic';

const byAccount = {
  select: [{ column: DATABASE_NAME }, { measure: { table: 'Meter readings', measure: 'Total pages' } }],
};

function post(url: string, token: string, payload: object): InjectOptions {
  return {
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as Record<string, unknown>,
  };
}

/** Pages by account, for `token`, under `filters`: [[databaseName, pages], …]. */
async function pagesByAccount(token: string, filters: unknown[] = []): Promise<[string, number][]> {
  const res = await audit.app.inject(
    post('/frame-api/query', token, { reportId, query: { ...byAccount, filters } }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { rows: [string, number][] }).rows;
}

describe('row-level security against a fabrikam embed token', () => {
  it('sees fabrikam alone, whatever filter widens the query, where an all-accounts token sees every account', async () => {
    const all = await pagesByAccount(everyone);
    expect(all.map(([name]) => name)).toEqual(ALL);
    const fabrikamRow = all.find(([name]) => name === 'fabrikam');
    const own = await pagesByAccount(fabrikam);
    expect(own).toEqual([fabrikamRow]);
    for (const [what, filter] of Object.entries(WIDENING)) {
      const rows = await pagesByAccount(fabrikam, [filter]);
      expect({ what, accounts: rows.map(([name]) => name) }).toEqual({
        what,
        accounts: rows.length === 0 ? [] : ['fabrikam'],
      });
      if (rows.length > 0) expect(rows).toEqual([fabrikamRow]);
    }
  });

  it('sees fabrikam alone in every query of a batch, each under another widening filter', async () => {
    const fabrikamRow = (await pagesByAccount(everyone)).find(([name]) => name === 'fabrikam');
    const widening = Object.entries(WIDENING);
    const res = await audit.app.inject(
      post('/frame-api/queries', fabrikam, {
        reportId,
        queries: [byAccount, ...widening.map(([, filter]) => ({ ...byAccount, filters: [filter] }))],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { index: number; answer?: { rows: [string, number][] } });
    expect(lines).toHaveLength(widening.length + 1);
    for (const { index, answer } of lines) {
      const what = index === 0 ? 'no filter' : (widening[index - 1]?.[0] ?? '');
      const rows = answer?.rows;
      expect({ what, rows }).toEqual({
        what,
        rows: index > 0 && rows?.length === 0 ? [] : [fabrikamRow],
      });
    }
  });

  it('refuses filters on the physical database_name column and on tables outside the model', async () => {
    const targets = [
      { table: 'Accounts', column: 'database_name' },
      { table: 'accounts', column: 'Database name' },
      { table: 'Meter readings', column: 'Database name' },
      { table: 'fleet_load', column: 'x' },
    ];
    for (const target of targets) {
      const res = await audit.app.inject(
        post('/frame-api/query', fabrikam, {
          reportId,
          query: {
            select: [{ column: target }],
            filters: [{ $schema: BASIC, target, operator: 'In', values: ALL, filterType: 1 }],
          },
        }),
      );
      // A hidden column may be read (it holds the caller's own account only); a name the model lacks is refused.
      if (res.statusCode === 200) expect((res.json() as { rows: string[][] }).rows).toEqual([['fabrikam']]);
      else expect(res.json()).toMatchObject({ code: 'INVALID_QUERY' });
    }
  });

  it('exports fabrikam rows alone, summarized and underlying, under the widening filters', async () => {
    for (const exportDataType of [0, 1]) {
      for (const [what, filter] of Object.entries(WIDENING)) {
        const res = await audit.app.inject(
          post('/frame-api/export', fabrikam, {
            reportId,
            exportDataType,
            query: { ...byAccount, filters: [filter] },
          }),
        );
        expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
        const lines = res.body.split('\r\n').filter((line) => line !== '');
        const accounts = new Set(lines.slice(1).map((line) => line.split(',')[0]));
        expect({ what, exportDataType, accounts: [...accounts] }).toEqual({
          what,
          exportDataType,
          accounts: accounts.size === 0 ? [] : ['fabrikam'],
        });
      }
    }
  });

  it('answers create queries and Q&A with fabrikam rows alone', async () => {
    for (const filter of Object.values(WIDENING)) {
      const res = await audit.app.inject(
        post('/frame-api/create/query', fabrikam, { datasetId, query: { ...byAccount, filters: [filter] } }),
      );
      expect(res.statusCode, res.body).toBe(200);
      for (const [name] of (res.json() as { rows: [string][] }).rows) expect(name).toBe('fabrikam');
    }
    for (const question of ['total pages by database name', 'pages by account', 'alerts by customer']) {
      const res = await audit.app.inject(
        post('/frame-api/qna/interpret', fabrikam, { datasetIds: [datasetId], question }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json() as { status: string; answer?: { rows: unknown[][] } };
      const all = await audit.app.inject(
        post('/frame-api/qna/interpret', everyone, { datasetIds: [datasetId], question }),
      );
      const everyRow = (all.json() as { answer?: { rows: unknown[][] } }).answer?.rows ?? [];
      // The fabrikam answer is a subset of everyone's answer, and smaller when everyone's has several groups.
      for (const row of answer.answer?.rows ?? [])
        expect(everyRow).toContainEqual(expect.arrayContaining([row[0]]));
      if (everyRow.length > 1) expect((answer.answer?.rows ?? []).length).toBeLessThan(everyRow.length);
    }
  });

  it("serves dashboard tiles with fabrikam's figures, never everyone's", async () => {
    const dashboardId = first(audit.catalogue.dashboards, 'dashboard');
    let differing = 0;
    for (const tileId of audit.catalogue.tiles) {
      const url = `/frame-api/dashboards/${dashboardId}/tiles/${tileId}/data`;
      const [own, all] = await Promise.all(
        [fabrikam, everyone].map((token) =>
          audit.app.inject({ url, headers: { authorization: `Bearer ${token}` } }),
        ),
      );
      if (own?.statusCode !== 200 || all?.statusCode !== 200) continue;
      if (own.body !== all.body) differing += 1;
    }
    expect(differing).toBeGreaterThan(0);
  });

  it("refuses another account's invoice in a paginated report", async () => {
    const invoice = first(audit.catalogue.paginatedReports, 'paginated report');
    const res = await audit.app.inject(
      post(`/frame-api/paginated-reports/${invoice}/pages/1`, fabrikam, {
        parameterValues: [{ name: 'Account', value: 'contoso_us' }],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_PARAMETER' });
    expect(res.body).not.toMatch(/Contoso|INV-/);
  });
});

describe('tampered identities and other viewers', () => {
  it('issues no embed token for databaseNames the data does not hold, however they are spelt', async () => {
    const api = await audit.apiToken();
    for (const databaseNames of [
      ['FABRIKAM'],
      [' fabrikam'],
      ['fabrikam; contoso_us'],
      ["fabrikam' OR '1'='1"],
      ['*'],
      ['%'],
      ['fabrikam', 'unknown'],
      ['fabrikam\u0000'],
    ]) {
      const res = await audit.app.inject({
        method: 'POST',
        url: '/v1/embed-tokens',
        headers: { authorization: `Bearer ${api}` },
        payload: {
          reports: [{ id: reportId }],
          permissions: 'View',
          identities: [{ databaseNames }],
          allowedOrigins: [PORTAL_ORIGIN],
        },
      });
      expect({ databaseNames, status: res.statusCode }).toEqual({ databaseNames, status: 400 });
    }
  });

  it('issues no embed token for an origin that is not exactly a configured one, nor for longer than the maximum', async () => {
    const api = await audit.apiToken();
    const ask = (extra: Record<string, unknown>) =>
      audit.app.inject({
        method: 'POST',
        url: '/v1/embed-tokens',
        headers: { authorization: `Bearer ${api}` },
        payload: {
          reports: [{ id: reportId }],
          permissions: 'View',
          identities: [{ databaseNames: ['fabrikam'] }],
          allowedOrigins: [PORTAL_ORIGIN],
          ...extra,
        },
      });
    for (const origin of [
      `${PORTAL_ORIGIN}/`,
      `${PORTAL_ORIGIN}/path`,
      'http://LOCALHOST:4400',
      'http://localhost:4400.evil.example',
      'http://evil@localhost:4400',
      'https://localhost:4400',
      'http://localhost',
      '*',
      'null',
      'javascript:alert(1)',
      'http://evil.example',
    ]) {
      const res = await ask({ allowedOrigins: [origin] });
      expect({ origin, status: res.statusCode }).toEqual({ origin, status: 400 });
    }
    for (const lifetimeMinutes of [61, 1e9, 0, -1, 1.5]) {
      const res = await ask({ lifetimeMinutes });
      expect({ lifetimeMinutes, status: res.statusCode }).toEqual({ lifetimeMinutes, status: 400 });
    }
    expect((await ask({ lifetimeMinutes: 60 })).statusCode).toBe(200);
  });

  it("keeps each viewer's persistent filters apart: another account, or a wider identity, reads none", async () => {
    const contoso = await audit.embedToken({ identities: [{ databaseNames: ['contoso_us'] }] });
    const wider = await audit.embedToken({ identities: [{ databaseNames: ['fabrikam', 'contoso_us'] }] });
    const url = `/frame-api/reports/${reportId}/user-state`;
    const state = encodeBookmarkState({
      version: 1,
      reportFilters: [
        { $schema: BASIC, target: DATABASE_NAME, operator: 'In', values: ['fabrikam'], filterType: 1 },
      ],
    } as never);
    const put = await audit.app.inject({
      method: 'PUT',
      url,
      headers: { authorization: `Bearer ${fabrikam}` },
      payload: { state },
    });
    expect(put.statusCode, put.body).toBe(200);
    const read = async (token: string) =>
      (await audit.app.inject({ url, headers: { authorization: `Bearer ${token}` } })).json() as {
        state: string | null;
      };
    expect((await read(fabrikam)).state).toBe(state);
    expect((await read(contoso)).state).toBeNull();
    expect((await read(wider)).state).toBeNull();
    const reset = await audit.app.inject({
      method: 'DELETE',
      url,
      headers: { authorization: `Bearer ${contoso}` },
    });
    expect(reset.statusCode).toBe(200);
    expect((await read(fabrikam)).state).toBe(state);
  });

  it('keeps persistent filters per viewer when the host names one, also through the token save-as hands back', async () => {
    const bob = await audit.embedToken({
      identities: [{ databaseNames: ['fabrikam'], username: 'bob@fabrikam.example' }],
    });
    const dave = await audit.embedToken({
      identities: [{ databaseNames: ['fabrikam'], username: 'dave@fabrikam.example' }],
    });
    const url = `/frame-api/reports/${reportId}/user-state`;
    const state = encodeBookmarkState({ version: 1, activePage: 'bob-only' });
    const put = await audit.app.inject({
      method: 'PUT',
      url,
      headers: { authorization: `Bearer ${bob}` },
      payload: { state },
    });
    expect(put.statusCode, put.body).toBe(200);
    const read = async (token: string, at = url) =>
      (
        (await audit.app.inject({ url: at, headers: { authorization: `Bearer ${token}` } })).json() as {
          state: string | null;
        }
      ).state;
    expect(await read(bob)).toBe(state);
    expect(await read(dave)).toBeNull();
    // A token that names no viewer is not bob either.
    expect(await read(fabrikam)).not.toBe(state);
    // save-as hands back a token for the same viewer.
    const saved = await audit.app.inject(
      post(`/frame-api/reports/${reportId}/save-as`, bob, { name: 'Bob copy' }),
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const successor = (saved.json() as { accessToken: { token: string } }).accessToken.token;
    expect(await read(successor)).toBe(state);

    const two = await audit.app.inject({
      method: 'POST',
      url: '/v1/embed-tokens',
      headers: { authorization: `Bearer ${await audit.apiToken()}` },
      payload: {
        reports: [{ id: reportId }],
        permissions: 'View',
        identities: [
          { databaseNames: ['fabrikam'], username: 'bob@fabrikam.example' },
          { databaseNames: ['contoso_us'], username: 'eve@contoso.example' },
        ],
        allowedOrigins: [PORTAL_ORIGIN],
      },
    });
    expect(two.statusCode).toBe(400);
    expect(two.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it("keeps a report saved by one token out of another token's reach until the portal grants it", async () => {
    const saved = await audit.app.inject(
      post(`/frame-api/reports/${reportId}/save-as`, fabrikam, { name: 'Fabrikam copy' }),
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const copy = (saved.json() as { report: { id: string } }).report.id;
    const contoso = await audit.embedToken({
      reports: [{ id: reportId }],
      identities: [{ databaseNames: ['contoso_us'] }],
    });
    for (const request of [
      { url: `/frame-api/reports/${copy}` },
      { url: `/frame-api/reports/${copy}/versions` },
      { url: `/frame-api/reports/${copy}/user-state` },
      post('/frame-api/query', contoso, { reportId: copy, query: byAccount }),
      post('/frame-api/export', contoso, { reportId: copy, query: byAccount }),
    ]) {
      const res = await audit.app.inject({
        method: 'GET',
        ...request,
        headers: { authorization: `Bearer ${contoso}` },
      });
      expect({ url: request.url, status: res.statusCode }).toEqual({ url: request.url, status: 403 });
    }
  });

  it("keeps a quick-create dataset's rows with the account that made them", async () => {
    const workspaceId = first(audit.catalogue.workspaces, 'workspace');
    const made = await audit.app.inject(
      post('/frame-api/create/quick-create', fabrikam, {
        workspaceId,
        datasetCreateConfig: {
          locale: 'en-US',
          tableSchemaList: [{ name: 'Secrets', columns: [{ name: 'Value', dataType: 'Text' }] }],
          data: [{ name: 'Secrets', rows: [['fabrikam-only-value']] }],
        },
      }),
    );
    expect(made.statusCode, made.body).toBe(201);
    const draft = (made.json() as { dataset: { id: string } }).dataset.id;
    const query = { select: [{ column: { table: 'Secrets', column: 'Value' } }] };
    const contoso = await audit.embedToken({ identities: [{ databaseNames: ['contoso_us'] }] });
    const refused = await audit.app.inject(
      post('/frame-api/create/query', contoso, { datasetId: draft, query }),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('fabrikam-only-value');
    const own = await audit.app.inject(
      post('/frame-api/create/query', fabrikam, { datasetId: draft, query }),
    );
    expect((own.json() as { rows: unknown }).rows).toEqual([['fabrikam-only-value']]);
  });
});
