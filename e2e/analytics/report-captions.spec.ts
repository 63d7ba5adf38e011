/**
 * The report's own content in the embed's language, in Chromium against the real service through `@portico/embed`:
 * a German or Japanese embed of the fleet overview shows its page tabs, visual titles and field names (the filters
 * pane, a table's headers) translated, while `getPages()` keeps the page names filters and `setPage` use.
 */
import { expect, test, type Page } from '@playwright/test';
import { frameOf, reportHosts, settle } from './support/report-page.ts';

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
