/**
 * The service over ClickHouse, through real HTTP requests: the frame's queries, exports and Q&A answer as they do
 * over DuckDB, and an unreachable ClickHouse (a proxy in front of the cluster, closed and reopened) gives a
 * retryable 503 ENGINE_UNAVAILABLE, keeps /healthz up, names the source in /readyz, and recovers by itself. Paginated
 * reports page and export alike on both.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { ephemeralSigningKey } from '../../src/auth/signing-key.ts';
import { ContentStore } from '../../src/content/store.ts';
import { openClickHouseEngine } from '../../src/data/clickhouse-engine.ts';
import type { Engine } from '../../src/data/engine.ts';
import { INVOICE_REPORT_ID } from '../../src/kinds/paginated/samples/invoice.ts';
import { TEST_NOW } from '../helpers/fleet.ts';
import { embedToken, REPORTS, testConfig, WORKSPACE_ID } from '../helpers/test-app.ts';
import { PRINT_FLEET_DATASET } from '../../src/models/built-in.ts';
import { QUICK_CREATE_CONFIG } from './cases.ts';
import { comparable } from './compare.ts';
import { ALL_ACCOUNTS, RUN_CLICKHOUSE, useEngines } from './engines.ts';
import type { Engines } from './engines.ts';

/** A TCP proxy to `target` that can be closed and reopened on the same port. */
class Proxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    const address = server.address();
    if (address !== null && typeof address === 'object') this.port = address.port;
    this.server = server;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) =>
      this.server === undefined ? resolve() : this.server.close(() => resolve()),
    );
    this.server = undefined;
  }
}

let engines: Engines;
let proxy: Proxy;
let proxied: Engine;
const apps: { duckdb?: FastifyInstance; clickhouse?: FastifyInstance } = {};
const dirs: string[] = [];

async function appOn(engine: Engine): Promise<FastifyInstance> {
  const dir = await mkdtemp(join(tmpdir(), 'analytics-conformance-'));
  dirs.push(dir);
  return buildApp({
    config: testConfig(dir),
    data: { engine, accounts: new Set(ALL_ACCOUNTS) },
    content: await ContentStore.open(join(dir, 'content')),
    signingKey: await ephemeralSigningKey(),
    logger: false,
    now: () => TEST_NOW.getTime(),
  });
}

useEngines(async (opened) => {
  engines = opened;
  proxy = new Proxy({ host: '127.0.0.1', port: Number(new URL(engines.nodeUrls[0] ?? '').port) });
  await proxy.open();
  proxied = openClickHouseEngine({
    url: `http://127.0.0.1:${proxy.port}`,
    database: engines.database,
    requestTimeoutMs: 3000,
  });
  apps.duckdb = await appOn(engines.duckdb);
  apps.clickhouse = await appOn(proxied);
});

afterAll(async () => {
  await apps.duckdb?.close();
  await apps.clickhouse?.close();
  await proxied?.close();
  await proxy?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const post = (app: FastifyInstance, url: string, token: string, payload: object) =>
  app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as Record<string, unknown>,
  });

const QUERY = {
  select: [
    { column: { table: 'Devices', column: 'Site' } },
    { measure: { table: 'Meter readings', measure: 'Total pages' } },
    { measure: { table: 'Service alerts', measure: 'Open alerts' } },
  ],
};

describe.runIf(RUN_CLICKHOUSE)('the service over a ClickHouse cluster', { timeout: 60_000 }, () => {
  it('answers the frame query, both exports and Q&A as it does over DuckDB', async () => {
    const byEngine = new Map<string, unknown[]>();
    for (const [name, app] of Object.entries(apps)) {
      if (app === undefined) throw new Error(`no ${name} app`);
      const token = await embedToken(app, { identities: [{ databaseNames: ['fabrikam', 'northwind'] }] });
      const query = await post(app, '/frame-api/query', token, {
        reportId: REPORTS.fleetOverview,
        query: QUERY,
      });
      expect(query.statusCode, query.body).toBe(200);
      const summarized = await post(app, '/frame-api/export', token, {
        reportId: REPORTS.fleetOverview,
        query: QUERY,
      });
      expect(summarized.statusCode, summarized.body).toBe(200);
      const underlying = await post(app, '/frame-api/export', token, {
        reportId: REPORTS.fleetOverview,
        query: { select: QUERY.select.slice(0, 2) },
        exportDataType: 1,
        rows: 200,
      });
      expect(underlying.statusCode, underlying.body).toBe(200);
      const qnaToken = await embedToken(app, {
        reports: [],
        datasets: [{ id: PRINT_FLEET_DATASET.id }],
        identities: [{ databaseNames: ['fabrikam', 'northwind'] }],
      });
      const qna = await post(app, '/frame-api/qna/interpret', qnaToken, {
        question: 'total pages by site',
        datasetIds: [PRINT_FLEET_DATASET.id],
      });
      expect(qna.statusCode, qna.body).toBe(200);
      expect(qna.json()).toMatchObject({ status: 'answered' });
      const rows = (query.json() as { rows: (string | number | null)[][] }).rows;
      byEngine.set(name, [
        comparable(rows, true),
        summarized.body,
        underlying.body.split('\r\n').sort(),
        comparable((qna.json() as { answer: { rows: (string | number | null)[][] } }).answer.rows, true),
      ]);
    }
    expect(byEngine.get('clickhouse')).toEqual(byEngine.get('duckdb'));
    const [rows] = byEngine.get('clickhouse') ?? [];
    expect((rows as string[]).length).toBeGreaterThan(0);
  });

  it('answers 503 ENGINE_UNAVAILABLE while ClickHouse cannot be reached, stays healthy, and recovers by itself', async () => {
    const app = apps.clickhouse;
    if (app === undefined) throw new Error('no app');
    const token = await embedToken(app);
    // Each call a statement of its own (another top N), so that it goes to ClickHouse, not to the result cache.
    let top = 20;
    const ask = () =>
      post(app, '/frame-api/query', token, {
        reportId: REPORTS.fleetOverview,
        query: { ...QUERY, top: (top -= 1) },
      });
    const kept = await post(app, '/frame-api/query', token, {
      reportId: REPORTS.fleetOverview,
      query: QUERY,
    });
    expect(kept.statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    expect((await app.inject({ url: '/readyz' })).json()).toEqual({
      status: 'ready',
      sources: [{ name: 'clickhouse', status: 'up' }],
    });

    await proxy.close();
    const down = await ask();
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toMatchObject({ code: 'ENGINE_UNAVAILABLE', source: 'clickhouse' });
    expect(down.json().message).toMatch(/try again/);
    // An answer the cache kept, within its lifetime, is still served while the server is away.
    const fromCache = await post(app, '/frame-api/query', token, {
      reportId: REPORTS.fleetOverview,
      query: QUERY,
    });
    expect(fromCache.body).toBe(kept.body);
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      code: 'ENGINE_UNAVAILABLE',
      sources: [{ name: 'clickhouse', status: 'down' }],
    });

    await proxy.open();
    const again = await ask();
    expect(again.statusCode, again.body).toBe(200);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('answers a paginated report page and its CSV and PDF exports as it does over DuckDB', async () => {
    const answers = new Map<string, unknown[]>();
    const parameterValues = [
      { name: 'Account', value: 'northwind' },
      { name: 'Month', value: '2024-05' },
    ];
    for (const [name, app] of Object.entries(apps)) {
      if (app === undefined) throw new Error(`no ${name} app`);
      const token = await embedToken(app, {
        reports: [],
        paginatedReports: [{ id: INVOICE_REPORT_ID }],
        identities: [{ databaseNames: ['fabrikam', 'northwind'] }],
      });
      const page = await post(app, `/frame-api/paginated-reports/${INVOICE_REPORT_ID}/pages/1`, token, {
        parameterValues,
      });
      expect(page.statusCode, page.body).toBe(200);
      const csv = await post(app, `/frame-api/paginated-reports/${INVOICE_REPORT_ID}/export`, token, {
        format: 'CSV',
        parameterValues,
      });
      expect(csv.statusCode, csv.body).toBe(200);
      const pdf = await post(app, `/frame-api/paginated-reports/${INVOICE_REPORT_ID}/export`, token, {
        format: 'PDF',
        parameterValues,
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.body.startsWith('%PDF-')).toBe(true);
      answers.set(name, [page.json(), csv.body, pdf.headers['x-page-count']]);
    }
    expect(answers.get('clickhouse')).toEqual(answers.get('duckdb'));
    const [page] = answers.get('clickhouse') ?? [];
    expect((page as { lines: unknown[] }).lines.length).toBeGreaterThan(3);
  });

  it('quick-creates a dataset from supplied rows and answers it as it does over DuckDB, refusing a date ClickHouse cannot hold', async () => {
    const answers = new Map<string, unknown[]>();
    for (const [name, app] of Object.entries(apps)) {
      if (app === undefined) throw new Error(`no ${name} app`);
      const creator = await embedToken(app, {
        reports: [],
        permissions: 'Create',
        targetWorkspaces: [{ id: WORKSPACE_ID }],
        identities: [{ databaseNames: ['fabrikam'] }],
      });
      const created = await post(app, '/frame-api/create/quick-create', creator, {
        datasetCreateConfig: QUICK_CREATE_CONFIG,
      });
      expect(created.statusCode, created.body).toBe(201);
      const body = created.json() as {
        dataset: { id: string };
        definition: { pages: { visuals: { dataRoles: { values?: unknown[] } }[] }[] };
        accessToken: { token: string };
      };
      const values = body.definition.pages[0]?.visuals[0]?.dataRoles.values;
      const rows = await post(app, '/frame-api/create/query', body.accessToken.token, {
        datasetId: body.dataset.id,
        query: { select: values, orderBy: [{ field: values?.[0], direction: 'Ascending' }] },
      });
      expect(rows.statusCode, rows.body).toBe(200);
      const old = await post(app, '/frame-api/create/quick-create', creator, {
        datasetCreateConfig: {
          locale: 'en-US',
          tableSchemaList: [{ name: 'Old', columns: [{ name: 'Day', dataType: 'Date' }] }],
          data: [{ name: 'Old', rows: [['1969-07-20']] }],
        },
      });
      answers.set(name, [(rows.json() as { rows: unknown[][] }).rows, old.statusCode]);
    }
    const [duckRows, duckOld] = answers.get('duckdb') ?? [];
    const [chRows, chOld] = answers.get('clickhouse') ?? [];
    expect(chRows).toEqual(duckRows);
    expect((chRows as unknown[]).length).toBe(QUICK_CREATE_CONFIG.data[0]?.rows.length);
    // DuckDB holds the Apollo 11 landing day; ClickHouse's Date starts in 1970, so it refuses rather than clamps.
    expect([duckOld, chOld]).toEqual([201, 400]);
  });
});
