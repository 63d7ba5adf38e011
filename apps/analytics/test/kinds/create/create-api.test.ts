/**
 * The create kind's frame API through real HTTP (app.inject): Create permission, dataset and target-workspace
 * grants, a report built on a dataset stored as a new report, and quick create from supplied rows with row-level
 * security on them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINT_FLEET_DATASET_ID } from '../../../src/models/built-in.ts';
import { encodeBookmarkState } from '@portico/analytics-model';
import type { ReportDefinition } from '@portico/analytics-model';
import { apiToken, createTestApp, PORTAL_ORIGIN, WORKSPACE_ID } from '../../helpers/test-app.ts';
import type { TestApp } from '../../helpers/test-app.ts';
import { servicesOf } from '../../../src/services.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function token(request: {
  datasets?: string[];
  targetWorkspaces?: string[];
  reports?: string[];
  permissions?: number | string;
  databaseNames?: string[];
}): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/embed-tokens',
    headers: { authorization: `Bearer ${await apiToken(t.app)}` },
    payload: {
      reports: (request.reports ?? []).map((id) => ({ id })),
      datasets: (request.datasets ?? []).map((id) => ({ id })),
      targetWorkspaces: (request.targetWorkspaces ?? []).map((id) => ({ id })),
      permissions: request.permissions ?? 'Create',
      identities: [{ databaseNames: request.databaseNames ?? ['fabrikam'] }],
      allowedOrigins: [PORTAL_ORIGIN],
    },
  });
  if (res.statusCode !== 200) throw new Error(`embed token: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

const call = (method: 'GET' | 'POST', url: string, bearer: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${bearer}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const byModel = {
  select: [
    { column: { table: 'Devices', column: 'Model' } },
    { measure: { table: 'Meter readings', measure: 'Total pages' } },
  ],
};

const definition: ReportDefinition = {
  pages: [
    {
      name: 'page-1',
      displayName: 'Page 1',
      width: 1280,
      height: 720,
      displayOption: 1,
      visibility: 0,
      filters: [],
      visuals: [
        {
          name: 'visual-1',
          type: 'clusteredColumnChart',
          title: 'Total pages by Model',
          layout: { x: 0, y: 0, z: 0, width: 600, height: 300, displayState: { mode: 0 } },
          dataRoles: {
            category: [{ column: { table: 'Devices', column: 'Model' } }],
            values: [{ measure: { table: 'Meter readings', measure: 'Total pages' } }],
          },
          filters: [],
          formatting: {},
        },
      ],
    },
  ],
  filters: [],
  bookmarks: [],
};

describe('report creation on a dataset', () => {
  it('answers the model of a dataset the Create token names, without physical names', async () => {
    const res = await call(
      'GET',
      `/frame-api/create/datasets/${PRINT_FLEET_DATASET_ID}`,
      await token({ datasets: [PRINT_FLEET_DATASET_ID] }),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json() as { dataset: { tables: { name: string; columns: object[] }[] } };
    expect(body.dataset.tables.map((x) => x.name)).toContain('Devices');
    expect(JSON.stringify(body)).not.toContain('"source"');
  });

  it('refuses a token without Create permission, and a dataset the token does not name', async () => {
    const view = await token({ datasets: [PRINT_FLEET_DATASET_ID], permissions: 'View' });
    const refused = await call('GET', `/frame-api/create/datasets/${PRINT_FLEET_DATASET_ID}`, view);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    const other = await token({ targetWorkspaces: [WORKSPACE_ID] });
    expect(
      (
        await call('POST', '/frame-api/create/query', other, {
          datasetId: PRINT_FLEET_DATASET_ID,
          query: byModel,
        })
      ).statusCode,
    ).toBe(403);
  });

  it("queries the dataset under the token's row-level security only", async () => {
    const fabrikam = await call(
      'POST',
      '/frame-api/create/query',
      await token({ datasets: [PRINT_FLEET_DATASET_ID] }),
      {
        datasetId: PRINT_FLEET_DATASET_ID,
        query: { select: [{ column: { table: 'Accounts', column: 'Database name' } }] },
      },
    );
    expect(fabrikam.statusCode).toBe(200);
    expect((fabrikam.json() as { rows: unknown[][] }).rows).toEqual([['fabrikam']]);
  });

  it('hands back a token that expires no later than the one that created the report', async () => {
    const creator = await token({ datasets: [PRINT_FLEET_DATASET_ID], targetWorkspaces: [WORKSPACE_ID] });
    const expiryOf = (jwt: string) =>
      (JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp: number }).exp;
    const original = expiryOf(creator);
    const start = t.clock.now;
    try {
      t.clock.now = original * 1000 - 5_000;
      const res = await call('POST', '/frame-api/create/reports', creator, {
        datasetId: PRINT_FLEET_DATASET_ID,
        name: 'Made in the last seconds',
        definition,
      });
      expect(res.statusCode).toBe(201);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(expiryOf((res.json() as { accessToken: { token: string } }).accessToken.token)).toBe(original);
    } finally {
      t.clock.now = start;
    }
  });

  it('refuses a report whose bookmark state the frame could not apply, naming the bookmark (400)', async () => {
    const creator = await token({ datasets: [PRINT_FLEET_DATASET_ID], targetWorkspaces: [WORKSPACE_ID] });
    const res = await call('POST', '/frame-api/create/reports', creator, {
      datasetId: PRINT_FLEET_DATASET_ID,
      name: 'Broken bookmark',
      definition: {
        ...definition,
        bookmarks: [
          {
            name: 'q1',
            displayName: 'Q1',
            children: [
              {
                name: 'q1-overview',
                displayName: 'Overview',
                state: encodeBookmarkState({ version: 1, pageFilters: { overview: 5 } } as never),
              },
            ],
          },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'INVALID_QUERY',
      message:
        "bookmarks[0].children[0]: the state of bookmark 'q1-overview' cannot be applied: its pageFilters.overview must be array",
    });
  });

  it('stores a built report in a granted target workspace and hands back a token that names it', async () => {
    const creator = await token({ datasets: [PRINT_FLEET_DATASET_ID], targetWorkspaces: [WORKSPACE_ID] });
    const res = await call('POST', '/frame-api/create/reports', creator, {
      datasetId: PRINT_FLEET_DATASET_ID,
      name: 'My printers',
      definition,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json() as {
      report: { id: string; workspaceId: string; version: number };
      accessToken: { token: string };
    };
    expect(body.report).toMatchObject({ name: 'My printers', workspaceId: WORKSPACE_ID, version: 1 });
    const summary = await call(
      'GET',
      `/v1/workspaces/${WORKSPACE_ID}/reports/${body.report.id}`,
      await apiToken(t.app),
    );
    expect((summary.json() as { createdFor?: string[] }).createdFor).toEqual(['fabrikam']);
    const loaded = await call('GET', `/frame-api/reports/${body.report.id}`, body.accessToken.token);
    expect(loaded.statusCode).toBe(200);
    expect((loaded.json() as { report: { definition: ReportDefinition } }).report.definition).toEqual(
      definition,
    );
    // The caller's own token does not name the new report.
    expect((await call('GET', `/frame-api/reports/${body.report.id}`, creator)).statusCode).toBe(403);
  });

  it('refuses to store without a granted target workspace, or in a workspace not granted', async () => {
    const noTarget = await token({ datasets: [PRINT_FLEET_DATASET_ID] });
    const res = await call('POST', '/frame-api/create/reports', noTarget, {
      datasetId: PRINT_FLEET_DATASET_ID,
      name: 'x',
      definition,
    });
    expect(res.statusCode).toBe(403);
    const creator = await token({ datasets: [PRINT_FLEET_DATASET_ID], targetWorkspaces: [WORKSPACE_ID] });
    const elsewhere = await call('POST', '/frame-api/create/reports', creator, {
      datasetId: PRINT_FLEET_DATASET_ID,
      name: 'x',
      definition,
      workspaceId: 'another-workspace',
    });
    expect(elsewhere.statusCode).toBe(403);
  });

  it('refuses a definition naming fields the dataset does not have', async () => {
    const creator = await token({ datasets: [PRINT_FLEET_DATASET_ID], targetWorkspaces: [WORKSPACE_ID] });
    const page = definition.pages[0];
    const visual = page?.visuals[0];
    if (!page || !visual) throw new Error('fixture');
    const bad = {
      ...definition,
      pages: [
        {
          ...page,
          visuals: [
            { ...visual, dataRoles: { values: [{ column: { table: 'Devices', column: 'Colour' } }] } },
          ],
        },
      ],
    };
    const res = await call('POST', '/frame-api/create/reports', creator, {
      datasetId: PRINT_FLEET_DATASET_ID,
      name: 'x',
      definition: bad,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_QUERY' });
    expect((res.json() as { message: string }).message).toContain(
      'pages[0].visuals[0].dataRoles.values[0]: Devices.Colour is not a column of the dataset',
    );
  });
});

const config = {
  locale: 'en-US',
  tableSchemaList: [
    {
      name: 'Orders',
      columns: [
        { name: 'Customer', dataType: 'Text' },
        { name: 'Amount', dataType: 'Double' },
        { name: 'Ordered', dataType: 'Date' },
      ],
    },
  ],
  data: [
    {
      name: 'Orders',
      rows: [
        ['Ann', '10.5', '2024-01-02'],
        ['Bob', '4', '2024-01-03'],
        ['Ann', '1.5', ''],
      ],
    },
  ],
};

interface QuickCreated {
  dataset: { id: string; tables: { name: string }[] };
  workspaceId: string;
  definition: ReportDefinition;
  accessToken: { token: string };
}

describe('quick create', () => {
  it('builds a dataset from the rows and an automatic report that shows them', async () => {
    const creator = await token({ targetWorkspaces: [WORKSPACE_ID] });
    const res = await call('POST', '/frame-api/create/quick-create', creator, {
      datasetCreateConfig: config,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json() as QuickCreated;
    expect(body.workspaceId).toBe(WORKSPACE_ID);
    expect(body.definition.pages[0]?.visuals.map((v) => v.type)).toEqual([
      'tableEx',
      'card',
      'clusteredBarChart',
    ]);
    const table = body.definition.pages[0]?.visuals[0];
    const rows = await call('POST', '/frame-api/create/query', body.accessToken.token, {
      datasetId: body.dataset.id,
      query: {
        select: table?.dataRoles.values,
        orderBy: [{ field: table?.dataRoles.values?.[0], direction: 'Ascending' }],
      },
    });
    expect(rows.statusCode).toBe(200);
    expect((rows.json() as { rows: unknown[][] }).rows).toEqual([
      [1, 'Ann', 10.5, '2024-01-02'],
      [2, 'Bob', 4, '2024-01-03'],
      [3, 'Ann', 1.5, null],
    ]);
    const sum = await call('POST', '/frame-api/create/query', body.accessToken.token, {
      datasetId: body.dataset.id,
      query: {
        select: [
          { column: { table: 'Orders', column: 'Customer' } },
          { measure: { table: 'Orders', measure: 'Sum of Amount' } },
        ],
      },
    });
    expect((sum.json() as { rows: unknown[][] }).rows).toEqual([
      ['Ann', 12],
      ['Bob', 4],
    ]);
  });

  it("keeps the rows to the creating token's first account: another account's token sees none", async () => {
    const creator = await token({
      targetWorkspaces: [WORKSPACE_ID],
      databaseNames: ['fabrikam', 'contoso_emea'],
    });
    const body = (
      await call('POST', '/frame-api/create/quick-create', creator, { datasetCreateConfig: config })
    ).json() as QuickCreated;
    const saved = (
      await call('POST', '/frame-api/create/reports', body.accessToken.token, {
        datasetId: body.dataset.id,
        name: 'Orders',
        definition: body.definition,
      })
    ).json() as { report: { id: string } };
    const count = { select: [{ measure: { table: 'Orders', measure: 'Sum of Amount' } }] };
    const ask = async (databaseNames: string[]) => {
      const viewer = await token({ reports: [saved.report.id], permissions: 'View', databaseNames });
      const res = await call('POST', '/frame-api/query', viewer, { reportId: saved.report.id, query: count });
      return (res.json() as { rows: unknown[][] }).rows;
    };
    expect(await ask(['fabrikam'])).toEqual([[16]]);
    expect(await ask(['contoso_emea'])).toEqual([[null]]);
  });

  it('keeps a saved dataset and lists it in its workspace; an unsaved draft is not listed', async () => {
    const creator = await token({ targetWorkspaces: [WORKSPACE_ID] });
    const draft = (
      await call('POST', '/frame-api/create/quick-create', creator, { datasetCreateConfig: config })
    ).json() as QuickCreated;
    const listed = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/v1/workspaces/${WORKSPACE_ID}/datasets`,
        headers: { authorization: `Bearer ${await apiToken(t.app)}` },
      });
      return (res.json() as { value: { id: string }[] }).value.map((d) => d.id);
    };
    expect(await listed()).not.toContain(draft.dataset.id);
    expect(servicesOf(t.app).content.userDataset(draft.dataset.id)?.expiresAt).toBeDefined();
    await call('POST', '/frame-api/create/reports', draft.accessToken.token, {
      datasetId: draft.dataset.id,
      name: 'Kept',
      definition: draft.definition,
    });
    expect(servicesOf(t.app).content.userDataset(draft.dataset.id)?.expiresAt).toBeUndefined();
    expect(await listed()).toContain(draft.dataset.id);
  });

  it('removes an unsaved draft once it has expired, and rebuilds the tables of a kept dataset that went missing', async () => {
    const creator = await token({ targetWorkspaces: [WORKSPACE_ID] });
    const draft = (
      await call('POST', '/frame-api/create/quick-create', creator, { datasetCreateConfig: config })
    ).json() as QuickCreated;
    const kept = (
      await call('POST', '/frame-api/create/quick-create', creator, { datasetCreateConfig: config })
    ).json() as QuickCreated;
    await call('POST', '/frame-api/create/reports', kept.accessToken.token, {
      datasetId: kept.dataset.id,
      name: 'Kept',
      definition: kept.definition,
    });
    const { content, engine } = servicesOf(t.app);
    const keptTable = content.userDataset(kept.dataset.id)?.dataset.tables[0]?.source ?? '';
    const draftTable = content.userDataset(draft.dataset.id)?.dataset.tables[0]?.source ?? '';
    await engine.query(`DROP TABLE "${keptTable}"`);
    const before = t.clock.now;
    t.clock.now = Date.parse(content.userDataset(draft.dataset.id)?.expiresAt ?? '') + 1;
    try {
      const next = await token({ targetWorkspaces: [WORKSPACE_ID] });
      expect(
        (await call('POST', '/frame-api/create/quick-create', next, { datasetCreateConfig: config }))
          .statusCode,
      ).toBe(201);
    } finally {
      t.clock.now = before;
    }
    expect(content.userDataset(draft.dataset.id)).toBeUndefined();
    const exists = async (table: string) =>
      Number(
        (await engine.query('SELECT count(*) FROM information_schema.tables WHERE table_name = $1', [table]))
          .rows[0]?.[0],
      );
    expect(await exists(draftTable)).toBe(0);
    expect(await exists(keptTable)).toBe(1);
    const rows = await engine.query(`SELECT c0 FROM "${keptTable}" ORDER BY row_number`);
    expect(rows.rows).toEqual([['Ann'], ['Bob'], ['Ann']]);
  });

  it('lets another Create token of the owning account and target workspace reach a draft, and no other token', async () => {
    const creator = await token({ targetWorkspaces: [WORKSPACE_ID] });
    const draft = (
      await call('POST', '/frame-api/create/quick-create', creator, { datasetCreateConfig: config })
    ).json() as QuickCreated;
    const query = {
      datasetId: draft.dataset.id,
      query: { select: [{ column: { table: 'Orders', column: 'Customer' } }] },
    };
    const refreshed = await token({ targetWorkspaces: [WORKSPACE_ID] });
    expect((await call('POST', '/frame-api/create/query', refreshed, query)).statusCode).toBe(200);
    const otherAccount = await token({ targetWorkspaces: [WORKSPACE_ID], databaseNames: ['contoso_emea'] });
    expect((await call('POST', '/frame-api/create/query', otherAccount, query)).statusCode).toBe(403);
    const noTarget = await token({ datasets: [PRINT_FLEET_DATASET_ID] });
    expect((await call('POST', '/frame-api/create/query', noTarget, query)).statusCode).toBe(403);
  });

  it('refuses without Create permission, and without a target workspace', async () => {
    const view = await token({ reports: [], targetWorkspaces: [WORKSPACE_ID], permissions: 'View' });
    expect(
      (await call('POST', '/frame-api/create/quick-create', view, { datasetCreateConfig: config }))
        .statusCode,
    ).toBe(403);
    const noTarget = await token({ datasets: [PRINT_FLEET_DATASET_ID] });
    expect(
      (await call('POST', '/frame-api/create/quick-create', noTarget, { datasetCreateConfig: config }))
        .statusCode,
    ).toBe(403);
  });

  it.each([
    [{ locale: 'en-US' }, 'SDK_VALIDATION', 'At least one of data or mashupDocument must be provided'],
    [
      { locale: 'en-US', data: [] },
      'SDK_VALIDATION',
      'tableSchemaList cannot be empty when data is provided',
    ],
    [
      { ...config, tableSchemaList: [{ name: 'Orders', columns: [{ name: 'x', dataType: 'Picture' }] }] },
      'UNKNOWN_DATA_TYPE',
      undefined,
    ],
    [{ ...config, data: [{ name: 'Orders', rows: [['Ann', '1']] }] }, 'ROW_SHAPE', undefined],
    [
      { ...config, data: [{ name: 'Orders', rows: [['Ann', 'ten', '2024-01-01']] }] },
      'INVALID_VALUE',
      undefined,
    ],
  ])(
    'answers 400 VALIDATION_ERROR with a stable reason for a bad config (%#)',
    async (datasetCreateConfig, reason, message) => {
      const creator = await token({ targetWorkspaces: [WORKSPACE_ID] });
      const res = await call('POST', '/frame-api/create/quick-create', creator, { datasetCreateConfig });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        reason,
        ...(message === undefined ? {} : { message }),
      });
    },
  );

  it('answers 413 for more rows than a quick-create dataset may hold', async () => {
    const creator = await token({ targetWorkspaces: [WORKSPACE_ID] });
    const rows = Array.from({ length: 50_001 }, () => ['a']);
    const res = await call('POST', '/frame-api/create/quick-create', creator, {
      datasetCreateConfig: {
        locale: 'en',
        tableSchemaList: [{ name: 'T', columns: [{ name: 'a', dataType: 'Text' }] }],
        data: [{ name: 'T', rows }],
      },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', reason: 'TOO_LARGE' });
  });

  it('never puts user text into SQL identifiers: hostile names stay in the model', async () => {
    const creator = await token({ targetWorkspaces: [WORKSPACE_ID] });
    const hostile = 'x"; DROP TABLE devices; --';
    const res = await call('POST', '/frame-api/create/quick-create', creator, {
      datasetCreateConfig: {
        locale: 'en',
        tableSchemaList: [{ name: hostile, columns: [{ name: hostile, dataType: 'Text' }] }],
        data: [{ name: hostile, rows: [[hostile]] }],
      },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json() as QuickCreated;
    const answer = await call('POST', '/frame-api/create/query', body.accessToken.token, {
      datasetId: body.dataset.id,
      query: { select: [{ column: { table: hostile, column: hostile } }] },
    });
    expect((answer.json() as { rows: unknown[][] }).rows).toEqual([[hostile]]);
    const devices = await t.data.fleet.engine.query('SELECT count(*) FROM devices');
    expect(Number(devices.rows[0]?.[0])).toBeGreaterThan(0);
  });
});
