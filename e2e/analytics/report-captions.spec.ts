/**
 * The report's own content in the embed's language, in Chromium against the real service through `@portico/embed`:
 * a German or Japanese embed of the fleet overview shows its page tabs, visual titles and field names (the filters
 * pane, a table's headers) translated, while `getPages()` keeps the page names filters and `setPage` use. The data's
 * small vocabularies too: a German Service alerts report reads Kritisch, Warnung, Info in that order, while its
 * filters keep the raw values (critical).
 */
import { expect, test, type Page } from '@playwright/test';
import { eventCount, frameOf, poll, reportHosts, settle } from './support/report-page.ts';
import { REPORTS, WORKSPACE_ID } from './support/stack.ts';

test.describe.configure({ mode: 'serial' });

const hosts = reportHosts();

const CASES = [
  {
    language: 'de',
    pagesLabel: 'Seiten',
    filtersLabel: 'Filter',
    pages: ['Übersicht', 'Drucker', 'Standorte'],
    topModels: 'Top 10 Modelle nach gedruckten Seiten',
    manufacturer: 'Hersteller',
    serialNumber: 'Seriennummer',
    selectAll: 'Alle auswählen',
  },
  {
    language: 'ja',
    pagesLabel: 'ページ',
    filtersLabel: 'フィルター',
    pages: ['概要', 'プリンター', '拠点'],
    topModels: '印刷枚数上位10モデル',
    manufacturer: 'メーカー',
    serialNumber: 'シリアル番号',
    selectAll: 'すべて選択',
  },
] as const;

/** The host sets a report filter on the manufacturer, so the filters pane shows a card for that field. */
const filterOnManufacturer = (p: Page) =>
  settle(
    p,
    `await report.setFilters([{ $schema: 'http://powerbi.com/product/schema#basic',
      target: { table: 'Devices', column: 'Manufacturer' }, filterType: 1, operator: 'In', values: ['HP'] }]);`,
  );

for (const c of CASES) {
  test(`a ${c.language} embed shows the fleet overview's tabs, titles and field names in ${c.language}`, async () => {
    const p = await hosts.opened({ config: { settings: { localeSettings: { language: c.language } } } });
    const frame = frameOf(p);

    const tabs = frame.getByRole('navigation', { name: c.pagesLabel });
    for (const page of c.pages) await expect(tabs.getByText(page, { exact: true })).toHaveCount(1);
    await expect(tabs).not.toContainText('Overview');

    const pages = await settle(
      p,
      'return (await report.getPages()).map((page) => ({ name: page.name, displayName: page.displayName }));',
    );
    expect(pages).toEqual({
      ok: true,
      value: [
        { name: 'overview', displayName: c.pages[0] },
        { name: 'devices', displayName: c.pages[1] },
        { name: 'sites', displayName: c.pages[2] },
      ],
    });

    const topModels = frame.locator('section[data-visual="top-models"]');
    await expect(topModels.locator('.visual-title')).toHaveText(c.topModels);

    // The site slicer's own wording (its list's "Select all").
    await frame.locator('section[data-visual="site"] .slicer-button').click();
    await expect(frame.locator('.slicer-popup').getByRole('checkbox', { name: c.selectAll })).toHaveCount(1);
    await p.keyboard.press('Escape');

    expect((await filterOnManufacturer(p)).ok).toBe(true);
    const pane = frame.getByRole('complementary', { name: c.filtersLabel });
    await expect(pane).toContainText(c.manufacturer);
    await expect(pane).not.toContainText('Manufacturer');

    // A table's column headers, on the printers page (setPage by its stable name).
    expect((await settle(p, "await report.setPage('devices');")).ok).toBe(true);
    const list = frame.locator('section[data-visual="printer-list"]');
    await expect(list.getByRole('columnheader', { name: c.serialNumber })).toHaveCount(1);
    await expect(list.getByRole('columnheader', { name: 'Serial number' })).toHaveCount(0);
  });
}

test('an English embed keeps the captions the report was written with', async () => {
  const p = await hosts.opened();
  const frame = frameOf(p);
  await expect(
    frame.getByRole('navigation', { name: 'Pages' }).getByText('Overview', { exact: true }),
  ).toHaveCount(1);
  await expect(frame.locator('section[data-visual="top-models"] .visual-title')).toHaveText(
    'Top 10 models by pages printed',
  );
});

/** Embeds the Service alerts report in `language` on a new page and resolves once it has rendered. */
async function serviceAlerts(language: string): Promise<Page> {
  const p = hosts.track(await hosts.browser.newPage());
  const { stack } = hosts;
  const accessToken = await stack.embedToken({
    reportId: REPORTS.serviceAlerts,
    databaseNames: ['fabrikam'],
  });
  await p.goto(`${stack.host}/host.html`);
  await p.evaluate((config) => window.analyticsHost.embed(config), {
    type: 'report',
    id: REPORTS.serviceAlerts,
    embedUrl: `${stack.service}/reportEmbed?reportId=${REPORTS.serviceAlerts}&groupId=${WORKSPACE_ID}`,
    accessToken,
    tokenType: 1,
    settings: { localeSettings: { language } },
  });
  await poll(() => eventCount(p, 'rendered')).toBeGreaterThanOrEqual(1);
  return p;
}

test('a German embed of Service alerts shows severities as Kritisch, Warnung, Info in that order and filters by the raw value', async () => {
  const p = await serviceAlerts('de');
  const frame = frameOf(p);
  const SEVERITIES = ['Kritisch', 'Warnung', 'Info'];

  // The slicer (a list, or a dropdown where the list does not fit): captions, in the natural order.
  const slicer = frame.locator('section[data-visual="severity"]');
  const button = slicer.locator('.slicer-button');
  if ((await button.count()) > 0) await button.click();
  const names = async () =>
    (await frame.locator('.slicer-body label').allTextContents()).filter((t) => t !== 'Alle auswählen');
  await poll(names).toEqual(SEVERITIES);

  // The donut's data points (what the keyboard and screen readers meet; the drawing's labels are the same text).
  const donut = frame.locator('section[data-visual="alerts-by-severity"] [role="option"]');
  const slices = (await donut.allTextContents()).map((t) => t.split(':')[0]?.trim());
  expect(slices).toEqual(SEVERITIES);

  // Choosing Kritisch filters by the raw value the data holds.
  await frame.locator('.slicer-body label', { hasText: 'Kritisch' }).locator('input').check();
  const state = async () =>
    settle(
      p,
      "return (await (await report.page('summary').getVisualByName('severity')).getSlicerState()).filters;",
    );
  await poll(async () => {
    const settled = await state();
    return settled.ok ? (settled.value as { values?: unknown[] }[])[0]?.values : settled;
  }).toEqual(['critical']);
  if ((await button.count()) > 0) await p.keyboard.press('Escape');
  // And an export of the donut's data, like the filters, has the raw values, never the captions.
  const exported = await settle(
    p,
    "return (await (await report.page('summary').getVisualByName('alerts-by-severity')).exportData(0)).data;",
  );
  expect(exported.ok).toBe(true);
  expect(String(exported.ok ? exported.value : '')).toMatch(/^critical,/m);
  expect(String(exported.ok ? exported.value : '')).not.toContain('Kritisch');

  // The filters pane's card on Severity lists the captions in the same order; choosing one filters by the raw value
  // and the card's sentence names the caption.
  const pane = frame.getByRole('complementary', { name: 'Filter' });
  await pane.getByRole('button', { name: 'Schweregrad ist (Alle)' }).click();
  await poll(async () => pane.locator('.filter-values li label span').allTextContents()).toEqual(SEVERITIES);
  await pane.locator('.filter-values li label', { hasText: 'Warnung' }).locator('input').check();
  await expect(pane.getByRole('button', { name: 'Schweregrad ist Warnung' })).toHaveCount(1);
  const pageFilters = await settle(p, "return (await report.page('summary').getFilters());");
  expect(pageFilters.ok ? pageFilters.value : pageFilters).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        target: { table: 'Service alerts', column: 'Severity' },
        values: ['warning'],
      }),
    ]),
  );

  // A bookmark of this view holds the raw value; a host's setFilters with the raw value reads as the caption.
  const captured = await settle(p, 'return await report.bookmarksManager.capture();');
  const bookmark = captured.ok ? (captured.value as { state: string }).state : '';
  const decoded = Buffer.from(bookmark, 'base64url').toString('utf8');
  expect(decoded).toContain('"warning"');
  expect(decoded).not.toContain('Warnung');
  const critical = {
    $schema: 'http://powerbi.com/product/schema#basic',
    target: { table: 'Service alerts', column: 'Severity' },
    filterType: 1,
    operator: 'In',
    values: ['critical'],
  };
  expect((await settle(p, `await report.setFilters([${JSON.stringify(critical)}]);`)).ok).toBe(true);
  await expect(pane.getByRole('button', { name: 'Schweregrad ist Kritisch' })).toHaveCount(1);
  expect(await settle(p, 'return await report.getFilters();')).toMatchObject({
    ok: true,
    value: [{ values: ['critical'] }],
  });
  expect((await settle(p, 'await report.removeFilters();')).ok).toBe(true);

  // The reliability page's matrix heads its severity columns critical → warning → info, by caption.
  expect((await settle(p, "await report.setPage('reliability');")).ok).toBe(true);
  const matrix = frame.locator('section[data-visual="model-severity-matrix"]');
  await poll(async () => (await matrix.locator('thead th').allTextContents()).slice(1)).toEqual(SEVERITIES);
});
