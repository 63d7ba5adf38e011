import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_DASHBOARD_ID, SUPPLIES_DASHBOARD_ID } from '../../../src/kinds/dashboards/samples.ts';
import type { ResolvedDashboard } from '@portico/analytics-model';
import { devices } from '../../helpers/oracle.ts';
import { apiToken, createTestApp, PORTAL_ORIGIN, REPORTS, WORKSPACE_ID } from '../../helpers/test-app.ts';
import type { TestApp } from '../../helpers/test-app.ts';

let t: TestApp;
let api: string;
beforeAll(async () => {
  t = await createTestApp({ ANALYTICS_PUBLIC_URL: 'https://analytics.test' });
  api = await apiToken(t.app);
});
afterAll(async () => t.close());

const as = (token: string) => ({ authorization: `Bearer ${token}` });

async function mint(body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/embed-tokens',
    headers: as(api),
    payload: {
      permissions: 'View',
      identities: [{ databaseNames: ['fabrikam'] }],
      allowedOrigins: [PORTAL_ORIGIN],
      ...body,
    },
  });
}

/** An embed token naming `dashboards`, for `databaseNames`. */
async function dashboardToken(
  databaseNames: string[],
  dashboards = [FLEET_DASHBOARD_ID],
  lifetimeMinutes?: number,
) {
  const res = await mint({
    dashboards: dashboards.map((id) => ({ id })),
    identities: [{ databaseNames }],
    ...(lifetimeMinutes === undefined ? {} : { lifetimeMinutes }),
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { token: string }).token;
}

const tileData = (token: string, tileId: string, dashboardId = FLEET_DASHBOARD_ID) =>
  t.app.inject({
    method: 'GET',
    url: `/frame-api/dashboards/${dashboardId}/tiles/${tileId}/data`,
    headers: as(token),
  });

type Answer = { columns: { displayName: string }[]; rows: (string | number | null)[][] };

describe('listing dashboards for the portal', () => {
  it('lists both sample dashboards of the workspace with their embed URLs', async () => {
    const res = await t.app.inject({ url: `/v1/workspaces/${WORKSPACE_ID}/dashboards`, headers: as(api) });
    expect(res.statusCode).toBe(200);
    const { value } = res.json() as {
      value: { id: string; name: string; embedUrl: string; tileCount: number }[];
    };
    expect(value.map((d) => d.name)).toEqual(['Fleet at a glance', 'Supplies and alerts']);
    expect(value[0]?.embedUrl).toBe(
      `https://analytics.test/dashboardEmbed?dashboardId=${FLEET_DASHBOARD_ID}&groupId=${WORKSPACE_ID}`,
    );
    expect(value[0]?.tileCount).toBe(9);
  });

  it('gives one dashboard, and lists its tiles each with a tile embed URL', async () => {
    const one = await t.app.inject({
      url: `/v1/workspaces/${WORKSPACE_ID}/dashboards/${SUPPLIES_DASHBOARD_ID}`,
      headers: as(api),
    });
    expect(one.json()).toMatchObject({ id: SUPPLIES_DASHBOARD_ID, name: 'Supplies and alerts' });
    const tiles = await t.app.inject({
      url: `/v1/workspaces/${WORKSPACE_ID}/dashboards/${FLEET_DASHBOARD_ID}/tiles`,
      headers: as(api),
    });
    expect(tiles.statusCode).toBe(200);
    const { value } = tiles.json() as { value: Record<string, unknown>[] };
    expect(value.find((tile) => tile.id === 'pages-per-month')).toEqual({
      id: 'pages-per-month',
      title: 'Pages per month',
      kind: 'visual',
      reportId: REPORTS.fleetOverview,
      pageName: 'overview',
      visualName: 'pages-per-month',
      row: 1,
      col: 0,
      rowSpan: 2,
      colSpan: 2,
      embedUrl: `https://analytics.test/tileEmbed?dashboardId=${FLEET_DASHBOARD_ID}&tileId=pages-per-month&groupId=${WORKSPACE_ID}`,
    });
  });

  it('answers 404 NOT_FOUND for an unknown workspace or dashboard, and 401 without a client token', async () => {
    const noWorkspace = await t.app.inject({ url: '/v1/workspaces/nope/dashboards', headers: as(api) });
    expect(noWorkspace.statusCode).toBe(404);
    expect(noWorkspace.json()).toMatchObject({ code: 'NOT_FOUND' });
    const noDashboard = await t.app.inject({
      url: `/v1/workspaces/${WORKSPACE_ID}/dashboards/nope/tiles`,
      headers: as(api),
    });
    expect(noDashboard.json()).toMatchObject({ code: 'NOT_FOUND' });
    const anonymous = await t.app.inject({ url: `/v1/workspaces/${WORKSPACE_ID}/dashboards` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('documents the dashboard routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/v1/openapi.json' });
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/v1/workspaces/{workspaceId}/dashboards',
        '/v1/workspaces/{workspaceId}/dashboards/{dashboardId}',
        '/v1/workspaces/{workspaceId}/dashboards/{dashboardId}/tiles',
      ]),
    );
  });
});

describe('embed tokens for dashboards', () => {
  it('refuses to name a dashboard that does not exist', async () => {
    const res = await mint({ dashboards: [{ id: 'b1d4a1f0-0000-4000-8000-000000000000' }] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the frame reading a dashboard', () => {
  it('gives the dashboard with each tile resolved to its visual and the report a click opens', async () => {
    const token = await dashboardToken(['fabrikam']);
    const res = await t.app.inject({
      url: `/frame-api/dashboards/${FLEET_DASHBOARD_ID}`,
      headers: as(token),
    });
    expect(res.statusCode).toBe(200);
    const { dashboard } = res.json() as { dashboard: ResolvedDashboard };
    expect(dashboard).toMatchObject({ id: FLEET_DASHBOARD_ID, name: 'Fleet at a glance', columns: 4 });
    const chart = dashboard.tiles.find((tile) => tile.id === 'top-models');
    expect(chart).toMatchObject({
      kind: 'visual',
      reportName: 'Fleet overview',
      visual: { name: 'top-models', type: 'clusteredBarChart', filters: [] },
      reportEmbedUrl: `https://analytics.test/reportEmbed?reportId=${REPORTS.fleetOverview}&groupId=${WORKSPACE_ID}`,
      navigationUrl: `https://analytics.test/reportEmbed?reportId=${REPORTS.fleetOverview}&groupId=${WORKSPACE_ID}&pageName=overview`,
    });
    expect(dashboard.tiles.find((tile) => tile.id === 'colour-printers')).toMatchObject({
      kind: 'card',
      visual: {
        type: 'card',
        dataRoles: { values: [{ measure: { table: 'Devices', measure: 'Devices' } }] },
      },
    });
    expect(dashboard.tiles.find((tile) => tile.id === 'about')).toMatchObject({ kind: 'text' });
  });

  it('refuses a dashboard the token does not name with 403, and a report-only token too', async () => {
    const other = await dashboardToken(['fabrikam'], [SUPPLIES_DASHBOARD_ID]);
    const res = await t.app.inject({
      url: `/frame-api/dashboards/${FLEET_DASHBOARD_ID}`,
      headers: as(other),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    const reportOnly = await mint({ reports: [{ id: REPORTS.fleetOverview }] });
    const data = await tileData((reportOnly.json() as { token: string }).token, 'pages-per-month');
    expect(data.statusCode).toBe(403);
  });

  it('answers 401 INVALID_TOKEN without a valid token and 401 TokenExpired once it has expired', async () => {
    const none = await tileData('not-a-token', 'pages');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    const token = await dashboardToken(['fabrikam'], [FLEET_DASHBOARD_ID], 1);
    const start = t.clock.now;
    t.clock.now += 2 * 60_000;
    try {
      const expired = await tileData(token, 'pages');
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ code: 'TokenExpired' });
    } finally {
      t.clock.now = start;
    }
  });
});

describe("a tile's data", () => {
  it("is the pinned visual's answer, the same as the report's own query for that visual", async () => {
    const token = await dashboardToken(['fabrikam']);
    const tile = await tileData(token, 'pages-per-month');
    expect(tile.statusCode).toBe(200);
    const reportToken = (await mint({ reports: [{ id: REPORTS.fleetOverview }] })).json() as {
      token: string;
    };
    const { report } = (
      await t.app.inject({
        url: `/frame-api/reports/${REPORTS.fleetOverview}`,
        headers: as(reportToken.token),
      })
    ).json() as {
      report: {
        definition: {
          filters: unknown[];
          pages: {
            name: string;
            filters: unknown[];
            visuals: { name: string; dataRoles: Record<string, unknown[]>; filters: unknown[] }[];
          }[];
        };
      };
    };
    const page = report.definition.pages.find((p) => p.name === 'overview');
    const visual = page?.visuals.find((v) => v.name === 'pages-per-month');
    const direct = await t.app.inject({
      method: 'POST',
      url: '/frame-api/query',
      headers: as(reportToken.token),
      payload: {
        reportId: REPORTS.fleetOverview,
        query: {
          select: [...(visual?.dataRoles.category ?? []), ...(visual?.dataRoles.values ?? [])],
          filters: [...report.definition.filters, ...(page?.filters ?? []), ...(visual?.filters ?? [])],
        },
      },
    });
    const rows = (tile.json() as Answer).rows;
    expect(rows.length).toBeGreaterThan(1);
    expect(rows).toEqual((direct.json() as Answer).rows);
  });

  it("counts only the token's accounts: a card tile equals the fleet data's own count for each account", async () => {
    const colour = (name: string) =>
      devices([name]).filter((d) => d.colourMode === 'Colour' && d.inService).length;
    for (const name of ['fabrikam', 'contoso_emea']) {
      const res = await tileData(await dashboardToken([name]), 'colour-printers');
      expect(res.statusCode).toBe(200);
      expect((res.json() as Answer).rows).toEqual([[colour(name)]]);
    }
    const both = await tileData(await dashboardToken(['fabrikam', 'contoso_emea']), 'colour-printers');
    expect((both.json() as Answer).rows).toEqual([[colour('fabrikam') + colour('contoso_emea')]]);
  });

  it("never lists another account's printers in a table tile", async () => {
    for (const name of ['fabrikam', 'contoso_emea']) {
      const res = await tileData(
        await dashboardToken([name], [SUPPLIES_DASHBOARD_ID]),
        'running-low',
        SUPPLIES_DASHBOARD_ID,
      );
      expect(res.statusCode).toBe(200);
      const answer = res.json() as Answer;
      const serial = answer.columns.findIndex((c) => c.displayName === 'Serial number');
      const mine = new Set(devices([name]).map((d) => d.serialNumber));
      expect(answer.rows.length).toBeGreaterThan(0);
      for (const row of answer.rows) expect(mine.has(String(row[serial]))).toBe(true);
    }
  });

  it('answers 404 for an unknown tile and 400 BAD_REQUEST for a text tile', async () => {
    const token = await dashboardToken(['fabrikam']);
    const unknown = await tileData(token, 'nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
    const text = await tileData(token, 'about');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('refuses an over-long tile id with 400 BAD_REQUEST', async () => {
    const token = await dashboardToken(['fabrikam']);
    const res = await tileData(token, 'x'.repeat(101));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('a dashboard in the viewer’s language', () => {
  it('names the dashboard, its tiles, its text and its tiles’ fields in the language; English without one', async () => {
    const token = await dashboardToken(['fabrikam']);
    const load = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/frame-api/dashboards/${FLEET_DASHBOARD_ID}${query}`,
        headers: as(token),
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { dashboard: ResolvedDashboard }).dashboard;
    };
    const german = await load('?language=de');
    expect(german.name).toBe('Flotte auf einen Blick');
    const top = german.tiles.find((tile) => tile.id === 'top-models');
    expect(top?.title).toBe('Top 10 Modelle nach gedruckten Seiten');
    expect(top?.reportName).toBe('Flottenübersicht');
    expect(top?.visual?.title).toBe('Top 10 Modelle nach gedruckten Seiten');
    const about = german.tiles.find((tile) => tile.id === 'about');
    expect(about && 'text' in about ? about.text : '').toMatch(/^Die Zahlen umfassen/);
    expect((await load('?language=ja')).name).toBe('フリートの概況');
    expect((await load('')).name).toBe('Fleet at a glance');

    const data = await t.app.inject({
      method: 'GET',
      url: `/frame-api/dashboards/${FLEET_DASHBOARD_ID}/tiles/top-models/data?language=pl`,
      headers: as(token),
    });
    expect(data.statusCode).toBe(200);
    expect((data.json() as Answer).columns.map((c) => c.displayName)).toEqual(['Model', 'Łącznie stron']);
  });

  it('gives a tile’s severity column its values’ order and captions in the language, the rows keeping the raw values', async () => {
    const token = await dashboardToken(['fabrikam'], [SUPPLIES_DASHBOARD_ID]);
    const data = await t.app.inject({
      method: 'GET',
      url: `/frame-api/dashboards/${SUPPLIES_DASHBOARD_ID}/tiles/alerts-by-severity/data?language=de`,
      headers: as(token),
    });
    expect(data.statusCode).toBe(200);
    const answer = data.json() as Answer & {
      columns: { values?: { value: string; caption: string }[] }[];
      rows: unknown[][];
    };
    expect(answer.columns[0]?.values).toEqual([
      { value: 'critical', caption: 'Kritisch' },
      { value: 'warning', caption: 'Warnung' },
      { value: 'info', caption: 'Info' },
    ]);
    expect(answer.columns[1]?.values).toBeUndefined();
    expect(answer.rows.map((row) => row[0]).sort()).toEqual(['critical', 'info', 'warning']);
  });
});
