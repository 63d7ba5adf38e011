/**
 * A chart's data points by keyboard in the analytics frame, in Chromium against the real service, driven by
 * `@portico/embed` from another origin: a chart is one tab stop, arrow keys move through its points (named to
 * assistive technology through `aria-activedescendant`), Enter selects as a click does, Shift+F10 or the
 * context-menu key opens the point's context menu, Escape leaves.
 */
import { expect, test, type Page } from '@playwright/test';
import { eventCount, frameOf, poll, reportHosts, settle } from './support/report-page.ts';

test.describe.configure({ mode: 'serial' });

const hosts = reportHosts();

const ready = (p: Page, visual: string) =>
  frameOf(p).locator(`section[data-visual="${visual}"][data-status="ready"]`);

/** A chart's data points as the keyboard meets them. */
const points = (p: Page, visual: string) => ready(p, visual).getByRole('listbox');

/** The text of the point the keyboard is on (the option `aria-activedescendant` names), or null. */
async function focusedPoint(p: Page, visual: string): Promise<string | null> {
  const id = await points(p, visual).getAttribute('aria-activedescendant');
  if (id === null) return null;
  return frameOf(p).evaluate((i) => document.getElementById(i)?.textContent ?? null, id);
}

/** The raw events the host page recorded under `name`. */
const details = (p: Page, name: string) =>
  p.evaluate((n) => window.analyticsHost.events.filter((e) => e.name === n).map((e) => e.detail), name);

test('a chart is one tab stop whose arrow keys, Home and End name each data point with its value', async () => {
  const p = await hosts.opened();
  const chart = points(p, 'top-models');
  await ready(p, 'top-models')
    .getByRole('button', { name: /More options/ })
    .focus();
  await p.keyboard.press('Tab');
  await expect(chart).toBeFocused();
  await expect(chart).toHaveAccessibleName('Top 10 models by pages printed');
  await expect(chart).toHaveAccessibleDescription(/Arrow keys move through the data points/);
  const count = await chart.getByRole('option', { includeHidden: true }).count();
  expect(count).toBeGreaterThan(1);
  expect(await focusedPoint(p, 'top-models')).toBeNull();

  await p.keyboard.press('ArrowDown');
  expect(await focusedPoint(p, 'top-models')).toMatch(
    new RegExp(`^.+: Total pages [\\d,]+ \\(1 of ${count}\\)$`),
  );
  await p.keyboard.press('ArrowRight');
  expect(await focusedPoint(p, 'top-models')).toMatch(new RegExp(`\\(2 of ${count}\\)$`));
  await p.keyboard.press('End');
  expect(await focusedPoint(p, 'top-models')).toMatch(new RegExp(`\\(${count} of ${count}\\)$`));
  await p.keyboard.press('ArrowDown');
  expect(await focusedPoint(p, 'top-models')).toMatch(new RegExp(`\\(${count} of ${count}\\)$`));
  await p.keyboard.press('Home');
  expect(await focusedPoint(p, 'top-models')).toMatch(new RegExp(`\\(1 of ${count}\\)$`));
  // The focused point is shown as hovering it would: its tooltip.
  await expect(
    ready(p, 'top-models').locator('.chart div').filter({ hasText: 'Total pages' }).first(),
  ).toBeVisible();

  await p.keyboard.press('Escape');
  expect(await focusedPoint(p, 'top-models')).toBeNull();
  await expect(chart).toBeFocused();
  // One tab stop: Tab leaves the chart for the next visual.
  await p.keyboard.press('Tab');
  await expect(chart).not.toBeFocused();
  expect(await eventCount(p, 'dataSelected')).toBe(0);
});

test('Enter on a focused data point selects it as a click does: dataSelected, visualClicked and the cross-filter', async () => {
  const p = await hosts.opened();
  const chart = points(p, 'top-models');
  await chart.focus();
  await p.keyboard.press('ArrowDown');
  await p.keyboard.press('ArrowDown');
  const text = (await focusedPoint(p, 'top-models')) ?? '';
  const model = text.slice(0, text.lastIndexOf(': Total pages'));
  expect(model).not.toBe('');

  await p.keyboard.press('Enter');
  await poll(() => eventCount(p, 'dataSelected')).toBe(1);
  expect(await eventCount(p, 'visualClicked')).toBe(1);
  const [selected] = (await details(p, 'dataSelected')) as {
    visual: { name: string };
    dataPoints: { identity: { target: { column: string }; equals: unknown }[] }[];
    filters: { operator: string; values: unknown[] }[];
  }[];
  expect(selected?.visual.name).toBe('top-models');
  expect(selected?.dataPoints[0]?.identity[0]).toMatchObject({ target: { column: 'Model' }, equals: model });
  expect(selected?.filters).toMatchObject([{ operator: 'In', values: [model] }]);
  await expect(chart.getByRole('option', { includeHidden: true, selected: true })).toHaveText(
    new RegExp(`^${model.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `),
  );
  // The other visuals are filtered by it: the page's cards query again under the cross-filter.
  await poll(() => eventCount(p, 'rendered')).toBeGreaterThanOrEqual(2);

  // Space on the same point clears the selection, as a second click does.
  await p.keyboard.press(' ');
  await poll(() => eventCount(p, 'dataSelected')).toBe(2);
  const cleared = (await details(p, 'dataSelected'))[1] as { dataPoints: unknown[] };
  expect(cleared.dataPoints).toEqual([]);
});

test('Shift+F10 on a data point opens its context menu, and Exclude by keyboard becomes the visual’s filter', async () => {
  const p = await hosts.opened();
  const frame = frameOf(p);
  const chart = points(p, 'printers-by-manufacturer');
  await chart.focus();
  await p.keyboard.press('ArrowRight');
  const text = (await focusedPoint(p, 'printers-by-manufacturer')) ?? '';
  const manufacturer = text.slice(0, text.indexOf(': '));
  expect(manufacturer).not.toBe('');

  await p.keyboard.press('Shift+F10');
  const menu = frame.getByRole('menu', { name: 'Printers by manufacturer: context menu' });
  await expect(menu).toHaveCount(1);
  await expect(menu.locator('button').first()).toBeFocused();
  const exclude = menu.getByRole('menuitem', { name: 'Exclude' });
  for (let i = 0; i < 12 && !(await exclude.evaluate((e) => e === document.activeElement)); i += 1) {
    await p.keyboard.press('ArrowDown');
  }
  await expect(exclude).toBeFocused();
  await p.keyboard.press('Enter');
  await poll(() => eventCount(p, 'filtersApplied')).toBe(1);
  const filters = await settle(
    p,
    `const page = await report.getActivePage();
     return await (await page.getVisuals()).find((v) => v.name === 'printers-by-manufacturer').getFilters();`,
  );
  expect(filters.value).toMatchObject([
    { operator: 'NotIn', target: { table: 'Devices', column: 'Manufacturer' }, values: [manufacturer] },
  ]);
  // Back on the chart, whose points no longer hold the excluded one.
  await expect(chart).toBeFocused();
  await expect(chart.getByRole('option', { includeHidden: true })).not.toContainText([`${manufacturer}: `]);
  expect(await eventCount(p, 'commandTriggered')).toBe(0);
});

test('the context-menu key opens the same menu, Escape closes it back onto the chart, and a second Escape leaves the points', async () => {
  const p = await hosts.opened();
  const frame = frameOf(p);
  const chart = points(p, 'pages-per-month');
  await chart.focus();
  await p.keyboard.press('ArrowRight');
  await p.keyboard.press('ContextMenu');
  const menu = frame.getByRole('menu', { name: 'Pages per month: context menu' });
  await expect(menu).toHaveCount(1);
  await expect(menu.getByRole('menuitem', { name: 'Copy value' })).toHaveCount(1);
  await p.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(chart).toBeFocused();
  // Focus left the chart for the menu, so the keyboard starts again from no point; Escape with none does nothing.
  await p.keyboard.press('ArrowRight');
  expect(await focusedPoint(p, 'pages-per-month')).toMatch(/\(1 of \d+\)$/);
  await p.keyboard.press('Escape');
  expect(await focusedPoint(p, 'pages-per-month')).toBeNull();
  // Without a focused point the menu keys do nothing.
  await p.keyboard.press('Shift+F10');
  await expect(frame.getByRole('menu')).toHaveCount(0);
});
