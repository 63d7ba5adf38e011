/**
 * Dashboards and tiles of the real analytics service in Chromium: a host page on another origin embeds them through
 * `@portico/embed` and checks the real effects — events, the report a tile click names, layouts per pageView,
 * row-level security in a tile's number, and a single tile embed.
 */
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { CommonErrorCodes } from '@portico/models';
import {
  FLEET_DASHBOARD_ID,
  SUPPLIES_DASHBOARD_ID,
} from '../../apps/analytics/src/kinds/dashboards/samples.ts';
import { devices } from '../../apps/analytics/test/helpers/oracle.ts';
import { REPORTS, WORKSPACE_ID, startStack, type Stack } from './support/stack.ts';

test.describe.configure({ mode: 'serial' });

let stack: Stack;
let page: Page;

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { intervals: [25, 50, 100, 250], timeout: 15_000 });
const FLEET_TILES = 9;

const dashboardUrl = () =>
  `${stack.service}/dashboardEmbed?dashboardId=${FLEET_DASHBOARD_ID}&groupId=${WORKSPACE_ID}`;

/** Embeds the fleet dashboard for `databaseNames` and returns its index in the host page. */
async function embedDashboard(databaseNames: string[], extra: Record<string, unknown> = {}): Promise<number> {
  const accessToken = await stack.embedToken({ dashboardIds: [FLEET_DASHBOARD_ID], databaseNames });
  // Wider than the grid's actual 1000 pixels, so fitToWidth has to scale it up.
  return page.evaluate((config) => window.dashboardHost.embed(config, { width: 1400, height: 800 }), {
    type: 'dashboard',
    id: FLEET_DASHBOARD_ID,
    embedUrl: dashboardUrl(),
    accessToken,
    tokenType: 1,
    ...extra,
  });
}

const frameOf = (index: number): FrameLocator => page.frameLocator(`#embed-${index} iframe`);
const count = (index: number, name: string) =>
  page.evaluate(([i, n]) => window.dashboardHost.names(i).filter((e) => e === n).length, [
    index,
    name,
  ] as const);
const lastDetail = (index: number, name: string) =>
  page.evaluate(
    ([i, n]) => window.dashboardHost.events.filter((e) => e.embed === i && e.name === n).at(-1)?.detail,
    [index, name] as const,
  );

/** Removes an embed: the SDK front-loads the config of the first few embeds of a page only (spec §4). */
const reset = (index: number) => page.evaluate((i) => window.dashboardHost.reset(i), index);

async function box(index: number, tileId: string) {
  const found = await frameOf(index).locator(`[data-tile="${tileId}"]`).boundingBox();
  if (found === null) throw new Error(`tile ${tileId} has no box`);
  return found;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  stack = await startStack();
  page = await browser.newPage();
  await page.goto(`${stack.host}/dashboard-host.html`);
  await embedDashboard(['fabrikam']);
});

test.afterAll(async () => {
  await page?.close();
  await stack?.close();
});

test('the dashboard raises loaded, then tileLoaded for every tile and rendered once all are shown', async () => {
  await poll(() => count(0, 'loaded')).toBe(1);
  await expect(frameOf(0).locator('.tile')).toHaveCount(FLEET_TILES);
  await poll(() => count(0, 'tileLoaded')).toBe(FLEET_TILES);
  await poll(() => count(0, 'rendered')).toBe(1);
  const names = await page.evaluate(() => window.dashboardHost.names(0));
  expect(names.indexOf('loaded')).toBeLessThan(names.indexOf('tileLoaded'));
  expect(names).not.toContain('error');
  // The chart tiles are drawn by ECharts, the card tiles show their number.
  await expect(frameOf(0).locator('[data-tile="top-models"] svg')).toBeVisible();
  await expect(frameOf(0).locator('[data-tile="printers"] .card-value')).not.toBeEmpty();
});

test('clicking a chart tile raises tileClicked naming the report and page it was pinned from', async () => {
  await frameOf(0).locator('[data-tile="top-models"] .tile-title').click();
  await poll(() => count(0, 'tileClicked')).toBe(1);
  const reportEmbedUrl = `${stack.service}/reportEmbed?reportId=${REPORTS.fleetOverview}&groupId=${WORKSPACE_ID}`;
  expect(await lastDetail(0, 'tileClicked')).toEqual({
    tileId: 'top-models',
    tileTitle: 'Top 10 models by pages printed',
    dashboardId: FLEET_DASHBOARD_ID,
    reportId: REPORTS.fleetOverview,
    reportName: 'Fleet overview',
    pageName: 'overview',
    visualName: 'top-models',
    reportEmbedUrl,
    navigationUrl: `${reportEmbedUrl}&pageName=overview`,
  });
});

test('a card tile opens its own page of the report, and Enter on a focused tile clicks it', async () => {
  await frameOf(0).locator('[data-tile="colour-printers"]').focus();
  await page.keyboard.press('Enter');
  await poll(() => count(0, 'tileClicked')).toBe(2);
  expect(await lastDetail(0, 'tileClicked')).toMatchObject({
    tileId: 'colour-printers',
    reportId: REPORTS.fleetOverview,
    pageName: 'devices',
  });
});

test('fitToWidth lays tiles side by side across the frame', async () => {
  const printers = await box(0, 'printers');
  const pages = await box(0, 'pages');
  const openAlerts = await box(0, 'open-alerts');
  expect(pages.y).toBe(printers.y);
  expect(pages.x).toBeGreaterThan(printers.x + printers.width - 1);
  // Four columns fill the 1400-pixel frame (less its scroll bar, if any), so each is wider than 240 pixels.
  expect(openAlerts.x + openAlerts.width).toBeGreaterThan(printers.x + 1300);
  expect(printers.width).toBeGreaterThan(300);
});

test('oneColumn stacks the tiles at the frame width; actualSize keeps 240-pixel cells', async () => {
  const one = await embedDashboard(['fabrikam'], { pageView: 'oneColumn' });
  await poll(() => count(one, 'loaded')).toBe(1);
  await expect(frameOf(one).locator('.tile')).toHaveCount(FLEET_TILES);
  const printers = await box(one, 'printers');
  const pages = await box(one, 'pages');
  expect(pages.x).toBe(printers.x);
  expect(pages.width).toBe(printers.width);
  expect(pages.y).toBeGreaterThan(printers.y + printers.height - 1);
  expect(printers.width).toBeGreaterThan(1300);
  await reset(one);

  const actual = await embedDashboard(['fabrikam'], { pageView: 'actualSize' });
  await poll(() => count(actual, 'loaded')).toBe(1);
  await expect(frameOf(actual).locator('.tile')).toHaveCount(FLEET_TILES);
  expect((await box(actual, 'printers')).width).toBe(240);
  expect((await box(actual, 'pages-per-month')).width).toBe(2 * 240 + 8);
  await reset(actual);
});

test('the SDK refuses a pageView outside the three with the spec message', async () => {
  const accessToken = await stack.embedToken({
    dashboardIds: [FLEET_DASHBOARD_ID],
    databaseNames: ['fabrikam'],
  });
  const refused = await page.evaluate(
    (config) => {
      try {
        window.dashboardHost.embed(config);
        return null;
      } catch (error) {
        return JSON.stringify(error);
      }
    },
    { type: 'dashboard', id: FLEET_DASHBOARD_ID, embedUrl: dashboardUrl(), accessToken, pageView: 'wide' },
  );
  expect(refused).toContain('pageView must be one of the followings: fitToWidth, oneColumn, actualSize');
});

test("a tile's number counts only the accounts the token may see", async () => {
  const colour = (names: string[]) =>
    devices(names).filter((d) => d.colourMode === 'Colour' && d.inService).length;
  const value = (index: number) => frameOf(index).locator('[data-tile="colour-printers"] .card-value');
  await expect(value(0)).toHaveText(String(colour(['fabrikam'])));
  const contoso = await embedDashboard(['contoso_emea']);
  await expect(value(contoso)).toHaveText(String(colour(['contoso_emea'])));
  expect(colour(['contoso_emea'])).not.toBe(colour(['fabrikam']));
  await reset(contoso);
});

test('a number tile names its number in its title, with no label under the number repeating it', async () => {
  const accessToken = await stack.embedToken({
    dashboardIds: [SUPPLIES_DASHBOARD_ID],
    databaseNames: ['fabrikam'],
  });
  const index = await page.evaluate(
    (config) => window.dashboardHost.embed(config, { width: 1400, height: 800 }),
    {
      type: 'dashboard',
      id: SUPPLIES_DASHBOARD_ID,
      embedUrl: `${stack.service}/dashboardEmbed?dashboardId=${SUPPLIES_DASHBOARD_ID}&groupId=${WORKSPACE_ID}`,
      accessToken,
      tokenType: 1,
    },
  );
  await poll(() => count(index, 'rendered')).toBe(1);
  const tile = (id: string) => frameOf(index).locator(`[data-tile="${id}"]`);
  for (const id of ['alerts', 'still-open', 'hours-to-close', 'average-level'])
    await expect(tile(id).locator('.card-value')).not.toBeEmpty();
  // 'Hours to close' over 'Average hours to close' said the same twice.
  await expect(tile('hours-to-close').locator('.tile-title')).toHaveText('Average hours to close');
  await expect(frameOf(index).locator('.tile .card-label')).toHaveCount(0);
  await reset(index);
});

test('a tile embed renders that one tile and raises loaded and tileLoaded', async () => {
  const accessToken = await stack.embedToken({
    dashboardIds: [FLEET_DASHBOARD_ID],
    databaseNames: ['fabrikam'],
  });
  const index = await page.evaluate(
    (config) => window.dashboardHost.embed(config, { width: 500, height: 320 }),
    {
      type: 'tile',
      id: 'pages-per-month',
      dashboardId: FLEET_DASHBOARD_ID,
      embedUrl: `${stack.service}/tileEmbed?dashboardId=${FLEET_DASHBOARD_ID}&tileId=pages-per-month&groupId=${WORKSPACE_ID}`,
      accessToken,
      tokenType: 1,
    },
  );
  await poll(() => count(index, 'tileLoaded')).toBe(1);
  expect(await page.evaluate((i) => window.dashboardHost.names(i), index)).toEqual(['loaded', 'tileLoaded']);
  await expect(frameOf(index).locator('.tile')).toHaveCount(1);
  await expect(frameOf(index).locator('[data-tile="pages-per-month"] svg')).toBeVisible();
  await frameOf(index).locator('.tile-title').click();
  await poll(() => count(index, 'tileClicked')).toBe(1);
  expect(await lastDetail(index, 'tileClicked')).toMatchObject({
    tileId: 'pages-per-month',
    pageName: 'overview',
  });
  await reset(index);
});

test('a token that does not name the dashboard makes the frame raise error, and no tile shows', async () => {
  const accessToken = await stack.embedToken({
    dashboardIds: [SUPPLIES_DASHBOARD_ID],
    databaseNames: ['fabrikam'],
  });
  const index = await page.evaluate((config) => window.dashboardHost.embed(config), {
    type: 'dashboard',
    id: FLEET_DASHBOARD_ID,
    embedUrl: dashboardUrl(),
    accessToken,
    tokenType: 1,
  });
  await poll(() => count(index, 'error')).toBe(1);
  expect(await lastDetail(index, 'error')).toMatchObject({ errorCode: CommonErrorCodes.NotAuthorized });
  expect(await count(index, 'loaded')).toBe(0);
  await expect(frameOf(index).locator('[role="alert"]')).toContainText('could not be loaded');
  await expect(frameOf(index).locator('.tile')).toHaveCount(0);
  await reset(index);
});

test('setAccessToken gives the dashboard its new token', async () => {
  const accessToken = await stack.embedToken({
    dashboardIds: [FLEET_DASHBOARD_ID],
    databaseNames: ['fabrikam'],
  });
  const result = await page.evaluate(async (token) => {
    const dashboard = window.dashboardHost.embeds[0];
    if (!dashboard) throw new Error('no dashboard');
    await dashboard.setAccessToken(token);
    return dashboard.config.accessToken === token;
  }, accessToken);
  expect(result).toBe(true);
});
