/**
 * The report canvas in Chromium against the real service through `@portico/embed`: the filters pane collapses to a
 * rail, a basic filter edited in the pane filters the visuals and raises `filtersApplied` as `setFilters` does, the
 * site slicer's dropdown closes on Escape and on a click outside, and a narrow frame stacks the visuals in one
 * column, none of them empty.
 */
import { expect, test, type Frame, type Page } from '@playwright/test';
import { eventCount, frameOf, poll, reportHosts, settle } from './support/report-page.ts';

test.describe.configure({ mode: 'serial' });

const hosts = reportHosts();

/** The host narrows (or widens) the element the report is embedded in, as a phone's page or a side panel would. */
const sizeEmbed = (p: Page, width: number, height: number) =>
  p.evaluate(
    ([w, h]) => {
      const element = document.querySelector('iframe')?.parentElement;
      if (!element) throw new Error('no embed element');
      element.style.width = `${w}px`;
      element.style.height = `${h}px`;
    },
    [width, height] as const,
  );

const boxOf = async (frame: Frame, selector: string) => {
  const found = await frame.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not drawn`);
  return found;
};

test('the filters pane collapses to a rail that gives the canvas its width, and opens again', async () => {
  const p = await hosts.opened();
  const frame = frameOf(p);
  const pane = frame.getByRole('complementary', { name: 'Filters' });
  await expect(pane.getByRole('heading', { name: 'Filters' })).toBeVisible();
  const before = (await boxOf(frame, '.canvas')).width;

  await pane.getByRole('button', { name: 'Hide the filters pane' }).click();
  const rail = pane.getByRole('button', { name: 'Show the filters pane' });
  await expect(rail).toHaveAttribute('aria-expanded', 'false');
  expect((await pane.boundingBox())?.width).toBeLessThanOrEqual(40);
  await expect.poll(async () => (await boxOf(frame, '.canvas')).width).toBeGreaterThan(before + 150);

  await rail.click();
  await expect(pane.getByRole('heading', { name: 'Filters' })).toBeVisible();
  await expect.poll(async () => (await boxOf(frame, '.canvas')).width).toBeLessThan(before + 2);
});

test('a relative date filter reads as a sentence in the pane', async () => {
  const p = await hosts.opened();
  // The overview's own 12-month window sits on its period visuals: the host sets one on the report.
  const set = await settle(
    p,
    `await report.setFilters([{ $schema: 'http://powerbi.com/product/schema#relativeDate',
      target: { table: 'Calendar', column: 'Date' }, filterType: 4, operator: 0, timeUnitsCount: 12,
      timeUnitType: 4, includeToday: false }]);`,
  );
  expect(set.ok).toBe(true);
  await expect(frameOf(p).getByRole('complementary', { name: 'Filters' })).toContainText(
    'Date is in the last 12 calendar months',
  );
  expect((await settle(p, 'await report.removeFilters();')).ok).toBe(true);
});

test('a basic filter picked in the pane filters the visuals and raises filtersApplied with the page filters', async () => {
  const p = await hosts.opened();
  const frame = frameOf(p);
  const pane = frame.getByRole('complementary', { name: 'Filters' });
  const donut = frame.locator('section[data-visual="printers-by-manufacturer"]');
  const slices = donut.getByRole('option');
  await expect.poll(() => slices.count()).toBeGreaterThan(1);

  await pane.getByRole('button', { name: 'Manufacturer is (All)' }).click();
  const values = pane.locator('.filter-values');
  await expect(values.getByRole('checkbox', { name: 'Select all' })).toBeChecked();
  const first = values.getByRole('checkbox').nth(1);
  const name = (await values.locator('label').nth(1).innerText()).trim();
  // The list searches: a part of the value keeps it, a word no value has leaves it alone out.
  await pane.getByRole('searchbox', { name: 'Search' }).fill(name.slice(0, 3));
  await expect(values.getByRole('checkbox', { name })).toBeVisible();
  await pane.getByRole('searchbox', { name: 'Search' }).fill('');

  const applied = await eventCount(p, 'filtersApplied');
  await first.click();
  await poll(() => eventCount(p, 'filtersApplied')).toBe(applied + 1);
  const detail = await p.evaluate(
    () => window.analyticsHost.events.filter((e) => e.name === 'filtersApplied').at(-1)?.detail,
  );
  expect(detail).toMatchObject({
    filters: expect.arrayContaining([
      expect.objectContaining({
        target: { table: 'Devices', column: 'Manufacturer' },
        operator: 'In',
        values: [name],
      }),
    ]),
  });
  // The page's filters, as getFilters on the page reads them, hold the pane's filter: one source of truth.
  const pageFilters = await settle(p, 'return await (await report.getActivePage()).getFilters();');
  expect(JSON.stringify(pageFilters.value)).toContain(`"values":["${name}"]`);
  // The donut now draws the one manufacturer; the card's title says so.
  await expect.poll(() => slices.count()).toBe(1);
  await expect(slices.first()).toContainText(name);
  await expect(pane.getByRole('button', { name: `Manufacturer is ${name}` })).toBeVisible();

  // Clearing the card takes the filter away again.
  await pane.getByRole('button', { name: 'Clear filter: Manufacturer' }).click();
  await expect.poll(() => slices.count()).toBeGreaterThan(1);
});

test('the site slicer dropdown opens under its button and closes on Escape and on a click outside', async () => {
  const p = await hosts.opened();
  const frame = frameOf(p);
  const slicer = frame.locator('section[data-visual="site"]');
  const button = slicer.locator('.slicer-button');
  const popup = frame.locator('.slicer-popup');

  await button.click();
  await expect(popup).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  // The list does not cover the slicer's title or its button.
  const [title, list, opener] = [
    await boxOf(frame, 'section[data-visual="site"] .visual-title'),
    await boxOf(frame, '.slicer-popup'),
    await boxOf(frame, 'section[data-visual="site"] .slicer-button'),
  ];
  const below = list.y >= opener.y + opener.height - 1;
  const above = list.y + list.height <= title.y + 1;
  expect(below || above).toBe(true);

  await p.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
  await expect(button).toBeFocused();

  await button.click();
  await expect(popup).toBeVisible();
  await frame.locator('section[data-visual="top-models"]').click({ position: { x: 5, y: 5 } });
  await expect(popup).toHaveCount(0);
  await expect(button).toHaveAttribute('aria-expanded', 'false');
});

test('a 375-pixel frame stacks the visuals in one column in reading order, every one drawing something', async () => {
  const p = await hosts.opened();
  await sizeEmbed(p, 375, 700);
  const frame = frameOf(p);
  await expect(frame.locator('.report.stacked')).toHaveCount(1, { timeout: 10_000 });
  const visuals = frame.locator('section.visual');
  const count = await visuals.count();
  expect(count).toBe(8);
  const boxes: { name: string; type: string; x: number; y: number; width: number; height: number }[] = [];
  for (let i = 0; i < count; i++) {
    const visual = visuals.nth(i);
    const name = (await visual.getAttribute('data-visual')) ?? '';
    await visual.scrollIntoViewIfNeeded();
    // Where the visual is on the page (not in the scrolled window).
    const box = await visual.evaluate((e: HTMLElement) => ({
      x: e.offsetLeft,
      y: e.offsetTop,
      width: e.offsetWidth,
      height: e.offsetHeight,
    }));
    // Nothing is empty because it is small: a chart draws marks, a card its value, a slicer its choices.
    const type = (await visual.getAttribute('data-type')) ?? '';
    boxes.push({ name, type, ...box });
    if (type === 'card') await expect(visual.locator('.card-value')).not.toHaveText('');
    else if (type === 'slicer')
      await expect(visual.locator('.slicer-button, .slicer-list li').first()).toBeVisible();
    else await expect.poll(() => visual.locator('svg path, svg rect').count()).toBeGreaterThan(4);
  }
  // The charts take the column's width (less its margins) and room to draw.
  const charts = boxes.filter((b) => b.type !== 'card' && b.type !== 'slicer');
  expect(charts).toHaveLength(3);
  for (const b of charts) expect(b.width).toBeGreaterThan(330);
  for (const b of charts) {
    expect(b.x).toBeLessThan(20);
    expect(b.height).toBeGreaterThanOrEqual(200);
  }
  // Reading order: the KPI cards first, the column chart before the donut beside it, the top models last.
  const order = [...boxes].sort((a, b) => a.y - b.y || a.x - b.x).map((b) => b.name);
  expect(order.indexOf('pages-per-month')).toBeLessThan(order.indexOf('printers-by-manufacturer'));
  expect(order.at(-1)).toBe('top-models');
  for (let i = 1; i < boxes.length; i++) {
    const [a, b] = [boxes[i - 1], boxes[i]];
    if (!a || !b || a.x !== b.x) continue;
    expect(a.y + a.height).toBeLessThanOrEqual(b.y + 1);
  }
});
