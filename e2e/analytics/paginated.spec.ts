/**
 * Paginated (RDL) reports against the real analytics service in Chromium: a host page on another origin embeds
 * `/rdlEmbed` through `@portico/embed` and checks real effects — the config's parameterValues reach the page, the
 * page count follows the parameters, page navigation, a PDF and a CSV download with the report's pages and rows,
 * the parameter panel's settings, and the SDK's RDL restrictions.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { DEVICE_ALERTS_REPORT_ID } from '../../apps/analytics/src/kinds/paginated/samples/device-alerts.ts';
import { INVOICE_REPORT_ID } from '../../apps/analytics/src/kinds/paginated/samples/invoice.ts';
import type { PageAnswer, ParameterValue } from '@portico/analytics-model';
import { WORKSPACE_ID, startStack, type Stack } from './support/stack.ts';

test.describe.configure({ mode: 'serial' });

const ALL = ['contoso_emea', 'contoso_us', 'fabrikam', 'northwind', 'tailspin'];
const RDL = 'This API is currently not supported for RDL reports';

let stack: Stack;
let page: Page;
let token: string;

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { intervals: [25, 50, 100, 250], timeout: 15_000 });

/** Page 1 as the service answers it for `values`: the expected page count, straight from the API. */
async function serverPage(reportId: string, values: ParameterValue[], n = 1): Promise<PageAnswer> {
  const res = await fetch(`${stack.service}/frame-api/paginated-reports/${reportId}/pages/${n}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ parameterValues: values }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as PageAnswer;
}

async function embed(
  p: Page,
  reportId: string,
  extra: Record<string, unknown> = {},
  language = '',
): Promise<void> {
  await p.goto(`${stack.host}/paginated-host.html`);
  await p.evaluate((config) => window.paginatedHost.embed(config), {
    type: 'report',
    id: reportId,
    embedUrl: `${stack.service}/rdlEmbed?reportId=${reportId}&groupId=${WORKSPACE_ID}${language ? `&language=${language}` : ''}`,
    accessToken: token,
    tokenType: 1,
    ...extra,
  });
}

/** Sizes the host's element around the frame (the host page embeds into a 1280×900 one). */
const frameSize = (p: Page, width: number, height: number) =>
  p.evaluate(
    ([w, h]) => {
      const holder = document.querySelector('iframe')?.parentElement;
      if (holder) Object.assign(holder.style, { width: `${w}px`, height: `${h}px` });
    },
    [width, height],
  );

/** The paginated frame, found when a locator inside it is used (so it may still be loading). */
const frameOf = (p: Page): FrameLocator => p.frameLocator('iframe[src*="/rdlEmbed"]');

const eventCount = (p: Page, name: string) =>
  p.evaluate((n) => window.paginatedHost.names().filter((e) => e === n).length, name);

/** databaseName → the account's name, as the panel labels it. */
const accountLabels = (answer: PageAnswer) =>
  new Map(answer.parameters.find((p) => p.name === 'Accounts')?.validValues?.map((v) => [v.value, v.label]));

const status = () => frameOf(page).getByTestId('page-status');

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  stack = await startStack();
  token = await stack.embedToken({
    paginatedReportIds: [INVOICE_REPORT_ID, DEVICE_ALERTS_REPORT_ID],
    databaseNames: ALL,
  });
  page = await browser.newPage();
});

test.afterAll(async () => {
  await page?.close();
  await stack?.close();
});

test('renders with the parameterValues of the load config and raises loaded and rendered', async () => {
  const values = [{ name: 'Accounts', value: 'tailspin' }];
  const expected = await serverPage(DEVICE_ALERTS_REPORT_ID, values);
  await embed(page, DEVICE_ALERTS_REPORT_ID, { parameterValues: values });
  await poll(() => eventCount(page, 'rendered')).toBe(1);
  expect(await eventCount(page, 'loaded')).toBe(1);
  await expect(status()).toHaveText(`Page 1 of ${expected.pageCount}`);
  const frame = frameOf(page);
  const labels = accountLabels(expected);
  const label = (account: string) => labels.get(account) ?? account;
  await expect(frame.getByText(`Accounts: ${label('tailspin')}`, { exact: true })).toBeVisible();
  await expect(frame.getByRole('checkbox', { name: label('tailspin') })).toBeChecked();
  await expect(frame.getByRole('checkbox', { name: label('fabrikam') })).not.toBeChecked();
});

test('changes the page count when the parameters change', async () => {
  const one = await serverPage(DEVICE_ALERTS_REPORT_ID, [{ name: 'Accounts', value: 'tailspin' }]);
  const all = await serverPage(DEVICE_ALERTS_REPORT_ID, []);
  expect(all.pageCount).toBeGreaterThan(one.pageCount);
  const frame = frameOf(page);
  for (const [account, name] of accountLabels(all)) {
    if (account !== 'tailspin') await frame.getByRole('checkbox', { name }).check();
  }
  const before = await eventCount(page, 'rendered');
  await frame.getByRole('button', { name: 'View report' }).click();
  await expect(status()).toHaveText(`Page 1 of ${all.pageCount}`);
  await poll(() => eventCount(page, 'rendered')).toBe(before + 1);
});

test('a refused parameter is explained in the panel and the page stays', async () => {
  const frame = frameOf(page);
  await frame.getByLabel('Opened from').fill('2024-06-20');
  await frame.getByLabel('Opened to').fill('2024-06-01');
  await frame.getByRole('button', { name: 'View report' }).click();
  await expect(frame.getByRole('alert')).toContainText("Parameter 'To': 2024-06-01 is before From.");
  await expect(status()).toHaveText(/^Page 1 of /);
  await poll(async () => (await page.evaluate(() => window.paginatedHost.events)).at(-1)?.name).toBe('error');
});

test('navigates first, previous, next and last', async () => {
  const all = await serverPage(DEVICE_ALERTS_REPORT_ID, []);
  await embed(page, DEVICE_ALERTS_REPORT_ID);
  await expect(status()).toHaveText(`Page 1 of ${all.pageCount}`);
  const frame = frameOf(page);
  await frame.getByRole('button', { name: 'Next page' }).click();
  await expect(status()).toHaveText(`Page 2 of ${all.pageCount}`);
  const second = await serverPage(DEVICE_ALERTS_REPORT_ID, [], 2);
  const firstLabel = second.lines.find((l) => l.label !== '')?.label ?? '';
  await expect(frame.locator('.rdl-sheet')).toContainText(firstLabel);
  // The report's name heads every page after the first.
  await expect(frame.locator('.rdl-report-name, .rdl-title')).toHaveText(['Device alerts by site']);
  await frame.getByRole('button', { name: 'Last page' }).click();
  await expect(status()).toHaveText(`Page ${all.pageCount} of ${all.pageCount}`);
  await expect(frame.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await expect(frame.locator('.rdl-total')).toContainText(/^Total: \d+ alerts/);
  await frame.getByRole('button', { name: 'Previous page' }).click();
  await expect(status()).toHaveText(`Page ${all.pageCount - 1} of ${all.pageCount}`);
  await frame.getByRole('button', { name: 'First page' }).click();
  await expect(status()).toHaveText(`Page 1 of ${all.pageCount}`);
  // Page 1 names it once: its header block's title, with no page header above it.
  await expect(frame.locator('.rdl-report-name, .rdl-title')).toHaveText(['Device alerts by site']);
  await expect(frame.locator('.rdl-title')).toHaveText('Device alerts by site');
});

test('exports a real PDF with as many pages as the report', async () => {
  const all = await serverPage(DEVICE_ALERTS_REPORT_ID, []);
  const download = page.waitForEvent('download');
  await frameOf(page).getByRole('button', { name: 'Export PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Device alerts by site.pdf');
  const pdf = (await readFile(await file.path())).toString('latin1');
  expect(pdf.startsWith('%PDF-')).toBe(true);
  expect(pdf.match(/\/Type \/Page\b/g)?.length).toBe(all.pageCount);
});

test('exports a CSV holding every alert of the report', async () => {
  const all = await serverPage(
    DEVICE_ALERTS_REPORT_ID,
    [],
    (await serverPage(DEVICE_ALERTS_REPORT_ID, [])).pageCount,
  );
  const total = all.lines.find((l) => l.kind === 'total')?.label ?? '';
  const alerts = Number(/Total: ([\d,]+) alert/.exec(total)?.[1]?.replaceAll(',', ''));
  expect(alerts).toBeGreaterThan(0);
  const download = page.waitForEvent('download');
  await frameOf(page).getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Device alerts by site.csv');
  const lines = (await readFile(await file.path(), 'utf8')).split('\r\n').filter((l) => l !== '');
  expect(lines[0]).toBe(
    'Account,Site,Serial number,Model,Location,Opened (UTC),Code,Severity,Description,Status,Closed (UTC),Hours',
  );
  expect(lines.length - 1).toBe(alerts);
  // The sheet names an alert by its description alone; the CSV keeps its raw code for programs.
  expect(lines.some((l) => l.includes(',PAPER_JAM,'))).toBe(true);
});

test('follows settings.commands.parameterPanel at load and through updateSettings', async () => {
  await embed(page, INVOICE_REPORT_ID, {
    parameterValues: [
      { name: 'Account', value: 'fabrikam' },
      { name: 'Month', value: '2024-05' },
    ],
    settings: { commands: { parameterPanel: { enabled: false } } },
  });
  const frame = frameOf(page);
  await expect(frame.locator('.rdl-title')).toHaveText('Invoice INV-FABRIKAM-202405');
  await expect(frame.getByRole('button', { name: 'Parameters' })).toHaveCount(0);
  await expect(frame.getByRole('form', { name: 'Parameters' })).toHaveCount(0);
  await page.evaluate(() =>
    window.paginatedHost.current().updateSettings({
      commands: { parameterPanel: { enabled: true, expanded: true } },
    } as never),
  );
  await expect(frame.getByRole('form', { name: 'Parameters' })).toBeVisible();
  await expect(frame.getByLabel('Month')).toHaveValue('2024-05');
  await frame.getByRole('button', { name: 'Parameters' }).click();
  await expect(frame.getByRole('form', { name: 'Parameters' })).toHaveCount(0);
});

test('the SDK refuses the calls paginated reports do not support, with the RDL message', async () => {
  const outcomes = await page.evaluate(async () => {
    const report = window.paginatedHost.current();
    const settle = (run: () => Promise<unknown>) =>
      run().then(
        () => 'resolved',
        (error: { message?: string }) => error.message ?? String(error),
      );
    return {
      getPages: await settle(() => report.getPages()),
      print: await settle(() => report.print()),
      setFilters: await settle(() => report.setFilters([])),
      applyTheme: await settle(() => report.applyTheme({})),
      correlationId: await report.getCorrelationId(),
      refresh: await settle(() => report.refresh()),
    };
  });
  expect(outcomes).toMatchObject({
    getPages: RDL,
    print: RDL,
    setFilters: RDL,
    applyTheme: RDL,
    refresh: 'resolved',
  });
  expect(outcomes.correlationId).toMatch(/^[0-9a-f-]{36}$/);
});

test('a token without the report fails the load with an error event', async () => {
  const other = await stack.embedToken({
    paginatedReportIds: [INVOICE_REPORT_ID],
    databaseNames: ['fabrikam'],
  });
  await page.goto(`${stack.host}/paginated-host.html`);
  await page.evaluate((config) => window.paginatedHost.embed(config), {
    type: 'report',
    id: DEVICE_ALERTS_REPORT_ID,
    embedUrl: `${stack.service}/rdlEmbed?reportId=${DEVICE_ALERTS_REPORT_ID}&groupId=${WORKSPACE_ID}`,
    accessToken: other,
    tokenType: 1,
  });
  await poll(() => eventCount(page, 'error')).toBe(1);
  await expect(frameOf(page).getByRole('alert')).toContainText(
    'does not grant access to this paginated report',
  );
});

test('shows the sheet in German at 1024×768: its text, numbers and dates, titles above the lines, no sideways scroll', async ({
  browser,
}) => {
  const german = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  try {
    await embed(
      german,
      INVOICE_REPORT_ID,
      { parameterValues: [{ name: 'Account', value: 'fabrikam' }] },
      'de',
    );
    const frame = frameOf(german);
    await expect(frame.getByTestId('page-status')).toHaveText(/^Seite 1 von \d+$/);
    const sheet = frame.locator('.rdl-sheet');
    await expect(sheet.locator('.rdl-title')).toHaveText(/^Rechnung INV-FABRIKAM-\d{6}$/);
    await expect(sheet.locator('.rdl-header-line').nth(3)).toHaveText(
      /^Währung EUR \(Euro\) – Seitenpreise: S\/W 0,008\s€, Farbe 0,045\s€$/,
    );
    await expect(sheet).toContainText(/Abrechnungszeitraum \d\d\.\d\d\.\d{4} bis \d\d\.\d\d\.\d{4}/);
    await expect(sheet.locator('.rdl-page-footer')).toContainText(/Seite 1 von \d+/);
    await expect(sheet.locator('.rdl-total')).toContainText(/^Gesamt/);
    // Amounts in euros in de-DE: a decimal comma, a point between thousands, the sign after; unit prices too.
    const amounts = await sheet.locator('.rdl-detail .rdl-cell:nth-child(5)').allInnerTexts();
    expect(amounts.length).toBeGreaterThan(0);
    for (const amount of amounts) expect(amount).toMatch(/^\d{1,3}(\.\d{3})*,\d\d\s€$/);
    const prices = await sheet.locator('.rdl-detail .rdl-cell:nth-child(4)').allInnerTexts();
    for (const price of prices) expect(price).toMatch(/^0,008\s€$/);
    await expect(sheet.locator('.rdl-note').last()).toHaveText(/^Rechnungsbetrag: [\d.]+,\d\d\s€$/);
    const titles = sheet.getByTestId('column-titles');
    await expect(titles).toContainText('Seriennummer');
    await expect(titles).toContainText('Preis je Seite');
    // The titles sit under the header block and right above the first line.
    const box = async (locator: ReturnType<typeof sheet.locator>) => {
      const found = await locator.boundingBox();
      expect(found).not.toBeNull();
      return found ?? { x: 0, y: 0, width: 0, height: 0 };
    };
    const header = await box(sheet.locator('.rdl-header-line').last());
    const row = await box(titles);
    const first = await box(sheet.locator('.rdl-lines > .rdl-group').first());
    expect(row.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    expect(first.y - (row.y + row.height)).toBeLessThan(6);
    // No title cut: each fits its two lines.
    const cut = await titles
      .locator('.rdl-title-text')
      .evaluateAll((spans) =>
        spans
          .filter((s) => s.scrollHeight > s.clientHeight + 1 || s.scrollWidth > s.clientWidth + 1)
          .map((s) => s.textContent),
      );
    expect(cut).toEqual([]);
    // Page width: the sheet fits the viewer, nothing scrolls sideways, the text stays at least 10 px.
    const viewport = frame.locator('.rdl-viewport');
    const fit = await viewport.evaluate((v) => ({
      scroll: v.scrollWidth - v.clientWidth,
      scale: Number((v as HTMLElement).dataset['scale']),
    }));
    expect(fit.scroll).toBeLessThanOrEqual(0);
    expect(fit.scale * 11).toBeGreaterThanOrEqual(10);
    await expect(frame.getByTestId('scroll-hint')).toHaveCount(0);
    // The PDF in German, saved under its German name.
    const download = german.waitForEvent('download');
    await frame.getByRole('button', { name: 'Als PDF exportieren' }).click();
    expect((await download).suggestedFilename()).toBe('Monatliche Seitenabrechnung.pdf');
    // On a phone the sheet keeps readable text and says it scrolls sideways.
    await german.setViewportSize({ width: 390, height: 844 });
    await frameSize(german, 390, 844);
    const hint = frame.getByTestId('scroll-hint');
    await expect(hint).toBeVisible();
    expect(await viewport.evaluate((v) => v.scrollWidth > v.clientWidth)).toBe(true);
    // The hint sits above the scrolling sheet and covers none of its rows.
    const hintBox = await hint.boundingBox();
    const viewportBox = await viewport.boundingBox();
    expect(hintBox).not.toBeNull();
    expect((hintBox?.y ?? 0) + (hintBox?.height ?? 0)).toBeLessThanOrEqual((viewportBox?.y ?? 0) + 0.5);
    // It goes once the reader scrolls sideways.
    await viewport.evaluate((v) => v.scrollBy({ left: 40 }));
    await expect(hint).toHaveCount(0);
  } finally {
    await german.close();
  }
});

test('shows each alert once, by its description in German, with severity and status as the model captions them', async ({
  browser,
}) => {
  const german = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  try {
    await embed(german, DEVICE_ALERTS_REPORT_ID, {}, 'de');
    const frame = frameOf(german);
    await expect(frame.getByTestId('page-status')).toHaveText(/^Seite 1 von \d+$/);
    const sheet = frame.locator('.rdl-sheet');
    await expect(sheet).toContainText('Schweregrad: Kritisch, Warnung, Info');
    // One column names the alert: no code column beside the description ("Papierstau | Warnung | Papierstau").
    const titles = await sheet.locator('.rdl-titles').first().innerText();
    expect(titles).toContain('Meldung');
    expect(titles).not.toMatch(/\bCode\b|Beschreibung/);
    const column = (n: number) => sheet.locator(`.rdl-detail .rdl-cell:nth-child(${n})`).allInnerTexts();
    for (const severity of await column(2)) expect(['Kritisch', 'Warnung', 'Info']).toContain(severity);
    const alerts = await column(3);
    expect(alerts.length).toBeGreaterThan(0);
    for (const alert of alerts) expect(alert).not.toMatch(/^[A-Z_]+$/);
    expect(alerts.some((d) => /Toner|Papier|Klappe|Trommel|Gerät|Fehler|Wartung|Scanner/.test(d))).toBe(true);
    for (const status of await column(4)) expect(['Offen', 'Geschlossen']).toContain(status);
    expect(await sheet.locator('.rdl-detail').first().locator('.rdl-cell').count()).toBe(6);
    // Nothing is cut (the sheet is written in the PDF's face): a description wider than its column would wrap onto
    // the continuation line under its detail line.
    const cut = await sheet
      .locator('.rdl-detail .rdl-cell, .rdl-continuation .rdl-cell')
      .evaluateAll((spans) =>
        spans.filter((s) => s.scrollWidth > s.clientWidth + 1).map((s) => s.textContent),
      );
    expect(cut).toEqual([]);
  } finally {
    await german.close();
  }
});
