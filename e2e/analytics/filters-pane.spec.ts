/**
 * The filters pane creating filters, driven as a viewer drives it in Chromium against the real service through
 * `@portico/embed`: a top 3 filter on Model by Total pages added at page level leaves the top-models chart three
 * bars and reaches the host as `filtersApplied` with the filter's JSON; a field added at page level filters on a
 * picked value and `getFilters()` returns it; the selected visual's filters show and take a new one; the pickers
 * close on Escape and give the focus back; what the viewer added they remove again.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Frame, type Locator, type Page } from '@playwright/test';
import { SAMPLE_ACCOUNTS } from '@portico/fleet-data';
import { eventCount, frameOf, poll, reportHosts, settle } from './support/report-page.ts';

test.describe.configure({ mode: 'serial' });

const hosts = reportHosts();

const TOP_3 = {
  $schema: 'http://powerbi.com/product/schema#topN',
  target: { table: 'Devices', column: 'Model' },
  filterType: 5,
  operator: 'Top',
  itemCount: 3,
  orderBy: { table: 'Meter readings', measure: 'Total pages' },
};

const lastApplied = (p: Page) =>
  p.evaluate(() => window.analyticsHost.events.filter((e) => e.name === 'filtersApplied').at(-1)?.detail);

const paneOf = (frame: Frame) => frame.getByRole('complementary', { name: 'Filters' });

/** The bars of the top-models chart: its data points, as its keyboard listbox lists them. */
const bars = (frame: Frame) => frame.locator('section[data-visual="top-models"]').getByRole('option');

/** Opens "Add filter", picks the level and the field, and adds it; resolves once the host heard of it. */
async function addField(p: Page, pane: Locator, level: string, field: string) {
  const applied = await eventCount(p, 'filtersApplied');
  await pane.getByRole('button', { name: 'Add filter' }).click();
  const picker = pane.getByRole('dialog', { name: 'Add a filter' });
  await picker.getByLabel('Filter on').selectOption({ label: level });
  await picker.getByLabel('Field').selectOption({ label: field });
  await picker.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(picker).toBeHidden();
  await poll(() => eventCount(p, 'filtersApplied')).toBe(applied + 1);
}

test('a top 3 filter on Model by Total pages leaves the chart three bars and reaches the host as filtersApplied', async () => {
  // Every account, so the top-models chart has its ten bars (one account's printers are four models).
  const p = await hosts.opened({ databaseNames: SAMPLE_ACCOUNTS.map((a) => a.databaseName) });
  const frame = frameOf(p);
  const pane = paneOf(frame);
  await expect.poll(() => bars(frame).count()).toBe(10);

  await addField(p, pane, 'This page', 'Model');
  // The field is on the page as Power BI keeps a new field: a basic filter selecting all, its card open.
  expect(await lastApplied(p)).toEqual({
    filters: [
      {
        $schema: 'http://powerbi.com/product/schema#basic',
        target: { table: 'Devices', column: 'Model' },
        filterType: 1,
        operator: 'All',
        values: [],
        requireSingleSelection: false,
      },
    ],
  });
  const card = pane.locator('.filter-card', { has: frame.getByRole('button', { name: 'Model is (All)' }) });
  const type = card.getByLabel('Filter type');
  await expect(type).toBeFocused();

  await type.selectOption({ label: 'Top N' });
  await card.getByLabel('Show items').selectOption({ label: 'Top' });
  await card.getByLabel('Number of items').fill('3');
  const apply = card.getByRole('button', { name: 'Apply filter' });
  // No measure to rank by yet: nothing to apply.
  await expect(apply).toBeDisabled();
  await card.getByLabel('By value').selectOption({ label: 'Total pages' });
  const applied = await eventCount(p, 'filtersApplied');
  await apply.click();
  await poll(() => eventCount(p, 'filtersApplied')).toBe(applied + 1);
  expect(await lastApplied(p)).toEqual({ filters: [TOP_3] });

  await expect.poll(() => bars(frame).count()).toBe(3);
  await expect(pane.getByRole('button', { name: 'Model is the top 3 by Total pages' })).toBeVisible();
  const pageFilters = await settle(p, 'return await (await report.getActivePage()).getFilters();');
  expect(pageFilters).toEqual({ ok: true, value: [TOP_3] });

  // The viewer added it, so the viewer removes it: the chart has its ten bars again and the page no filters.
  await pane.getByRole('button', { name: 'Remove filter: Model' }).click();
  await poll(() => eventCount(p, 'filtersApplied')).toBe(applied + 2);
  await expect(pane.getByRole('button', { name: 'Add filter' })).toBeFocused();
  expect(await lastApplied(p)).toEqual({ filters: [] });
  await expect.poll(() => bars(frame).count()).toBe(10);
  expect(await settle(p, 'return await (await report.getActivePage()).getFilters();')).toEqual({
    ok: true,
    value: [],
  });
});

test('a field added at page level filters on a picked value, and getFilters returns it', async () => {
  const p = await hosts.opened();
  const frame = frameOf(p);
  const pane = paneOf(frame);
  const donut = frame.locator('section[data-visual="printers-by-manufacturer"]').getByRole('option');
  await expect.poll(() => donut.count()).toBeGreaterThan(1);

  await addField(p, pane, 'This page', 'Colour or mono');
  const card = pane.locator('.filter-card', {
    has: frame.getByRole('button', { name: 'Colour or mono is (All)' }),
  });
  await expect(card.getByLabel('Filter type')).toHaveValue('basic');
  const values = card.locator('.filter-values');
  await expect(values.getByRole('checkbox', { name: 'Select all' })).toBeChecked();
  const applied = await eventCount(p, 'filtersApplied');
  await values.getByRole('checkbox', { name: 'Colour', exact: true }).check();
  await poll(() => eventCount(p, 'filtersApplied')).toBe(applied + 1);
  const picked = {
    $schema: 'http://powerbi.com/product/schema#basic',
    target: { table: 'Devices', column: 'Colour or mono' },
    filterType: 1,
    operator: 'In',
    values: ['Colour'],
    requireSingleSelection: false,
  };
  expect(await lastApplied(p)).toEqual({ filters: [picked] });
  await expect(pane.getByRole('button', { name: 'Colour or mono is Colour' })).toBeVisible();
  expect(await settle(p, 'return await (await report.getActivePage()).getFilters();')).toEqual({
    ok: true,
    value: [picked],
  });
  // The report's own filters are not touched by a page filter.
  expect(await settle(p, 'return await report.getFilters();')).toEqual({ ok: true, value: [] });

  // × clears the filter to (All) and keeps the card, as Power BI's eraser does.
  await pane.getByRole('button', { name: 'Clear filter: Colour or mono' }).click();
  await poll(() => eventCount(p, 'filtersApplied')).toBe(applied + 2);
  await expect(pane.getByRole('button', { name: 'Colour or mono is (All)' })).toBeVisible();
  expect(await lastApplied(p)).toEqual({
    filters: [{ ...picked, operator: 'All', values: [] }],
  });

  // At report level the field reaches getFilters on the report, and every page's pane lists it.
  await addField(p, pane, 'All pages', 'Manufacturer');
  const report = await settle(p, 'return await report.getFilters();');
  expect(report).toMatchObject({
    ok: true,
    value: [{ target: { table: 'Devices', column: 'Manufacturer' }, operator: 'All' }],
  });
  await expect(pane.getByRole('region', { name: 'On all pages' })).toContainText('Manufacturer is (All)');
});

test('the selected visual shows its filters, and a filter added to it reaches getFilters on the visual', async () => {
  const p = await hosts.opened();
  const frame = frameOf(p);
  const pane = paneOf(frame);
  // Selecting the visual: a press on its title, as on any part of it.
  await frame.locator('section[data-visual="top-models"] .visual-title').click();
  const own = pane.getByRole('region', { name: 'On this visual: Top 10 models by pages printed' });
  await expect(own).toContainText('Model is the top 10 by Total pages');
  await expect(own).toContainText('Date is in the last 12 calendar months');

  await pane.getByRole('button', { name: 'Add filter' }).click();
  const picker = pane.getByRole('dialog', { name: 'Add a filter' });
  await expect(picker.getByLabel('Filter on')).toHaveValue('visual');
  await picker.getByLabel('Field').selectOption({ label: 'Colour or mono' });
  const applied = await eventCount(p, 'filtersApplied');
  await picker.getByRole('button', { name: 'Add', exact: true }).click();
  await poll(() => eventCount(p, 'filtersApplied')).toBe(applied + 1);
  await expect(own).toContainText('Colour or mono is (All)');
  const filters = await settle(
    p,
    `const page = await report.getActivePage();
     const visual = (await page.getVisuals()).find((v) => v.name === 'top-models');
     return await visual.getFilters();`,
  );
  expect(filters.ok).toBe(true);
  expect((filters.value as { target: unknown }[]).map((f) => f.target)).toEqual([
    { table: 'Calendar', column: 'Date' },
    { table: 'Devices', column: 'Model' },
    { table: 'Devices', column: 'Colour or mono' },
  ]);
  // The author's top N filter of the visual is cleared but not removed by a viewer.
  await expect(own.getByRole('button', { name: 'Remove filter: Model' })).toHaveCount(0);
  await expect(own.getByRole('button', { name: 'Remove filter: Colour or mono' })).toBeVisible();
});

test("a top N the host sets with visual.setFilters shows under the visual's heading without pressing on it", async () => {
  const p = await hosts.opened();
  const pane = paneOf(frameOf(p));
  const applied = await eventCount(p, 'filtersApplied');
  const set = await settle(
    p,
    `const page = await report.getActivePage();
     const visual = (await page.getVisuals()).find((v) => v.name === 'printers-by-manufacturer');
     await visual.setFilters([${JSON.stringify({ ...TOP_3, target: { table: 'Devices', column: 'Manufacturer' } })}]);`,
  );
  expect(set).toEqual({ ok: true, value: null });
  await poll(() => eventCount(p, 'filtersApplied')).toBe(applied + 1);
  const own = pane.getByRole('region', { name: /^On this visual: / });
  await expect(own).toHaveCount(1);
  await expect(own.getByRole('button', { name: 'Manufacturer is the top 3 by Total pages' })).toBeVisible();
  // The host's filter is the viewer's to clear, not to remove.
  await expect(own.getByRole('button', { name: 'Clear filter: Manufacturer' })).toBeVisible();
  await expect(own.getByRole('button', { name: 'Remove filter: Manufacturer' })).toHaveCount(0);
});

test('the keyboard reaches every control of the picker; Escape closes it and a card, giving the focus back', async () => {
  const p = await hosts.opened();
  const frame = frameOf(p);
  const pane = paneOf(frame);
  const add = pane.getByRole('button', { name: 'Add filter' });
  await add.focus();
  await p.keyboard.press('Enter');
  const picker = pane.getByRole('dialog', { name: 'Add a filter' });
  await expect(add).toHaveAttribute('aria-expanded', 'true');
  await expect(picker.getByLabel('Filter on')).toBeFocused();
  await p.keyboard.press('Tab');
  await expect(picker.getByLabel('Field')).toBeFocused();
  await p.keyboard.press('Tab');
  await expect(picker.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await p.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(add).toBeFocused();
  await expect(add).toHaveAttribute('aria-expanded', 'false');

  // A card opened from the keyboard closes on Escape with the focus back on its title.
  const title = pane.getByRole('button', { name: 'Manufacturer is (All)' });
  await title.focus();
  await p.keyboard.press('Enter');
  await expect(title).toHaveAttribute('aria-expanded', 'true');
  await pane.getByLabel('Filter type').focus();
  await p.keyboard.press('Escape');
  await expect(title).toHaveAttribute('aria-expanded', 'false');
  await expect(title).toBeFocused();

  // The pane's toggle keeps the focus on the rail that replaces it, and back.
  await pane.getByRole('button', { name: 'Hide the filters pane' }).focus();
  await p.keyboard.press('Enter');
  await expect(pane.getByRole('button', { name: 'Show the filters pane' })).toBeFocused();
  await p.keyboard.press('Enter');
  await expect(pane.getByRole('button', { name: 'Hide the filters pane' })).toBeFocused();
});

test('locked and hidden filters stay out of a viewer’s reach in the pane', async () => {
  const locked = {
    ...TOP_3,
    displaySettings: { isLockedInViewMode: true, displayName: 'Printer model' },
  };
  const hidden = {
    $schema: 'http://powerbi.com/product/schema#basic',
    target: { table: 'Devices', column: 'Site' },
    filterType: 1,
    operator: 'NotIn',
    values: ['Nowhere'],
    displaySettings: { isHiddenInViewMode: true },
  };
  const p = await hosts.opened({ config: { filters: [locked, hidden] } });
  const pane = paneOf(frameOf(p));
  const reportCards = pane.getByRole('region', { name: 'On all pages' });
  await expect(
    reportCards.getByRole('button', { name: 'Printer model is the top 3 by Total pages' }),
  ).toBeDisabled();
  await expect(reportCards.getByRole('img', { name: 'Locked' })).toBeVisible();
  await expect(reportCards.getByRole('button', { name: /Clear filter|Remove filter/ })).toHaveCount(0);
  await expect(reportCards).not.toContainText('Site');
});

test('the pane with its picker and a top N card open has no serious or critical axe-core violation', async () => {
  // axe-core's run across the cross-origin report frame needs a page of a context the test opened.
  const context = await hosts.browser.newContext();
  try {
    const p = await context.newPage();
    await hosts.embed(p);
    const frame = frameOf(p);
    const pane = paneOf(frame);
    await frame.locator('section[data-visual="top-models"] .visual-title').click();
    const own = pane.getByRole('region', { name: 'On this visual: Top 10 models by pages printed' });
    await own.getByRole('button', { name: 'Model is the top 10 by Total pages' }).click();
    await expect(own.getByLabel('By value')).toHaveValue(
      JSON.stringify({ table: 'Meter readings', measure: 'Total pages' }),
    );
    await pane.getByRole('button', { name: 'Add filter' }).click();
    await expect(pane.getByRole('dialog', { name: 'Add a filter' })).toBeVisible();
    await settle(p, `report.setComponentTitle('Fleet overview report');`);
    const { violations } = await new AxeBuilder({ page: p }).include('iframe').analyze();
    const severe = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(severe.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  } finally {
    await context.close();
  }
});
