/**
 * The visual menus' built-in commands in the analytics frame, in Chromium against the real service, driven by
 * `@portico/embed` from another origin: show as a table, sort axis, spotlight, include / exclude, copy, clear
 * selection, remove (edit mode) and drill, each under its `settings.commands` key, by mouse and keyboard, with none
 * of them raising `commandTriggered`.
 */
import { expect, test, type Page } from '@playwright/test';
import { eventCount, frameOf, poll, reportHosts, settle } from './support/report-page.ts';

test.describe.configure({ mode: 'serial' });

const HIDDEN = 2;
const DISABLED = 1;

const hosts = reportHosts();

/** A host page embedding the fleet overview; resolves once it has rendered. */
const opened = (config: Record<string, unknown> = {}, permissions?: string) =>
  hosts.opened({ config, ...(permissions === undefined ? {} : { permissions }) });

const section = (p: Page, visual: string) => frameOf(p).locator(`section[data-visual="${visual}"]`);
const ready = (p: Page, visual: string) =>
  frameOf(p).locator(`section[data-visual="${visual}"][data-status="ready"]`);

/** Opens a visual's options menu ("…"). */
async function options(p: Page, visual: string): Promise<void> {
  await ready(p, visual)
    .getByRole('button', { name: /More options/ })
    .click();
  await expect(frameOf(p).getByRole('menu')).toHaveCount(1);
}

/** The bars (or slices) a chart draws. */
const marks = (p: Page, visual: string) => section(p, visual).locator('svg path[fill]:not([fill="none"])');

/** Points inside each of a chart's marks (bars, slices, legend icons), relative to the mark's box, biggest first. */
async function markPoints(p: Page, visual: string) {
  await expect(marks(p, visual).first()).toBeVisible();
  const found = await marks(p, visual).evaluateAll((paths) =>
    (paths as SVGPathElement[]).flatMap((path, index) => {
      // A donut slice's box centre can fall in the hole: take a point the fill holds.
      const box = path.getBBox();
      const inside: DOMPoint[] = [];
      for (let i = 1; i < 12; i += 1) {
        for (let j = 1; j < 12; j += 1) {
          const point = new DOMPoint(box.x + (box.width * i) / 12, box.y + (box.height * j) / 12);
          if (path.isPointInFill(point)) inside.push(point.matrixTransform(path.getScreenCTM() ?? undefined));
        }
      }
      const rect = path.getBoundingClientRect();
      const middle = inside[Math.floor(inside.length / 2)];
      return middle
        ? [{ index, area: rect.width * rect.height, x: middle.x - rect.left, y: middle.y - rect.top }]
        : [];
    }),
  );
  return found
    .sort((a, b) => b.area - a.area)
    .map((f) => ({ mark: marks(p, visual).nth(f.index), position: { x: f.x, y: f.y } }));
}

/** Clicks (left or right) the first mark of a chart that is a data point: its menu has `item` (or it selects). */
async function onPoint(p: Page, visual: string, button: 'left' | 'right', item = 'Copy value') {
  for (const { mark, position } of await markPoints(p, visual)) {
    if (button === 'left') {
      const before = await eventCount(p, 'selectionChanged');
      await mark.click({ force: true, position });
      const selected = expect
        .poll(() => eventCount(p, 'selectionChanged'), { timeout: 2_000 })
        .toBeGreaterThan(before);
      if (await selected.then(() => true).catch(() => false)) return;
      continue;
    }
    await mark.click({ button: 'right', force: true, position });
    const menu = frameOf(p).getByRole('menu');
    await expect(menu)
      .toHaveCount(1, { timeout: 2_000 })
      .catch(() => undefined);
    if ((await menu.getByRole('menuitem', { name: item }).count()) > 0) return;
    if ((await menu.count()) > 0) await p.keyboard.press('Escape');
  }
  throw new Error(`no data point of ${visual} answered a ${button} click`);
}

/** Right-clicks a data point of a chart, opening its context menu. */
const contextOnPoint = (p: Page, visual: string, item?: string) => onPoint(p, visual, 'right', item);

/** A visual's exported CSV lines, through the SDK (its query under every filter that reaches it). */
async function exported(p: Page, visual: string): Promise<string[]> {
  const result = await settle(
    p,
    `const page = await report.getActivePage();
     const visual = (await page.getVisuals()).find((v) => v.name === '${visual}');
     return (await visual.exportData(0)).data;`,
  );
  expect(result.ok).toBe(true);
  return String(result.value)
    .split('\r\n')
    .filter((line) => line !== '');
}

/** A visual's filters, through the SDK. */
async function visualFilters(p: Page, visual: string): Promise<unknown> {
  const result = await settle(
    p,
    `const page = await report.getActivePage();
     return await (await page.getVisuals()).find((v) => v.name === '${visual}').getFilters();`,
  );
  expect(result.ok).toBe(true);
  return result.value;
}

test('Show as a table puts the chart’s rows in an accessible table under every filter, with a way back', async () => {
  const p = await opened();
  const frame = frameOf(p);
  const chart = ready(p, 'pages-per-month');
  // The keyboard: the options button, Enter, arrows to the entry, Enter.
  await chart.getByRole('button', { name: /More options/ }).focus();
  await p.keyboard.press('Enter');
  const item = frame.getByRole('menuitemcheckbox', { name: 'Show as a table' });
  await expect(item).toHaveAttribute('aria-checked', 'false');
  for (let i = 0; i < 5 && !(await item.evaluate((e) => e === document.activeElement)); i += 1) {
    await p.keyboard.press('ArrowDown');
  }
  await expect(item).toBeFocused();
  await p.keyboard.press('Enter');
  const table = chart.getByRole('region', { name: 'Pages per month: data as a table' }).getByRole('table');
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText(['Month', 'Total pages']);
  // The same rows the visual's export gives: its query under the report's, page's and its own filters.
  const lines = await exported(p, 'pages-per-month');
  await expect(table.locator('tbody tr')).toHaveCount(lines.length - 1);
  await options(p, 'pages-per-month');
  await expect(frame.getByRole('menuitemcheckbox', { name: 'Show as a table' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await p.keyboard.press('Escape');
  await chart.getByRole('button', { name: 'Back to the visual' }).click();
  await expect(table).toHaveCount(0);
  await expect(marks(p, 'pages-per-month').first()).toBeVisible();
  // Not on slicers or cards: they are a list and a number already.
  await options(p, 'site');
  await expect(frame.getByRole('menuitemcheckbox', { name: 'Show as a table' })).toHaveCount(0);
  await p.keyboard.press('Escape');
  expect(await eventCount(p, 'commandTriggered')).toBe(0);
});

test('Sort axis sorts the visual by the chosen field and direction through the sortBy model', async () => {
  const p = await opened();
  const frame = frameOf(p);
  await options(p, 'top-models');
  // The report sorts the chart by pages, descending: that entry is the checked one.
  await expect(frame.getByRole('menuitemradio', { name: 'Total pages, descending' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await frame.getByRole('menuitemradio', { name: 'Model, ascending' }).click();
  await poll(async () => {
    const models = (await exported(p, 'top-models')).slice(1).map((line) => line.split(',')[0] ?? '');
    return models.length > 1 && models.every((m, i) => i === 0 || (models[i - 1] ?? '') <= m);
  }).toBe(true);
  await options(p, 'top-models');
  await expect(frame.getByRole('menuitemradio', { name: 'Model, ascending' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await p.keyboard.press('Escape');
  // It changed the working definition, as sortBy does.
  expect(await settle(p, 'return await report.isSaved();')).toEqual({ ok: true, value: false });
  expect(await eventCount(p, 'commandTriggered')).toBe(0);
});

test('Spotlight dims the other visuals until Escape, a click elsewhere or the item again', async () => {
  const p = await opened();
  const frame = frameOf(p);
  const dimmed = frame.locator('section.visual.dimmed');
  const spotlight = frame.getByRole('menuitemcheckbox', { name: 'Spotlight' });
  await options(p, 'top-models');
  await spotlight.click();
  await expect(section(p, 'top-models')).toHaveClass(/spotlit/);
  await expect(dimmed).toHaveCount((await frame.locator('section.visual').count()) - 1);
  await p.keyboard.press('Escape');
  await expect(dimmed).toHaveCount(0);

  await options(p, 'top-models');
  await spotlight.click();
  await expect(dimmed).not.toHaveCount(0);
  await ready(p, 'pages-per-month').click({ position: { x: 5, y: 5 } });
  await expect(dimmed).toHaveCount(0);

  await options(p, 'site');
  await spotlight.click();
  await expect(section(p, 'site')).toHaveClass(/spotlit/);
  await options(p, 'site');
  await expect(spotlight).toHaveAttribute('aria-checked', 'true');
  await spotlight.click();
  await expect(dimmed).toHaveCount(0);
  expect(await eventCount(p, 'commandTriggered')).toBe(0);
});

test('Exclude and Include on a data point become the visual’s filters, raised as filtersApplied', async () => {
  const p = await opened();
  const frame = frameOf(p);
  const before = (await exported(p, 'printers-by-manufacturer')).slice(1);
  expect(before.length).toBeGreaterThan(1);
  await contextOnPoint(p, 'printers-by-manufacturer');
  await frame.getByRole('menuitem', { name: 'Exclude' }).click();
  await poll(() => eventCount(p, 'filtersApplied')).toBe(1);
  const excluded = (await visualFilters(p, 'printers-by-manufacturer')) as {
    operator: string;
    values: string[];
  }[];
  expect(excluded).toMatchObject([
    { operator: 'NotIn', target: { table: 'Devices', column: 'Manufacturer' } },
  ]);
  const gone = excluded[0]?.values[0] ?? '';
  await poll(async () => (await exported(p, 'printers-by-manufacturer')).slice(1).length).toBe(
    before.length - 1,
  );
  expect((await exported(p, 'printers-by-manufacturer')).some((line) => line.startsWith(`${gone},`))).toBe(
    false,
  );

  await expect(ready(p, 'printers-by-manufacturer')).toHaveCount(1);
  await contextOnPoint(p, 'printers-by-manufacturer');
  await frame.getByRole('menuitem', { name: 'Include' }).click();
  await poll(() => eventCount(p, 'filtersApplied')).toBe(2);
  expect(await visualFilters(p, 'printers-by-manufacturer')).toMatchObject([
    { operator: 'NotIn', values: [gone] },
    { operator: 'In', target: { column: 'Manufacturer' } },
  ]);
  await poll(async () => (await exported(p, 'printers-by-manufacturer')).slice(1).length).toBe(1);
  // Only charts' data points have them: a right click on the chart's empty space offers neither.
  expect(await eventCount(p, 'commandTriggered')).toBe(0);
});

test('Copy value and Copy data put the visual’s values on the clipboard as tab-separated text', async () => {
  const context = await hosts.browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const p = hosts.track(await context.newPage());
  await hosts.embed(p);
  const frame = frameOf(p);
  const clipboard = () => p.evaluate(() => navigator.clipboard.readText());
  await expect(ready(p, 'top-models')).toHaveCount(1);
  // The SDK's iframe does not delegate clipboard-write, so this goes through the frame's fallback copy command.
  await contextOnPoint(p, 'top-models');
  await frame.getByRole('menuitem', { name: 'Copy value' }).click();
  await expect(frame.getByRole('status')).toHaveText('Copied to the clipboard.');
  const lines = await exported(p, 'top-models');
  const values = lines.slice(1).map((line) => Number(line.split(',').at(-1)).toLocaleString('en-US'));
  expect(values).toContain(await clipboard());
  await options(p, 'top-models');
  await frame.getByRole('menuitem', { name: 'Copy data' }).click();
  await poll(clipboard).toMatch(/^Model\tTotal pages\n/);
  expect((await clipboard()).split('\n')).toHaveLength(lines.length);
  expect(await eventCount(p, 'commandTriggered')).toBe(0);
  await context.close();
});

test('a browser that refuses the clipboard gets a clear message instead of a silent failure', async () => {
  const p = hosts.track(await hosts.browser.newPage());
  // In every frame: the Clipboard API refuses, and so does the copy command.
  await p.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: {
        writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
      },
    });
    document.execCommand = () => false;
  });
  await hosts.embed(p);
  await expect(ready(p, 'top-models')).toHaveCount(1);
  await contextOnPoint(p, 'top-models');
  await frameOf(p).getByRole('menuitem', { name: 'Copy value' }).click();
  await expect(frameOf(p).getByRole('alert')).toHaveText(
    'The browser did not allow copying to the clipboard.',
  );
});

test('Clear selection in the context menu removes the cross-filter a click made', async () => {
  const p = await opened();
  const frame = frameOf(p);
  const unfiltered = await exported(p, 'pages-per-month');
  const renderedBefore = await eventCount(p, 'rendered');
  await onPoint(p, 'printers-by-manufacturer', 'left');
  await poll(() => eventCount(p, 'selectionChanged')).toBe(1);
  await poll(async () => (await exported(p, 'pages-per-month')).join('\n')).not.toBe(unfiltered.join('\n'));
  // The cross-filter's query pass has painted every visual before a point of top-models is aimed at (its bars move).
  await poll(() => eventCount(p, 'rendered')).toBeGreaterThan(renderedBefore);
  // No selection: no entry.
  await contextOnPoint(p, 'top-models');
  await frame.getByRole('menuitem', { name: 'Clear selection' }).click();
  await poll(async () => (await exported(p, 'pages-per-month')).join('\n')).toBe(unfiltered.join('\n'));
  await contextOnPoint(p, 'top-models');
  await expect(frame.getByRole('menuitem', { name: 'Clear selection' })).toHaveCount(0);
  await p.keyboard.press('Escape');
  expect(await eventCount(p, 'commandTriggered')).toBe(0);
});

test('Remove is only in edit mode, and takes the visual off its page as an unsaved change', async () => {
  const p = await opened({}, 'Edit');
  const frame = frameOf(p);
  await options(p, 'top-models');
  await expect(frame.getByRole('menuitem', { name: 'Remove' })).toHaveCount(0);
  await p.keyboard.press('Escape');
  expect((await settle(p, "await report.switchMode('edit');")).ok).toBe(true);
  await options(p, 'top-models');
  await frame.getByRole('menuitem', { name: 'Remove' }).click();
  await expect(section(p, 'top-models')).toHaveCount(0);
  const visuals = await settle(
    p,
    'return (await (await report.getActivePage()).getVisuals()).map((v) => v.name);',
  );
  expect(visuals.ok).toBe(true);
  expect(visuals.value).not.toContain('top-models');
  expect(visuals.value).toContain('pages-per-month');
  expect(await settle(p, 'return await report.isSaved();')).toEqual({ ok: true, value: false });
  expect(await eventCount(p, 'commandTriggered')).toBe(0);
});

test('Drill down follows the model’s Fleet hierarchy from a manufacturer to its models, and Drill up comes back', async () => {
  const p = await opened();
  const frame = frameOf(p);
  expect((await exported(p, 'printers-by-manufacturer'))[0]).toContain('Manufacturer');
  await contextOnPoint(p, 'printers-by-manufacturer');
  await expect(frame.getByRole('menuitem', { name: 'Drill up' })).toHaveCount(0);
  await frame.getByRole('menuitem', { name: 'Drill down' }).click();
  await poll(async () => (await exported(p, 'printers-by-manufacturer'))[0]).toContain('Model');
  await expect(ready(p, 'printers-by-manufacturer')).toHaveCount(1);
  await section(p, 'printers-by-manufacturer').click({ button: 'right', position: { x: 5, y: 40 } });
  await frame.getByRole('menuitem', { name: 'Drill up' }).click();
  await poll(async () => (await exported(p, 'printers-by-manufacturer'))[0]).toContain('Manufacturer');
  // Colour or mono is not a level of any hierarchy: nothing to drill.
  expect((await settle(p, "await report.setPage('devices');")).ok).toBe(true);
  await contextOnPoint(p, 'colour-or-mono');
  await expect(frame.getByRole('menuitem', { name: 'Drill down' })).toHaveCount(0);
  await p.keyboard.press('Escape');
  expect(await eventCount(p, 'commandTriggered')).toBe(0);
});

test('settings.commands hides or disables each new command, and the menus follow localeSettings.language', async () => {
  const p = await opened({
    settings: {
      commands: [
        { includeExclude: { displayOption: HIDDEN }, spotlight: { displayOption: DISABLED } },
        { seeData: { displayOption: HIDDEN } },
      ],
    },
  });
  const frame = frameOf(p);
  await contextOnPoint(p, 'top-models');
  await expect(frame.getByRole('menuitem', { name: 'Exclude' })).toHaveCount(0);
  await expect(frame.getByRole('menuitem', { name: 'Copy value' })).toHaveCount(1);
  await p.keyboard.press('Escape');
  await options(p, 'top-models');
  await expect(frame.getByRole('menuitemcheckbox', { name: 'Show as a table' })).toHaveCount(0);
  const spotlight = frame.getByRole('menuitemcheckbox', { name: 'Spotlight' });
  await expect(spotlight).toHaveAttribute('aria-disabled', 'true');
  await spotlight.click({ force: true });
  await expect(frame.locator('section.visual.dimmed')).toHaveCount(0);
  await p.keyboard.press('Escape');

  const german = await opened({ settings: { localeSettings: { language: 'de' } } });
  await ready(german, 'top-models')
    .getByRole('button', { name: 'Weitere Optionen: Top 10 Modelle nach gedruckten Seiten' })
    .click();
  await expect(
    frameOf(german).getByRole('menu', { name: 'Top 10 Modelle nach gedruckten Seiten: Optionen' }),
  ).toHaveCount(1);
  await expect(frameOf(german).getByRole('menuitemcheckbox', { name: 'Als Tabelle anzeigen' })).toHaveCount(
    1,
  );
  await expect(frameOf(german).getByRole('menuitem', { name: 'Daten exportieren' })).toHaveCount(1);
});
