/**
 * Report creation and quick create against the real analytics service in Chromium: a host page on another origin
 * drives `@portico/embed`'s create and quick-create embeds, builds a report in the authoring surface, saves it, and
 * re-embeds it as a report in the same element — the visuals that were built come back; quick create shows the
 * rows the host supplied; a token without Create permission is refused.
 */
import { expect, test, type Frame, type Page } from '@playwright/test';
import { PRINT_FLEET_DATASET_ID } from '../../apps/analytics/src/models/built-in.ts';
import { WORKSPACE_ID, startStack, type Stack } from './support/stack.ts';

test.describe.configure({ mode: 'serial' });

let stack: Stack;
let page: Page;

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { intervals: [25, 50, 100, 250], timeout: 20_000 });
const eventCount = (name: string) =>
  page.evaluate((n) => window.createHost.names().filter((e) => e === n).length, name);

function frameOf(path: string): Frame {
  const frame = page.frames().find((f) => f.url().includes(path));
  if (!frame) throw new Error(`no ${path} frame`);
  return frame;
}

/** Runs an async script against the current embed in the host page; returns its JSON value or the failure. */
const settle = (script: string) =>
  page.evaluate(async (body) => {
    const embed = window.createHost.current();
    try {
      const run = new Function('embed', `return (async () => { ${body} })()`) as (
        e: unknown,
      ) => Promise<unknown>;
      return { ok: true as const, value: JSON.parse(JSON.stringify((await run(embed)) ?? null)) as unknown };
    } catch (error) {
      const e = error as { message?: string; body?: unknown };
      return { ok: false as const, message: e.message, body: e.body ?? error };
    }
  }, script);

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  stack = await startStack();
  page = await browser.newPage();
});

test.afterAll(async () => {
  await page?.close();
  await stack?.close();
});

async function openCreate(permissions: string): Promise<string> {
  const accessToken = await stack.embedToken({
    datasetIds: [PRINT_FLEET_DATASET_ID],
    targetWorkspaceIds: [WORKSPACE_ID],
    permissions,
    databaseNames: ['fabrikam'],
  });
  await page.goto(`${stack.host}/create-host.html`);
  await page.evaluate((config) => window.createHost.create(config), {
    datasetId: PRINT_FLEET_DATASET_ID,
    groupId: WORKSPACE_ID,
    embedUrl: `${stack.service}/reportEmbed?datasetId=${PRINT_FLEET_DATASET_ID}&groupId=${WORKSPACE_ID}`,
    accessToken,
    tokenType: 1,
  });
  return accessToken;
}

/**
 * Quick-creates a report of `datasetCreateConfig` with a Create token for fabrikam, on `embedUrl` (default the
 * quick-create page) with `settings` (e.g. the embed's locale); resolves with the token once the host page asked.
 */
async function quickCreate(
  datasetCreateConfig: Record<string, unknown>,
  options: { embedUrl?: string; settings?: Record<string, unknown> } = {},
): Promise<string> {
  const accessToken = await stack.embedToken({
    targetWorkspaceIds: [WORKSPACE_ID],
    permissions: 'Create',
    databaseNames: ['fabrikam'],
  });
  await page.goto(`${stack.host}/create-host.html`);
  // The quick-create page proper: its frame is a chunk of its own that arrives after the iframe's load event.
  await page.evaluate((config) => window.createHost.quickCreate(config), {
    embedUrl: options.embedUrl ?? `${stack.service}/quickCreate`,
    accessToken,
    tokenType: 1,
    ...(options.settings === undefined ? {} : { settings: options.settings }),
    datasetCreateConfig,
  });
  return accessToken;
}

/** Quick-creates a report of an Orders table (Customer text, Amount double) holding `rows`, with `settings`. */
const quickCreateOrders = (rows: string[][], settings?: Record<string, unknown>): Promise<string> =>
  quickCreate(
    {
      locale: 'en-US',
      tableSchemaList: [
        {
          name: 'Orders',
          columns: [
            { name: 'Customer', dataType: 'Text' },
            { name: 'Amount', dataType: 'Double' },
          ],
        },
      ],
      data: [{ name: 'Orders', rows }],
    },
    settings === undefined ? {} : { settings },
  );

test('a report built on a dataset is saved, and re-embedded as a report it shows the visuals that were built', async () => {
  const accessToken = await openCreate('Create');
  await poll(() => eventCount('loaded')).toBe(1);
  const frame = frameOf('/reportEmbed');
  const fields = frame.getByRole('complementary', { name: 'Fields' });
  await fields.locator('summary', { hasText: /^Devices$/ }).click();
  await fields.locator('summary', { hasText: /^Meter readings$/ }).click();

  // A column chart of total pages by model.
  await frame.getByRole('button', { name: 'Add visual' }).click();
  await fields.getByRole('button', { name: 'Add Devices › Model' }).click();
  await fields.getByRole('button', { name: 'Add Meter readings › Total pages' }).click();
  // A card of the printer count.
  await frame.getByLabel('New visual').selectOption('card');
  await frame.getByRole('button', { name: 'Add visual' }).click();
  await fields.getByRole('button', { name: 'Add Devices › Devices' }).click();
  // A second page with a table, then back on page 1 a filter.
  await frame.getByRole('button', { name: 'Add page' }).click();
  await expect(frame.getByRole('tab', { name: 'Page 2' })).toHaveAttribute('aria-selected', 'true');
  await frame.getByLabel('New visual').selectOption('tableEx');
  await frame.getByRole('button', { name: 'Add visual' }).click();
  await fields.getByRole('button', { name: 'Add Devices › Manufacturer' }).click();
  await fields.getByRole('button', { name: 'Add Devices › Model' }).click();
  await frame.getByRole('tab', { name: 'Page 1' }).click();
  const allPrinters = frame.locator('section.visual[data-type="card"] .card-value');
  await expect(allPrinters).not.toHaveText('(Blank)');
  const before = Number((await allPrinters.textContent())?.replace(/,/g, ''));
  await frame.getByLabel('Filter column').selectOption({ label: 'Devices › Colour or mono' });
  await frame.getByLabel('Filter values').fill('Mono');
  await frame.getByRole('button', { name: 'Add filter' }).click();
  await expect(frame.getByRole('region', { name: 'Page filters' })).toContainText('Colour or mono is Mono');
  await poll(async () => Number((await allPrinters.textContent())?.replace(/,/g, ''))).toBeLessThan(before);

  // The built visuals render live through the query layer.
  await expect(frame.locator('section.visual')).toHaveCount(2);
  await expect(frame.locator('section.visual[data-status="ready"]')).toHaveCount(2);
  await expect(frame.locator('section.visual[data-type="card"] .card-value')).not.toHaveText('(Blank)');

  expect(await settle('return await embed.isSaved();')).toEqual({ ok: true, value: false });
  const saved = await settle("await embed.saveAs({ name: 'Built in the contract test' });");
  expect(saved).toMatchObject({ ok: true });
  await poll(() => page.evaluate(() => window.createHost.saved().length)).toBe(1);
  const [event] = await page.evaluate(() => window.createHost.saved());
  expect(event).toMatchObject({ reportName: 'Built in the contract test', saveAs: true });
  const reportId = event?.reportObjectId ?? '';
  expect(reportId).toMatch(/^[0-9a-f-]{36}$/);
  // A created report has no original: the frame's draft id never reaches the host.
  expect(event).not.toHaveProperty('originalReportObjectId');

  // The SDK's create → report re-embed, with the host's own token, in the same iframe.
  await page.evaluate((config) => window.createHost.reembed(config), {
    id: reportId,
    embedUrl: `${stack.service}/reportEmbed?reportId=${reportId}&groupId=${WORKSPACE_ID}`,
    accessToken,
    tokenType: 1,
  });
  await poll(() => eventCount('loaded')).toBe(2);
  await expect(frame.getByRole('complementary', { name: 'Fields' })).toHaveCount(0);
  const pages = await settle('return (await embed.getPages()).map((p) => [p.name, p.displayName]);');
  expect(pages).toEqual({
    ok: true,
    value: [
      ['page-1', 'Page 1'],
      ['page-2', 'Page 2'],
    ],
  });
  const visuals = await settle(
    'const out = []; for (const p of await embed.getPages()) for (const v of await p.getVisuals()) out.push([p.name, v.name, v.type, v.title]); return out;',
  );
  expect(visuals).toEqual({
    ok: true,
    value: [
      ['page-1', 'visual-1', 'clusteredColumnChart', 'Total pages by Model'],
      ['page-1', 'visual-2', 'card', 'Devices'],
      ['page-2', 'visual-1', 'tableEx', 'Manufacturer, Model'],
    ],
  });
  await expect(frame.locator('section.visual[data-status="ready"]')).toHaveCount(2);
  const filters = await settle('return await (await embed.getActivePage()).getFilters();');
  expect(filters).toMatchObject({
    ok: true,
    value: [{ target: { table: 'Devices', column: 'Colour or mono' }, operator: 'In', values: ['Mono'] }],
  });
});

test("the surface's own Save as button stores the report and raises saved", async () => {
  await openCreate('Create');
  await poll(() => eventCount('loaded')).toBe(1);
  const frame = frameOf('/reportEmbed');
  const fields = frame.getByRole('complementary', { name: 'Fields' });
  await frame.getByLabel('New visual').selectOption('card');
  await frame.getByRole('button', { name: 'Add visual' }).click();
  await fields.locator('summary', { hasText: /^Devices$/ }).click();
  await fields.getByRole('button', { name: 'Add Devices › Devices' }).click();
  await frame.getByRole('textbox', { name: 'Report name' }).fill('Saved from the frame');
  await frame.getByRole('button', { name: 'Save as' }).click();
  await poll(() => page.evaluate(() => window.createHost.saved().length)).toBe(1);
  expect((await page.evaluate(() => window.createHost.saved()))[0]).toMatchObject({
    reportName: 'Saved from the frame',
    saveAs: true,
  });
  // Saved: the surface gives way to the stored report.
  await expect(fields).toHaveCount(0);
  await expect(frame.locator('section.visual[data-type="card"][data-status="ready"]')).toHaveCount(1);
});

test('create without Create permission is refused with an error event', async () => {
  await openCreate('View');
  await poll(() => eventCount('error')).toBe(1);
  const detail = await page.evaluate(() => window.createHost.events.find((e) => e.name === 'error')?.detail);
  expect(detail).toMatchObject({ detailedMessage: expect.stringContaining('Create') });
  await expect(frameOf('/reportEmbed').getByRole('alert')).toContainText('Create permission');
  expect(await eventCount('loaded')).toBe(0);
});

test('quick create shows the supplied rows, and its report is kept by saveAs', async () => {
  const accessToken = await quickCreateOrders([
    ['Ann', '10.5'],
    ['Bob', '4'],
    ['Cy', '7.25'],
  ]);
  await poll(() => eventCount('loaded')).toBe(1);
  const frame = frameOf('/quickCreate');
  const rows = frame.locator('section.visual[data-type="tableEx"] tbody tr');
  await expect(rows).toHaveCount(3);
  expect(
    await rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent))),
  ).toEqual([
    ['1', 'Ann', '10.50'],
    ['2', 'Bob', '4.00'],
    ['3', 'Cy', '7.25'],
  ]);
  await expect(frame.locator('section.visual[data-type="card"] .card-value')).toHaveText('21.75');

  expect(await settle("await embed.saveAs({ name: 'Orders' });")).toMatchObject({ ok: true });
  await poll(() => page.evaluate(() => window.createHost.saved().length)).toBe(1);
  const reportId = (await page.evaluate(() => window.createHost.saved()))[0]?.reportObjectId ?? '';
  await page.evaluate((config) => window.createHost.reembed(config), {
    id: reportId,
    embedUrl: `${stack.service}/reportEmbed?reportId=${reportId}`,
    accessToken,
    tokenType: 1,
  });
  await poll(() => eventCount('loaded')).toBe(2);
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('Ann');
});

test("quick create in German names its generated sums and bar titles in German ('Summe von Amount nach Customer')", async () => {
  await quickCreateOrders([['Ann', '10.5']], { localeSettings: { language: 'de-DE' } });
  await poll(() => eventCount('loaded')).toBe(1);
  const frame = frameOf('/quickCreate');
  await expect(frame.locator('section.visual[data-type="clusteredBarChart"] .visual-title')).toHaveText(
    'Summe von Amount nach Customer',
  );
  await expect(frame.locator('section.visual[data-type="card"] .card-label')).toHaveText('Summe von Amount');
  await expect(frame.locator('section.visual[data-type="tableEx"] thead th').first()).toHaveText(
    'Zeilennummer',
  );
});

test('quick create with a column type the service does not know is refused with an error event', async () => {
  await quickCreate(
    {
      locale: 'en-US',
      tableSchemaList: [{ name: 'Photos', columns: [{ name: 'Image', dataType: 'Picture' }] }],
      data: [{ name: 'Photos', rows: [['x']] }],
    },
    { embedUrl: `${stack.service}/reportEmbed` },
  );
  await poll(() => eventCount('error')).toBe(1);
  const detail = await page.evaluate(() => window.createHost.events.find((e) => e.name === 'error')?.detail);
  expect(detail).toMatchObject({
    errorCode: 'VALIDATION_ERROR',
    detailedMessage: expect.stringContaining("'Picture' is not a known data type"),
  });
  await expect(frameOf('/reportEmbed').getByRole('alert')).toContainText('is not a known data type');
  expect(await eventCount('loaded')).toBe(0);
});
