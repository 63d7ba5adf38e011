/**
 * Every call of spec §7 a report makes, host SDK ↔ fake frame on another origin in Chromium: the method,
 * URL, body and headers the frame receives, and what the SDK resolves with. One page and one embed serve
 * the whole table; each test clears the frame's record first.
 */
import type { Page } from '@playwright/test';
import { ANSWERS, FILTER, PAGES, VISUALS } from './fixtures/answers.ts';
import type { RecordedRequest } from './fixtures/api.ts';
import { expect, openHost, test, type FakeFrame, type Host } from './support/fixtures.ts';

/** `[request line]` for a GET (no body key), `[request line, body]` otherwise. */
type Sent = [line: string] | [line: string, body: unknown];

interface Row {
  /** How a host developer writes the call, for the test's name. */
  call: string;
  target: string;
  method: string;
  args?: unknown[];
  sends: Sent[];
  /** What the call resolves with, as plain data (asymmetric matchers allowed). */
  resolves?: unknown;
}

const response = expect.objectContaining({ statusCode: 200, body: null });
const pageP3 = ANSWERS.addPage;
const descriptors = VISUALS.map(({ name, title, type, layout }) => ({ name, title, type, layout }));
const layoutPatch = (visualLayout: object) => ({
  layoutType: 1,
  customLayout: { pagesLayout: { p1: { visualsLayout: { v1: visualLayout } } } },
});
const validateVisual: Sent[] = [['GET /report/pages'], ['GET /report/pages/p1/visuals']];
const slicerState = { filters: [FILTER], targets: [{ table: 'Store', column: 'Chain' }] };

const ROWS: Row[] = [
  // load and session
  {
    call: 'report.reload()',
    target: 'embed',
    method: 'reload',
    sends: [['POST /report/load', expect.objectContaining({ id: 'r1', accessToken: 'token-1' })]],
  },
  {
    call: 'report.render(config)',
    target: 'embed',
    method: 'render',
    args: [{ pageName: 'p2' }],
    sends: [['POST /report/render', { pageName: 'p2' }]],
    resolves: null,
  },
  {
    call: 'report.save()',
    target: 'embed',
    method: 'save',
    sends: [['POST /report/save', null]],
    resolves: null,
  },
  {
    call: "report.saveAs({ name: 'Copy' })",
    target: 'embed',
    method: 'saveAs',
    args: [{ name: 'Copy' }],
    sends: [['POST /report/saveAs', { name: 'Copy' }]],
    resolves: null,
  },
  {
    call: 'report.getCorrelationId()',
    target: 'embed',
    method: 'getCorrelationId',
    sends: [['GET /getCorrelationId']],
    resolves: ANSWERS.getCorrelationId,
  },
  {
    call: "report.setAccessToken('token-2')",
    target: 'embed',
    method: 'setAccessToken',
    args: ['token-2'],
    sends: [['POST /report/token', 'token-2']],
  },
  {
    call: 'report.print()',
    target: 'embed',
    method: 'print',
    sends: [['POST /report/print', null]],
    resolves: null,
  },
  {
    call: 'report.updateSettings(settings)',
    target: 'embed',
    method: 'updateSettings',
    args: [{ filterPaneEnabled: false }],
    sends: [['PATCH /report/settings', { filterPaneEnabled: false }]],
    resolves: response,
  },
  {
    call: "report.switchMode('edit')",
    target: 'embed',
    method: 'switchMode',
    args: ['edit'],
    sends: [['POST /report/switchMode/edit', null]],
  },
  {
    call: 'report.switchMode(ViewMode.View)',
    target: 'embed',
    method: 'switchMode',
    args: [0],
    sends: [['POST /report/switchMode/view', null]],
  },
  { call: 'report.refresh()', target: 'embed', method: 'refresh', sends: [['POST /report/refresh', null]] },
  {
    call: 'report.isSaved()',
    target: 'embed',
    method: 'isSaved',
    sends: [['GET /report/hasUnsavedChanges']],
    resolves: false,
  },
  {
    call: 'report.getTheme()',
    target: 'embed',
    method: 'getTheme',
    sends: [['GET /report/theme']],
    resolves: ANSWERS.getTheme,
  },
  {
    call: 'report.applyTheme(theme)',
    target: 'embed',
    method: 'applyTheme',
    args: [{ themeJson: { name: 'Dark' } }],
    sends: [['PUT /report/theme', { themeJson: { name: 'Dark' } }]],
  },
  { call: 'report.resetTheme()', target: 'embed', method: 'resetTheme', sends: [['PUT /report/theme', {}]] },
  {
    call: 'report.resetPersistentFilters()',
    target: 'embed',
    method: 'resetPersistentFilters',
    sends: [['DELETE /report/userState', null]],
    resolves: response,
  },
  {
    call: 'report.savePersistentFilters()',
    target: 'embed',
    method: 'savePersistentFilters',
    sends: [['POST /report/userState', null]],
    resolves: response,
  },
  {
    call: 'report.arePersistentFiltersApplied()',
    target: 'embed',
    method: 'arePersistentFiltersApplied',
    sends: [['GET /report/isUserStateApplied']],
    resolves: true,
  },
  {
    call: 'report.getZoom()',
    target: 'embed',
    method: 'getZoom',
    sends: [['GET /report/zoom']],
    resolves: 1.5,
  },
  {
    call: 'report.setZoom(2)',
    target: 'embed',
    method: 'setZoom',
    args: [2],
    sends: [['PATCH /report/settings', { zoomLevel: 2 }]],
  },
  // bookmarks
  {
    call: 'bookmarksManager.getBookmarks()',
    target: 'bookmarks',
    method: 'getBookmarks',
    sends: [['GET /report/bookmarks']],
    resolves: ANSWERS.getBookmarks,
  },
  {
    call: "bookmarksManager.apply('b1')",
    target: 'bookmarks',
    method: 'apply',
    args: ['b1'],
    sends: [['POST /report/bookmarks/applyByName', { name: 'b1' }]],
    resolves: response,
  },
  {
    call: 'bookmarksManager.play(BookmarksPlayMode.Presentation)',
    target: 'bookmarks',
    method: 'play',
    args: [1],
    sends: [['POST /report/bookmarks/play', { playMode: 1 }]],
    resolves: response,
  },
  {
    call: 'bookmarksManager.capture(options)',
    target: 'bookmarks',
    method: 'capture',
    args: [{ personalizeVisuals: true }],
    sends: [['POST /report/bookmarks/capture', { options: { personalizeVisuals: true } }]],
    resolves: ANSWERS.captureBookmark,
  },
  {
    call: 'bookmarksManager.capture()',
    target: 'bookmarks',
    method: 'capture',
    sends: [['POST /report/bookmarks/capture', { options: {} }]],
  },
  {
    call: "bookmarksManager.applyState('state-b1')",
    target: 'bookmarks',
    method: 'applyState',
    args: ['state-b1'],
    sends: [['POST /report/bookmarks/applyState', { state: 'state-b1' }]],
    resolves: response,
  },
  // pages
  {
    call: "report.addPage('Added')",
    target: 'embed',
    method: 'addPage',
    args: ['Added'],
    sends: [['POST /report/addPage', { displayName: 'Added' }]],
    resolves: pageP3,
  },
  {
    call: 'report.getPages()',
    target: 'embed',
    method: 'getPages',
    sends: [['GET /report/pages']],
    resolves: PAGES,
  },
  {
    call: "report.getPageByName('p2')",
    target: 'embed',
    method: 'getPageByName',
    args: ['p2'],
    sends: [['GET /report/pages']],
    resolves: PAGES[1],
  },
  {
    call: 'report.getActivePage()',
    target: 'embed',
    method: 'getActivePage',
    sends: [['GET /report/pages']],
    resolves: PAGES[0],
  },
  {
    call: "report.deletePage('p2')",
    target: 'embed',
    method: 'deletePage',
    args: ['p2'],
    sends: [['DELETE /report/pages/p2', {}]],
  },
  {
    call: "report.renamePage('p2', 'Renamed')",
    target: 'embed',
    method: 'renamePage',
    args: ['p2', 'Renamed'],
    sends: [['PUT /report/pages/p2/name', { name: 'p2', displayName: 'Renamed' }]],
  },
  {
    call: "report.setPage('p2')",
    target: 'embed',
    method: 'setPage',
    args: ['p2'],
    sends: [['PUT /report/pages/active', { name: 'p2', displayName: null, isActive: true }]],
    resolves: response,
  },
  {
    call: 'page.setActive()',
    target: 'page:p2',
    method: 'setActive',
    sends: [['PUT /report/pages/active', { name: 'p2', displayName: null, isActive: true }]],
    resolves: response,
  },
  { call: 'page.delete()', target: 'page:p2', method: 'delete', sends: [['DELETE /report/pages/p2', {}]] },
  {
    call: "page.setDisplayName('Renamed')",
    target: 'page:p2',
    method: 'setDisplayName',
    args: ['Renamed'],
    sends: [['PUT /report/pages/p2/name', { name: 'p2', displayName: 'Renamed' }]],
    resolves: response,
  },
  {
    call: 'page.hasLayout(LayoutType.MobilePortrait)',
    target: 'page:p1',
    method: 'hasLayout',
    args: [2],
    sends: [['GET /report/pages/p1/layoutTypes/MobilePortrait']],
    resolves: true,
  },
  {
    call: 'page.resizePage(PageSizeType.Custom, 800, 600) on the active page',
    target: 'activePage:p1',
    method: 'resizePage',
    args: [4, 800, 600],
    sends: [
      [
        'PATCH /report/settings',
        { layoutType: 1, customLayout: { pageSize: { type: 4, width: 800, height: 600 } } },
      ],
    ],
    resolves: response,
  },
  // filters at the report, page and visual level
  {
    call: 'report.getFilters()',
    target: 'embed',
    method: 'getFilters',
    sends: [['GET /report/filters']],
    resolves: ANSWERS.getReportFilters,
  },
  {
    call: 'report.updateFilters(FiltersOperations.Add, filters)',
    target: 'embed',
    method: 'updateFilters',
    args: [2, [FILTER]],
    sends: [['POST /report/filters', { filtersOperation: 2, filters: [FILTER] }]],
    resolves: response,
  },
  {
    call: 'report.removeFilters()',
    target: 'embed',
    method: 'removeFilters',
    sends: [['POST /report/filters', { filtersOperation: 0 }]],
    resolves: response,
  },
  {
    call: 'report.setFilters(filters)',
    target: 'embed',
    method: 'setFilters',
    args: [[FILTER]],
    sends: [['PUT /report/filters', [FILTER]]],
    resolves: response,
  },
  {
    call: 'page.getFilters()',
    target: 'page:p1',
    method: 'getFilters',
    sends: [['GET /report/pages/p1/filters']],
    resolves: ANSWERS.getPageFilters,
  },
  {
    call: 'page.updateFilters(FiltersOperations.Replace, filters)',
    target: 'page:p1',
    method: 'updateFilters',
    args: [3, [FILTER]],
    sends: [['POST /report/pages/p1/filters', { filtersOperation: 3, filters: [FILTER] }]],
    resolves: response,
  },
  {
    call: 'page.removeFilters()',
    target: 'page:p1',
    method: 'removeFilters',
    sends: [['POST /report/pages/p1/filters', { filtersOperation: 0 }]],
  },
  {
    call: 'page.setFilters(filters)',
    target: 'page:p1',
    method: 'setFilters',
    args: [[FILTER]],
    sends: [['PUT /report/pages/p1/filters', [FILTER]]],
  },
  {
    call: 'visual.getFilters()',
    target: 'visual:p1/v1',
    method: 'getFilters',
    sends: [['GET /report/pages/p1/visuals/v1/filters']],
    resolves: ANSWERS.getVisualFilters,
  },
  {
    call: 'visual.updateFilters(FiltersOperations.ReplaceAll, filters)',
    target: 'visual:p1/v1',
    method: 'updateFilters',
    args: [1, [FILTER]],
    sends: [['POST /report/pages/p1/visuals/v1/filters', { filtersOperation: 1, filters: [FILTER] }]],
    resolves: response,
  },
  {
    call: 'visual.removeFilters()',
    target: 'visual:p1/v1',
    method: 'removeFilters',
    sends: [['POST /report/pages/p1/visuals/v1/filters', { filtersOperation: 0 }]],
  },
  {
    call: 'visual.setFilters(filters)',
    target: 'visual:p1/v1',
    method: 'setFilters',
    args: [[FILTER]],
    sends: [['PUT /report/pages/p1/visuals/v1/filters', [FILTER]]],
  },
  // visuals
  {
    call: 'page.getVisuals()',
    target: 'page:p1',
    method: 'getVisuals',
    sends: [['GET /report/pages/p1/visuals']],
    resolves: descriptors,
  },
  {
    call: 'page.getSlicers()',
    target: 'page:p1',
    method: 'getSlicers',
    sends: [['GET /report/pages/p1/visuals']],
    resolves: [descriptors[1]],
  },
  {
    call: "page.getVisualByName('v1')",
    target: 'page:p1',
    method: 'getVisualByName',
    args: ['v1'],
    sends: [['GET /report/pages/p1/visuals']],
    resolves: descriptors[0],
  },
  {
    call: 'visual.exportData(ExportDataType.Underlying, 100)',
    target: 'visual:p1/v1',
    method: 'exportData',
    args: [1, 100],
    sends: [['POST /report/pages/p1/visuals/v1/exportData', { rows: 100, exportDataType: 1 }]],
    resolves: ANSWERS.exportData,
  },
  {
    call: 'visual.getSlicerState()',
    target: 'visual:p1/s1',
    method: 'getSlicerState',
    sends: [['GET /report/pages/p1/visuals/s1/slicer']],
    resolves: ANSWERS.getSlicerState,
  },
  {
    call: 'visual.setSlicerState(state)',
    target: 'visual:p1/s1',
    method: 'setSlicerState',
    args: [slicerState],
    sends: [['PUT /report/pages/p1/visuals/s1/slicer', slicerState]],
    resolves: response,
  },
  {
    call: 'visual.clone(request)',
    target: 'visual:p1/v1',
    method: 'clone',
    args: [{ layout: { x: 5, y: 5 } }],
    sends: [['POST /report/pages/p1/visuals/v1/clone', { layout: { x: 5, y: 5 } }]],
    resolves: ANSWERS.cloneVisual,
  },
  {
    call: 'visual.sortBy(request)',
    target: 'visual:p1/v1',
    method: 'sortBy',
    args: [{ orderBy: { table: 'Store', column: 'Chain' }, direction: 2 }],
    sends: [
      [
        'PUT /report/pages/p1/visuals/v1/sortBy',
        { orderBy: { table: 'Store', column: 'Chain' }, direction: 2 },
      ],
    ],
    resolves: response,
  },
  // added by powerbi-client 2.24
  {
    call: 'report.closeAllOverlays()',
    target: 'embed',
    method: 'closeAllOverlays',
    sends: [['POST /report/closeAllOverlays', null]],
    resolves: null,
  },
  {
    call: 'report.clearSelectedVisuals()',
    target: 'embed',
    method: 'clearSelectedVisuals',
    sends: [['POST /report/clearSelectedVisuals/false', null]],
    resolves: null,
  },
  {
    call: 'report.clearSelectedVisuals(true)',
    target: 'embed',
    method: 'clearSelectedVisuals',
    args: [true],
    sends: [['POST /report/clearSelectedVisuals/true', null]],
  },
  {
    call: 'page.getSmartNarrativeInsights()',
    target: 'page:p1',
    method: 'getSmartNarrativeInsights',
    sends: [['GET /report/pages/p1/smartNarrativeInsights']],
    resolves: ANSWERS.getPageSmartNarrativeInsights,
  },
  {
    call: 'visual.getSmartNarrativeInsights()',
    target: 'visual:p1/v1',
    method: 'getSmartNarrativeInsights',
    sends: [['GET /report/pages/p1/visuals/v1/smartNarrativeInsights']],
    resolves: ANSWERS.getVisualSmartNarrativeInsights,
  },
  // visual layout and menu commands, all through PATCH /report/settings
  {
    call: "report.setVisualDisplayState('p1', 'v1', VisualContainerDisplayMode.Hidden)",
    target: 'embed',
    method: 'setVisualDisplayState',
    args: ['p1', 'v1', 1],
    sends: [...validateVisual, ['PATCH /report/settings', layoutPatch({ displayState: { mode: 1 } })]],
    resolves: response,
  },
  {
    call: "report.moveVisual('p1', 'v1', 5, 6, 7)",
    target: 'embed',
    method: 'moveVisual',
    args: ['p1', 'v1', 5, 6, 7],
    sends: [...validateVisual, ['PATCH /report/settings', layoutPatch({ x: 5, y: 6, z: 7 })]],
  },
  {
    call: "report.resizeVisual('p1', 'v1', 100, 50)",
    target: 'embed',
    method: 'resizeVisual',
    args: ['p1', 'v1', 100, 50],
    sends: [...validateVisual, ['PATCH /report/settings', layoutPatch({ width: 100, height: 50 })]],
  },
  {
    call: 'report.switchLayout(LayoutType.Custom)',
    target: 'embed',
    method: 'switchLayout',
    args: [1],
    sends: [['PATCH /report/settings', { layoutType: 1 }]],
  },
  {
    call: "report.addContextMenuCommand('drill', 'Drill', 'Drill down')",
    target: 'embed',
    method: 'addContextMenuCommand',
    args: ['drill', 'Drill', 'Drill down'],
    sends: [
      [
        'PATCH /report/settings',
        {
          extensions: {
            commands: [
              {
                name: 'drill',
                title: 'Drill',
                extend: { visualContextMenu: { title: 'Drill down', menuLocation: 0 } },
              },
            ],
            groups: [],
          },
        },
      ],
    ],
  },
  {
    call: "report.addOptionsMenuCommand('share', 'Share', 'Share', MenuLocation.Top, 'v1')",
    target: 'embed',
    method: 'addOptionsMenuCommand',
    args: ['share', 'Share', 'Share', 1, 'v1'],
    sends: [
      [
        'PATCH /report/settings',
        {
          extensions: {
            commands: [
              expect.objectContaining({ name: 'drill' }),
              {
                name: 'share',
                title: 'Share',
                extend: { visualOptionsMenu: { title: 'Share', menuLocation: 1 } },
                selector: { $schema: 'http://powerbi.com/product/schema#visualSelector', visualName: 'v1' },
              },
            ],
            groups: [],
          },
        },
      ],
    ],
  },
  {
    call: "report.removeContextMenuCommand('drill', 'Drill down')",
    target: 'embed',
    method: 'removeContextMenuCommand',
    args: ['drill', 'Drill down'],
    sends: [
      [
        'PATCH /report/settings',
        {
          extensions: {
            commands: [
              { name: 'drill', title: 'Drill', extend: {} },
              expect.objectContaining({ name: 'share' }),
            ],
            groups: [],
          },
        },
      ],
    ],
  },
];

let page: Page;
let host: Host;
let frame: FakeFrame;
let uid: string;

test.beforeAll(async ({ browser, servers }) => {
  page = await browser.newPage();
  host = await openHost(page, servers);
  frame = await host.report('main', { uniqueId: 'report-calls' });
  uid = 'report-calls';
});

test.afterAll(async () => {
  await page.close();
});

/** Checks what every request carries: the SDK headers, the embed's uid, a tracking id, the host's origin. */
function expectCommonHeaders(request: RecordedRequest, origin: string): void {
  expect(request.headers).toMatchObject({ 'x-sdk-type': 'js', 'x-sdk-version': '2.22.1', uid });
  expect(request.headerNames).toContain('x-sdk-wrapper-version');
  expect(request.headers.id).toMatch(/^[0-9a-f]{16}$/);
  expect(request.headerNames.at(-1)).toBe('id');
  expect(request.origin).toBe(origin);
}

for (const row of ROWS) {
  const lines = row.sends.map(([line]) => line).join(', then ');
  const title = `${row.call} sends ${lines}${row.resolves === undefined ? '' : ' and resolves with the answer'}`;
  test(title, async () => {
    await frame.clear();
    // Loads closer than 100 ms apart are skipped: keep reload clear of the previous one.
    if (row.method === 'reload') await page.waitForTimeout(110);
    const outcome = await host.invoke('main', row.target, row.method, row.args ?? []);
    expect(outcome.ok ? outcome : outcome.error).toMatchObject({ ok: true });
    const requests = await frame.requests();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(row.sends.map(([line]) => line));
    for (const [index, sent] of row.sends.entries()) {
      const request = requests[index] as RecordedRequest;
      expectCommonHeaders(request, host.servers.host);
      if (sent.length === 1) expect(request.hasBody, `${sent[0]} carries no body`).toBe(false);
      else expect(request.body).toEqual(sent[1]);
    }
    if (row.resolves !== undefined && outcome.ok) expect(outcome.value).toEqual(row.resolves);
  });
}

test('calls made together each carry their own tracking id and settle with their own reply', async () => {
  await frame.clear();
  await frame.behave('getPages', { delayMs: 150 });
  const [pages, zoom, theme] = await page.evaluate(() =>
    Promise.all([
      window.t.invoke('main', 'embed', 'getPages'),
      window.t.invoke('main', 'embed', 'getZoom'),
      window.t.invoke('main', 'embed', 'getTheme'),
    ]),
  );
  await frame.behave('getPages', null);
  expect([pages, zoom, theme]).toEqual([
    { ok: true, value: PAGES },
    { ok: true, value: 1.5 },
    { ok: true, value: ANSWERS.getTheme },
  ]);
  const ids = (await frame.requests()).map((r) => r.headers.id);
  expect(new Set(ids).size).toBe(3);
});

test("a failing reply rejects with an EmbedError holding the frame's message, detailed message, code, status and body", async () => {
  const body = {
    message: 'pageNotFound',
    detailedMessage: 'Page not found',
    errorCode: 'PowerBIEntityNotFound',
  };
  await frame.behave('deletePage', { status: 404, body });
  const outcome = await host.invoke('main', 'embed', 'deletePage', ['missing']);
  await frame.behave('deletePage', null);
  expect(outcome).toEqual({
    ok: false,
    error: { name: 'EmbedError', isEmbedError: true, ...body, statusCode: 404, body },
  });
});

test('a failing reply with a bare string body rejects with that string as message and body', async () => {
  await frame.behave('getZoom', { status: 500, body: 'zoom is broken' });
  const outcome = await host.invoke('main', 'embed', 'getZoom');
  await frame.behave('getZoom', null);
  expect(outcome).toMatchObject({
    ok: false,
    error: {
      isEmbedError: true,
      message: 'zoom is broken',
      statusCode: 500,
      body: 'zoom is broken',
      errorCode: 'RequestFailed',
    },
  });
});

test('a page that is not active cannot be resized, and nothing is sent', async () => {
  await frame.clear();
  const outcome = await host.invoke('main', 'page:p2', 'resizePage', [4, 800, 600]);
  expect(outcome).toMatchObject({
    ok: false,
    error: { isEmbedError: true, message: 'Cannot resize the page. Only the active page can be resized' },
  });
  expect(await frame.requests()).toEqual([]);
});

test('a page or visual the frame does not list rejects with the NotFound code after asking for the list', async () => {
  await frame.clear();
  const page404 = await host.invoke('main', 'embed', 'getPageByName', ['nope']);
  const visual404 = await host.invoke('main', 'page:p1', 'getVisualByName', ['nope']);
  expect(page404).toMatchObject({ ok: false, error: { body: 'PowerBIEntityNotFound' } });
  expect(visual404).toMatchObject({ ok: false, error: { body: 'PowerBIEntityNotFound' } });
  expect((await frame.requests()).map((r) => r.url)).toEqual(['/report/pages', '/report/pages/p1/visuals']);
});

test('switching between desktop and mobile layouts is refused without a request', async () => {
  await frame.clear();
  const outcome = await host.invoke('main', 'embed', 'switchLayout', [2]);
  expect(outcome).toMatchObject({
    ok: false,
    error: {
      message:
        'Switching between mobile and desktop layouts is not supported. Please reset the embed container and re-embed with required layout.',
    },
  });
  expect(await frame.requests()).toEqual([]);
});
