/**
 * The analytics frame's chrome in the embed's language, in Chromium against the real service, driven by
 * `@portico/embed` from another origin: a German embed shows no English wording of the frame's own (panes, page
 * navigation, the charts' keyboard help, menus, bookmark navigation); the report's titles come from its culture
 * (report-captions.spec.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { PRINT_FLEET_DATASET_ID } from '../../apps/analytics/src/models/built-in.ts';
import { INVOICE_REPORT_ID } from '../../apps/analytics/src/kinds/paginated/samples/invoice.ts';
import { AUTHORING_MESSAGES } from '../../apps/analytics/frame/src/model/authoring-messages.ts';
import { CHROME_MESSAGES } from '../../apps/analytics/frame/src/model/chrome-messages.ts';
import { MENU_MESSAGES } from '../../apps/analytics/frame/src/model/messages.ts';
import { frameOf, poll, reportHosts, settle } from './support/report-page.ts';
import { REPORTS, WORKSPACE_ID } from './support/stack.ts';

test.describe.configure({ mode: 'serial' });

const hosts = reportHosts();

const MARK = '\u0001';

/**
 * The English chrome as fragments to look for: every string message, and the fixed parts of every message built
 * from arguments (`More options:`, `: context menu`…), leaving out parts too short to tell from data.
 */
function englishFragments(): string[] {
  const tables = [CHROME_MESSAGES.en, MENU_MESSAGES.en, AUTHORING_MESSAGES.en] as unknown as Record<
    string,
    unknown
  >[];
  const fragments = tables.flatMap((table) =>
    Object.values(table).flatMap((message) =>
      typeof message === 'string'
        ? [message]
        : String((message as (...a: unknown[]) => unknown)(MARK, MARK, MARK))
            .split(MARK)
            .map((part) => part.trim()),
    ),
  );
  return [...new Set(fragments.filter((f) => f.replace(/[^\p{L}]/gu, '').length >= 4))];
}

/** Every text of the frame's page, seen or only read out: text nodes and the accessible names and descriptions. */
const frameTexts = (p: Page) =>
  frameOf(p).evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement?.tagName;
      if (parent !== 'SCRIPT' && parent !== 'STYLE') texts.push(node.textContent ?? '');
    }
    for (const element of document.body.querySelectorAll('*')) {
      for (const name of ['aria-label', 'aria-roledescription', 'title', 'placeholder']) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    return texts.map((t) => t.trim()).filter((t) => t !== '');
  });

/**
 * The English fragments found in the frame's texts, each with the text it was found in. A fragment of one word
 * ("Pages", "Print") counts only as a whole text, since the report's titles may hold it ("Pages per month").
 */
async function englishOn(p: Page): Promise<string[]> {
  const texts = await frameTexts(p);
  return englishFragments().flatMap((fragment) =>
    texts
      .filter((text) => (/\s/.test(fragment) ? text.includes(fragment) : text === fragment))
      .map((text) => `${fragment} ← ${text}`),
  );
}

/** Opens a chart's options menu and moves the keyboard onto one of its data points, so both are on screen. */
async function showMenusAndPoints(p: Page, moreOptions: RegExp): Promise<void> {
  const frame = frameOf(p);
  const chart = frame.locator('section[data-visual="top-models"][data-status="ready"]');
  await chart.getByRole('listbox').focus();
  await p.keyboard.press('ArrowDown');
  await chart.getByRole('button', { name: moreOptions }).click();
  await expect(frame.getByRole('menu')).toHaveCount(1);
}

test('the checker sees the English chrome of an English embed', async () => {
  const p = await hosts.opened();
  await showMenusAndPoints(p, /^More options/);
  const found = await englishOn(p);
  for (const expected of ['On this page', 'Filters', 'More options:', 'Show as a table', 'Arrow keys move']) {
    expect(
      found.some((f) => f.startsWith(expected)),
      expected,
    ).toBe(true);
  }
});

test('a German embed shows no English chrome on the report page, and the report’s own titles in German', async () => {
  const p = await hosts.opened({ config: { settings: { localeSettings: { language: 'de' } } } });
  const frame = frameOf(p);
  await expect(frame.getByRole('navigation', { name: 'Seiten' })).toHaveCount(1);
  const pane = frame.getByRole('complementary', { name: 'Filter' });
  await expect(pane.getByRole('heading', { name: 'Auf allen Seiten' })).toHaveCount(1);
  await expect(pane.getByRole('heading', { name: 'Auf dieser Seite' })).toHaveCount(1);
  const chart = frame.locator('section[data-visual="top-models"]').getByRole('listbox');
  // The report's own captions come in German too (models/print-fleet/cultures/de.culture.yaml).
  await expect(chart).toHaveAccessibleName('Top 10 Modelle nach gedruckten Seiten');
  await expect(chart).toHaveAccessibleDescription(/^Pfeiltasten wechseln zwischen den Datenpunkten/);
  await showMenusAndPoints(p, /^Weitere Optionen/);
  expect(await englishOn(p)).toEqual([]);
  await p.keyboard.press('Escape');

  // Presentation mode's bookmark bar.
  const played = await settle(p, 'await report.bookmarksManager.play(1); return true;');
  expect(played.ok).toBe(true);
  const bar = frame.getByRole('navigation', { name: 'Lesezeichen' });
  await expect(bar.getByRole('button', { name: 'Nächstes Lesezeichen' })).toHaveCount(1);
  await expect(bar).toContainText('(1 von ');
  await expect(bar.getByRole('button', { name: 'Beenden' })).toHaveCount(1);
  expect(await englishOn(p)).toEqual([]);
});

test('the embed URL’s language alone (no localeSettings) picks the wording too', async () => {
  const p = hosts.track(await hosts.browser.newPage());
  // The SDK puts localeSettings.language in the embed URL; here the URL carries it without any load setting.
  await hosts.embed(p, {
    config: {
      embedUrl: `${hosts.stack.service}/reportEmbed?reportId=${REPORTS.fleetOverview}&groupId=${WORKSPACE_ID}&language=ru`,
    },
  });
  await poll(() => frameOf(p).getByRole('navigation', { name: 'Страницы' }).count()).toBe(1);
  await expect(frameOf(p).getByRole('complementary', { name: 'Фильтры' })).toHaveCount(1);
});

test('a German paginated report’s toolbar, parameter panel and sheet read German, as its PDF does', async () => {
  const p = hosts.track(await hosts.browser.newPage());
  const accessToken = await hosts.stack.embedToken({
    paginatedReportIds: [INVOICE_REPORT_ID],
    databaseNames: ['fabrikam'],
  });
  await p.goto(`${hosts.stack.host}/paginated-host.html`);
  await p.evaluate((config) => window.paginatedHost.embed(config), {
    type: 'report',
    id: INVOICE_REPORT_ID,
    embedUrl: `${hosts.stack.service}/rdlEmbed?reportId=${INVOICE_REPORT_ID}&groupId=${WORKSPACE_ID}`,
    accessToken,
    tokenType: 1,
    settings: { localeSettings: { language: 'de' } },
  });
  const frame = p.frameLocator('iframe[src*="/rdlEmbed"]');
  const toolbar = frame.getByRole('toolbar', { name: 'Bericht' });
  await expect(frame.getByTestId('page-status')).toHaveText(/^Seite 1 von \d+$/);
  for (const name of ['Parameter', 'Erste Seite', 'Nächste Seite', 'Drucken', 'Als PDF exportieren']) {
    await expect(toolbar.getByRole('button', { name })).toHaveCount(1);
  }
  const panel = frame.getByRole('form', { name: 'Parameter' });
  await expect(panel.getByRole('button', { name: 'Bericht anzeigen' })).toHaveCount(1);
  await expect(frame.getByRole('article', { name: /^Seite 1 von \d+$/ })).toHaveCount(1);
  await expect(frame.locator('.rdl-title')).toHaveText(/^Rechnung INV-FABRIKAM-\d{6}$/);
  for (const english of ['View report', 'Export PDF', 'First page', 'Print']) {
    await expect(frame.getByRole('button', { name: english, exact: true })).toHaveCount(0);
  }
});

test('a German report-creation surface shows no English chrome, and its filter list reads German', async () => {
  const p = hosts.track(await hosts.browser.newPage());
  const accessToken = await hosts.stack.embedToken({
    datasetIds: [PRINT_FLEET_DATASET_ID],
    targetWorkspaceIds: [WORKSPACE_ID],
    permissions: 'Create',
    databaseNames: ['fabrikam'],
  });
  await p.goto(`${hosts.stack.host}/create-host.html`);
  await p.evaluate((config) => window.createHost.create(config), {
    datasetId: PRINT_FLEET_DATASET_ID,
    groupId: WORKSPACE_ID,
    embedUrl: `${hosts.stack.service}/reportEmbed?datasetId=${PRINT_FLEET_DATASET_ID}&groupId=${WORKSPACE_ID}`,
    accessToken,
    tokenType: 1,
    settings: { localeSettings: { language: 'de' } },
  });
  await poll(() => p.evaluate(() => window.createHost.names().filter((e) => e === 'loaded').length)).toBe(1);
  const frame = frameOf(p);
  await expect(frame.getByRole('complementary', { name: 'Felder' })).toHaveCount(1);
  await expect(frame.getByRole('button', { name: 'Visual hinzufügen' })).toHaveCount(1);
  // Before any visual the only content is the dataset's field list, whose column "Pages" is data, not chrome.
  expect((await englishOn(p)).filter((found) => found !== 'Pages ← Pages')).toEqual([]);
  await frame.getByLabel('Filterspalte').selectOption({ label: 'Devices › Colour or mono' });
  await frame.getByLabel('Filterwerte').fill('Mono');
  await frame.getByRole('button', { name: 'Filter hinzufügen' }).click();
  await expect(frame.getByRole('region', { name: 'Seitenfilter' })).toContainText('Colour or mono ist Mono');
});
