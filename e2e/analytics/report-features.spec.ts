/**
 * More of the analytics frame against the real service in Chromium, driven by `@portico/embed` from another
 * origin: visual sorting and cloning, persistent filters across reloads, bookmark presentation mode, menu
 * extensions raising `commandTriggered`, mobile and custom layouts, and the export and render events.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { eventCount, frameOf, poll, reportHosts, settle } from './support/report-page.ts';

test.describe.configure({ mode: 'serial' });

// A failed test leaves its page open: reportHosts closes them all before the service.
const hosts = reportHosts();
const { embed, opened } = hosts;

const lastEvent = (p: Page, name: string) =>
  p.evaluate((n) => window.analyticsHost.events.filter((e) => e.name === n).at(-1)?.detail, name);

/** The rows (header dropped) of a visual's exported CSV. */
async function exportRows(p: Page, pageName: string, visualName: string): Promise<string[][]> {
  const result = await settle(
    p,
    `const v = await report.page(${JSON.stringify(pageName)}).getVisualByName(${JSON.stringify(visualName)});
     return (await v.exportData(0)).data;`,
  );
  if (!result.ok) throw new Error(`export failed: ${JSON.stringify(result)}`);
  return String(result.value)
    .split('\r\n')
    .filter((line) => line !== '')
    .slice(1)
    .map((line) => line.split(','));
}

test('sortBy orders the visual’s query and export by the field and direction given', async () => {
  const p = await opened({ config: { pageName: 'devices' } });
  const bySite = async () => (await exportRows(p, 'devices', 'printers-per-site')).map((r) => r[0] ?? '');
  const sortBy = (orderBy: object, direction: number) =>
    settle(
      p,
      `const v = await report.page('devices').getVisualByName('printers-per-site');
       await v.sortBy({ orderBy: ${JSON.stringify(orderBy)}, direction: ${direction} });`,
    );
  expect((await sortBy({ table: 'Devices', column: 'Site' }, 1)).ok).toBe(true);
  const ascending = await bySite();
  expect(ascending.length).toBeGreaterThan(1);
  expect(ascending).toEqual([...ascending].sort());
  expect((await sortBy({ table: 'Devices', column: 'Site' }, 2)).ok).toBe(true);
  expect(await bySite()).toEqual([...ascending].reverse());
  const wrong = await sortBy({ table: 'Devices', column: 'Model' }, 1);
  expect(wrong).toMatchObject({ ok: false });
  expect(JSON.stringify(wrong)).toContain('orderBy');
  // The chart on screen follows: its first category label is the last site in ascending order.
  const labels = frameOf(p).locator('section[data-visual="printers-per-site"] svg text');
  await poll(() => labels.allTextContents()).toContain(ascending.at(-1));
  await p.close();
});

test('clone adds a rendered copy of a visual in edit mode, and is refused in view mode', async () => {
  const viewer = await opened();
  const refused = await settle(
    viewer,
    `return await (await report.page('overview').getVisualByName('top-models')).clone();`,
  );
  expect(refused).toMatchObject({ ok: false });
  expect(JSON.stringify(refused)).toContain('edit mode');
  await viewer.close();

  const editor = await opened({ permissions: 'Edit', config: { viewMode: 1 } });
  const cloned = await settle(
    editor,
    `return await (await report.page('overview').getVisualByName('pages-per-month')).clone({
       layout: { x: 0, y: 730, width: 600, height: 250 } });`,
  );
  expect(cloned).toMatchObject({
    ok: true,
    value: { visualName: 'pages-per-month-copy', visual: { layout: { x: 0, y: 730, width: 600 } } },
  });
  const copy = frameOf(editor).locator('section[data-visual="pages-per-month-copy"][data-status="ready"]');
  await expect(copy.locator('svg path[fill]').first()).toBeAttached();
  expect(await exportRows(editor, 'overview', 'pages-per-month-copy')).toEqual(
    await exportRows(editor, 'overview', 'pages-per-month'),
  );
  const names = await settle(
    editor,
    "return (await report.page('overview').getVisuals()).map((v) => v.name);",
  );
  expect((names as { value: string[] }).value).toContain('pages-per-month-copy');
  expect((await settle(editor, 'return await report.isSaved();')).value).toBe(false);
  await editor.close();
});

test('persistent filters are saved in the service, on request and on each change, and restored by a reload until reset', async () => {
  const persistent = { config: { settings: { persistentFiltersEnabled: true } } };
  const filter = {
    target: { table: 'Devices', column: 'Colour or mono' },
    operator: 'In',
    values: ['Colour'],
    filterType: 1,
  };
  const first = await opened(persistent);
  expect((await settle(first, 'return await report.arePersistentFiltersApplied();')).value).toBe(false);
  expect((await settle(first, `await report.setFilters([${JSON.stringify(filter)}]);`)).ok).toBe(true);
  const filtered = await exportRows(first, 'devices', 'printer-list');
  expect((await settle(first, 'await report.savePersistentFilters();')).ok).toBe(true);
  expect((await settle(first, 'return await report.arePersistentFiltersApplied();')).value).toBe(true);
  await first.close();

  const again = await opened(persistent);
  expect(await settle(again, 'return await report.getFilters();')).toMatchObject({
    ok: true,
    value: [{ values: ['Colour'] }],
  });
  expect(await exportRows(again, 'devices', 'printer-list')).toEqual(filtered);
  expect((await settle(again, 'return await report.arePersistentFiltersApplied();')).value).toBe(true);
  expect((await settle(again, 'await report.resetPersistentFilters();')).ok).toBe(true);
  expect((await settle(again, 'return await report.getFilters();')).value).toEqual([]);
  expect((await settle(again, 'return await report.arePersistentFiltersApplied();')).value).toBe(false);
  await again.close();

  // A filter change alone is saved too (no savePersistentFilters call) and comes back on the next load.
  const afterReset = await opened(persistent);
  expect((await settle(afterReset, 'return await report.getFilters();')).value).toEqual([]);
  const mono = { ...filter, values: ['Mono'] };
  expect((await settle(afterReset, `await report.setFilters([${JSON.stringify(mono)}]);`)).ok).toBe(true);
  await poll(
    async () => (await settle(afterReset, 'return await report.arePersistentFiltersApplied();')).value,
  ).toBe(true);
  await afterReset.close();
  const restored = await opened(persistent);
  expect(await settle(restored, 'return await report.getFilters();')).toMatchObject({
    value: [{ values: ['Mono'] }],
  });
  expect((await settle(restored, 'await report.resetPersistentFilters();')).ok).toBe(true);
  await restored.close();
});

test('bookmark presentation mode shows a navigator that steps through the bookmarks; off hides it', async () => {
  const p = await opened();
  const bar = frameOf(p).getByRole('navigation', { name: 'Bookmarks' });
  await expect(bar).toHaveCount(0);
  expect(
    (await settle(p, 'await report.bookmarksManager.play(sdk.models.BookmarksPlayMode.Presentation);')).ok,
  ).toBe(true);
  await expect(bar).toContainText('Colour printers only');
  await poll(() => lastEvent(p, 'bookmarkApplied')).toMatchObject({ bookmarkName: 'colour-printers' });
  await bar.getByRole('button', { name: 'Next bookmark' }).click();
  await expect(bar).toContainText('HP printers');
  await poll(() => lastEvent(p, 'bookmarkApplied')).toMatchObject({ bookmarkName: 'hp-fleet' });
  expect(await settle(p, 'return await report.getFilters();')).toMatchObject({ value: [{ values: ['HP'] }] });
  expect((await settle(p, 'await report.bookmarksManager.play(sdk.models.BookmarksPlayMode.Off);')).ok).toBe(
    true,
  );
  await expect(bar).toHaveCount(0);
  await p.close();
});

test('menu extensions add commands to visual menus that raise commandTriggered', async () => {
  const p = await opened();
  const added = await settle(
    p,
    `await report.addOptionsMenuCommand('share', 'Share visual', 'Share this visual');
     await report.addContextMenuCommand('explain', 'Explain', 'Explain this point', 0, undefined, 'clusteredBarChart');`,
  );
  expect(added.ok).toBe(true);
  const frame = frameOf(p);
  const chart = frame.locator('section[data-visual="top-models"][data-status="ready"]');
  await chart.getByRole('button', { name: /More options/ }).click();
  await frame.getByRole('menuitem', { name: 'Share this visual' }).click();
  await poll(() => eventCount(p, 'commandTriggered')).toBe(1);
  expect(await lastEvent(p, 'commandTriggered')).toMatchObject({
    command: 'share',
    title: 'Share visual',
    visual: { name: 'top-models', type: 'clusteredBarChart' },
    page: { name: 'overview' },
    dataPoints: [],
  });
  await expect(frame.getByRole('menu')).toHaveCount(0);

  // A right click on a bar opens the context menu for that data point. The chart's first painted shapes are not
  // always bars (axis and background paths come first in some layouts), so the shapes are tried in order.
  const shapes = chart.locator('svg path[fill]:not([fill="none"])');
  await expect(shapes.first()).toBeVisible();
  const explain = frame.getByRole('menuitem', { name: 'Explain this point' });
  let menuOpened = false;
  for (let i = 0; i < Math.min(await shapes.count(), 12) && !menuOpened; i += 1) {
    await shapes.nth(i).click({ button: 'right', force: true });
    menuOpened = await explain.waitFor({ timeout: 2_000 }).then(
      () => true,
      () => false,
    );
    if (!menuOpened && (await frame.getByRole('menu').count()) > 0) await p.keyboard.press('Escape');
  }
  expect(menuOpened).toBe(true);
  await explain.click();
  await poll(() => eventCount(p, 'commandTriggered')).toBe(2);
  expect(await lastEvent(p, 'commandTriggered')).toMatchObject({
    command: 'explain',
    visual: { name: 'top-models' },
    dataPoints: [{ identity: [{ target: { table: 'Devices', column: 'Model' } }] }],
  });
  // Only bar charts have the context command (the column chart's menu has the frame's own commands only);
  // closeAllOverlays closes an open menu.
  await frame.locator('section[data-visual="pages-per-month"]').click({ button: 'right', force: true });
  await expect(frame.getByRole('menu')).toHaveCount(1);
  await expect(frame.getByRole('menuitem', { name: 'Explain this point' })).toHaveCount(0);
  await p.keyboard.press('Escape');
  await chart.getByRole('button', { name: /More options/ }).click();
  await expect(frame.getByRole('menu')).toHaveCount(1);
  expect((await settle(p, 'await report.closeAllOverlays();')).ok).toBe(true);
  await expect(frame.getByRole('menu')).toHaveCount(0);

  expect((await settle(p, "await report.removeOptionsMenuCommand('share', 'Share this visual');")).ok).toBe(
    true,
  );
  // The options menu keeps the frame's built-in commands (report-built-in-commands.spec.ts), not the host's.
  await chart.getByRole('button', { name: /More options/ }).click();
  await expect(frame.getByRole('menuitem', { name: 'Export data' })).toHaveCount(1);
  await expect(frame.getByRole('menuitem', { name: 'Share this visual' })).toHaveCount(0);
  await p.close();
});

test('a mobile portrait layout stacks the page’s visuals in one column', async () => {
  const p = await opened({ config: { settings: { layoutType: 2 } } });
  const boxes = await frameOf(p)
    .locator('section.visual')
    .evaluateAll((sections) =>
      sections.map((s) => {
        const r = s.getBoundingClientRect();
        return { left: Math.round(r.left), top: r.top, bottom: r.bottom, width: Math.round(r.width) };
      }),
    );
  expect(boxes.length).toBe(8);
  expect(new Set(boxes.map((b) => b.left)).size).toBe(1);
  expect(new Set(boxes.map((b) => b.width)).size).toBe(1);
  for (let i = 1; i < boxes.length; i++) {
    expect(boxes[i]?.top ?? 0).toBeGreaterThanOrEqual(boxes[i - 1]?.bottom ?? Infinity);
  }
  const visuals = await settle(
    p,
    "return (await report.page('overview').getVisuals()).map((v) => v.layout);",
  );
  expect(
    (visuals as { value: { x: number; width: number }[] }).value.every((l) => l.x === 0 && l.width === 360),
  ).toBe(true);
  expect((await settle(p, "return await report.page('overview').hasLayout(2);")).value).toBe(true);
  expect((await settle(p, 'await report.switchLayout(0);')).ok).toBe(false);
  await p.close();
});

test('a custom layout sets the page size, moves and hides visuals', async () => {
  const p = await opened({ config: { settings: { visualRenderedEvents: true } } });
  // visualRendered is raised for each visual once it is painted.
  await poll(() => eventCount(p, 'visualRendered')).toBeGreaterThanOrEqual(8);
  const settings = {
    layoutType: 1,
    customLayout: {
      pageSize: { type: 4, width: 1000, height: 500 },
      displayOption: 2,
      pagesLayout: {
        overview: {
          visualsLayout: {
            'top-models': { displayState: { mode: 1 } },
            site: { x: 20, y: 300, width: 300, height: 150 },
          },
        },
      },
    },
  };
  expect((await settle(p, `await report.updateSettings(${JSON.stringify(settings)});`)).ok).toBe(true);
  const frame = frameOf(p);
  await expect(frame.locator('section[data-visual="top-models"]')).toHaveCount(0);
  const page = await frame.locator('.page').boundingBox();
  expect(page).toMatchObject({ width: 1000, height: 500 });
  const site = await frame.locator('section[data-visual="site"]').boundingBox();
  expect(site && page ? [site.x - page.x, site.y - page.y, site.width, site.height] : []).toEqual([
    20, 300, 300, 150,
  ]);
  await p.close();
});

test('exportData raises exportDataCompleted', async () => {
  const p = await opened();
  await exportRows(p, 'overview', 'pages-per-month');
  await poll(() => lastEvent(p, 'exportDataCompleted')).toMatchObject({
    status: 0,
    exportDataType: 0,
    exportFormat: 0,
    pageName: 'overview',
    visualName: 'pages-per-month',
  });
  await p.close();
});

test('the filter pane is drawn left of the canvas with position Left, and updateSettings moves it right', async () => {
  const p = await opened({
    config: { settings: { panes: { filters: { visible: true, position: 0 } } } },
  });
  const frame = frameOf(p);
  const pane = frame.getByRole('complementary', { name: 'Filters' });
  const canvas = frame.locator('.canvas');
  const edges = async () => {
    const [a, b] = await Promise.all([pane.boundingBox(), canvas.boundingBox()]);
    if (!a || !b) throw new Error('the filter pane or the canvas is not laid out');
    return { paneLeft: a.x, paneRight: a.x + a.width, canvasLeft: b.x, canvasRight: b.x + b.width };
  };
  const left = await edges();
  expect(left.paneRight).toBeLessThanOrEqual(left.canvasLeft + 1);
  const moved = await settle(
    p,
    `await report.updateSettings({ panes: { filters: { visible: true, position: 1 } } });`,
  );
  expect(moved.ok).toBe(true);
  await poll(async () => {
    const e = await edges();
    return e.paneLeft >= e.canvasRight - 1;
  }).toBe(true);
  await p.close();
});

test('the report frame’s pages have no serious or critical axe-core violation', async () => {
  // axe-core's run across the cross-origin report frame needs a page of a context the test opened.
  const context = await hosts.browser.newContext();
  try {
    for (const pageName of ['overview', 'devices', 'sites']) {
      const p = await context.newPage();
      await embed(p, { config: { pageName, settings: { panes: { filters: { visible: true } } } } });
      // A host names its iframe (the portal does); the test is about what the frame draws inside it.
      await settle(p, `report.setComponentTitle('Fleet overview report');`);
      // The overview's site slicer is a dropdown: check its list open.
      const dropdown = frameOf(p).locator('.slicer-dropdown > button');
      if ((await dropdown.count()) > 0) {
        await dropdown.first().click();
        await expect(frameOf(p).locator('.slicer-dropdown .slicer-list').first()).toBeVisible();
      }
      const { violations } = await new AxeBuilder({ page: p }).include('iframe').analyze();
      const severe = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        severe.map((v) => `${pageName} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
      await p.close();
    }
  } finally {
    await context.close();
  }
});
