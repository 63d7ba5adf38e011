import {
  BookmarksPlayMode,
  ExportDataType,
  FiltersLevel,
  FiltersOperations,
  LayoutType,
  PageSizeType,
  SortDirection,
  ViewMode,
  VisualContainerDisplayMode,
  type IFilter,
} from '@portico/models';
import type { CallSpec } from '@portico/protocol';
import { FrameError } from '@portico/frame';
import { afterEach, describe, expect, it } from 'vitest';
import type { Dashboard } from './dashboard.ts';
import { Page } from './page.ts';
import type { Qna } from './qna.ts';
import type { Report } from './report.ts';
import {
  FRAME_ORIGIN,
  attach,
  embedWithFrame,
  fakeFrame,
  newElement,
  newService,
  reportConfig,
} from './test/fake-frame.ts';
import { VisualDescriptor } from './visual-descriptor.ts';
import type { Visual } from './visual.ts';

afterEach(() => {
  document.body.replaceChildren();
});

const filter: IFilter = {
  $schema: 'http://powerbi.com/product/schema#basic',
  target: { table: 'Store', column: 'Chain' },
  filterType: 1,
};
const pages = [
  { name: 'p1', displayName: 'One', isActive: false },
  { name: 'p2', displayName: 'Two', isActive: true },
];
const visuals = [
  { name: 'v1', title: 'Sales', type: 'barChart', layout: { x: 0 } },
  { name: 's1', title: 'Region', type: 'slicer' },
];

/** A report whose frame answers `reply` to every call in `routes` (and the page and visual lists). */
async function reportWith(routes: Record<string, unknown> = {}) {
  const embedded = embedWithFrame<Report>();
  const { router } = embedded.frame;
  router
    .handle('GET /report/pages', () => pages)
    .handle('GET /report/pages/:pageName/visuals', () => visuals);
  for (const [call, reply] of Object.entries(routes)) router.handle(call as CallSpec, () => reply);
  await embedded.loaded();
  embedded.frame.posted.length = 0;
  return embedded;
}

type Case = [
  what: string,
  invoke: (report: Report) => Promise<unknown>,
  call: CallSpec,
  url: string,
  body: unknown,
  reply?: unknown,
];

const cases: Case[] = [
  ['save', (r) => r.save(), 'POST /report/save', '/report/save', null],
  ['saveAs', (r) => r.saveAs({ name: 'Copy' }), 'POST /report/saveAs', '/report/saveAs', { name: 'Copy' }],
  [
    'getCorrelationId',
    (r) => r.getCorrelationId(),
    'GET /getCorrelationId',
    '/getCorrelationId',
    undefined,
    'c-1',
  ],
  ['setAccessToken', (r) => r.setAccessToken('next'), 'POST /:embedType/token', '/report/token', 'next'],
  [
    'closeAllOverlays',
    (r) => r.closeAllOverlays(),
    'POST /report/closeAllOverlays',
    '/report/closeAllOverlays',
    null,
  ],
  [
    'clearSelectedVisuals',
    (r) => r.clearSelectedVisuals(),
    'POST /report/clearSelectedVisuals/:clearPopOutState',
    '/report/clearSelectedVisuals/false',
    null,
  ],
  [
    'clearSelectedVisuals with pop-out state',
    (r) => r.clearSelectedVisuals(true),
    'POST /report/clearSelectedVisuals/:clearPopOutState',
    '/report/clearSelectedVisuals/true',
    null,
  ],
  [
    'page.getSmartNarrativeInsights',
    (r) => r.page('p1').getSmartNarrativeInsights(),
    'GET /report/pages/:pageName/smartNarrativeInsights',
    '/report/pages/p1/smartNarrativeInsights',
    undefined,
    { summaryText: 'up' },
  ],
  [
    'visual.getSmartNarrativeInsights',
    (r) => new VisualDescriptor(r.page('p1'), 'v1', 'Sales', 'barChart').getSmartNarrativeInsights(),
    'GET /report/pages/:pageName/visuals/:visualName/smartNarrativeInsights',
    '/report/pages/p1/visuals/v1/smartNarrativeInsights',
    undefined,
    { summaryText: 'v1 up' },
  ],
  ['print', (r) => r.print(), 'POST /report/print', '/report/print', null],
  [
    'updateSettings',
    (r) => r.updateSettings({ filterPaneEnabled: false }),
    'PATCH /report/settings',
    '/report/settings',
    { filterPaneEnabled: false },
  ],
  [
    'switchMode edit',
    (r) => r.switchMode(ViewMode.Edit),
    'POST /report/switchMode/:viewMode',
    '/report/switchMode/edit',
    null,
  ],
  [
    'switchMode view',
    (r) => r.switchMode('view'),
    'POST /report/switchMode/:viewMode',
    '/report/switchMode/view',
    null,
  ],
  ['refresh', (r) => r.refresh(), 'POST /report/refresh', '/report/refresh', null],
  [
    'isSaved',
    (r) => r.isSaved(),
    'GET /report/hasUnsavedChanges',
    '/report/hasUnsavedChanges',
    undefined,
    true,
  ],
  ['getTheme', (r) => r.getTheme(), 'GET /report/theme', '/report/theme', undefined, { name: 't' }],
  [
    'applyTheme',
    (r) => r.applyTheme({ themeJson: { name: 'dark' } }),
    'PUT /report/theme',
    '/report/theme',
    { themeJson: { name: 'dark' } },
  ],
  ['resetTheme', (r) => r.resetTheme(), 'PUT /report/theme', '/report/theme', {}],
  [
    'resetPersistentFilters',
    (r) => r.resetPersistentFilters(),
    'DELETE /report/userState',
    '/report/userState',
    null,
  ],
  [
    'savePersistentFilters',
    (r) => r.savePersistentFilters(),
    'POST /report/userState',
    '/report/userState',
    null,
  ],
  [
    'arePersistentFiltersApplied',
    (r) => r.arePersistentFiltersApplied(),
    'GET /report/isUserStateApplied',
    '/report/isUserStateApplied',
    undefined,
    false,
  ],
  ['getZoom', (r) => r.getZoom(), 'GET /report/zoom', '/report/zoom', undefined, 1.5],
  ['setZoom', (r) => r.setZoom(2), 'PATCH /report/settings', '/report/settings', { zoomLevel: 2 }],
  ['render', (r) => r.render({ id: 'r1' }), 'POST /report/render', '/report/render', { id: 'r1' }],
  [
    'getBookmarks',
    (r) => r.bookmarksManager.getBookmarks(),
    'GET /report/bookmarks',
    '/report/bookmarks',
    undefined,
    [{ name: 'b1' }],
  ],
  [
    'apply bookmark',
    (r) => r.bookmarksManager.apply('b1'),
    'POST /report/bookmarks/applyByName',
    '/report/bookmarks/applyByName',
    { name: 'b1' },
  ],
  [
    'play bookmarks',
    (r) => r.bookmarksManager.play(BookmarksPlayMode.Presentation),
    'POST /report/bookmarks/play',
    '/report/bookmarks/play',
    { playMode: 1 },
  ],
  [
    'capture bookmark',
    (r) => r.bookmarksManager.capture({ allPages: true }),
    'POST /report/bookmarks/capture',
    '/report/bookmarks/capture',
    { options: { allPages: true } },
    { name: 'b2' },
  ],
  [
    'capture bookmark without options',
    (r) => r.bookmarksManager.capture(),
    'POST /report/bookmarks/capture',
    '/report/bookmarks/capture',
    { options: {} },
    { name: 'b2' },
  ],
  [
    'apply bookmark state',
    (r) => r.bookmarksManager.applyState('abc'),
    'POST /report/bookmarks/applyState',
    '/report/bookmarks/applyState',
    { state: 'abc' },
  ],
  [
    'addPage',
    (r) => r.addPage('Sales'),
    'POST /report/addPage',
    '/report/addPage',
    { displayName: 'Sales' },
    { name: 'p3', displayName: 'Sales' },
  ],
  ['getPages', (r) => r.getPages(), 'GET /report/pages', '/report/pages', undefined],
  ['deletePage', (r) => r.deletePage('p1'), 'DELETE /report/pages/:pageName', '/report/pages/p1', {}],
  [
    'renamePage',
    (r) => r.renamePage('p1', 'Uno'),
    'PUT /report/pages/:pageName/name',
    '/report/pages/p1/name',
    { name: 'p1', displayName: 'Uno' },
  ],
  [
    'setPage',
    (r) => r.setPage('p1'),
    'PUT /report/pages/active',
    '/report/pages/active',
    { name: 'p1', displayName: null, isActive: true },
  ],
  [
    'page.setActive',
    (r) => r.page('p1').setActive(),
    'PUT /report/pages/active',
    '/report/pages/active',
    { name: 'p1', displayName: null, isActive: true },
  ],
  [
    'page.setDisplayName',
    (r) => r.page('p1').setDisplayName('Uno'),
    'PUT /report/pages/:pageName/name',
    '/report/pages/p1/name',
    { name: 'p1', displayName: 'Uno' },
  ],
  ['page.delete', (r) => r.page('p1').delete(), 'DELETE /report/pages/:pageName', '/report/pages/p1', {}],
  [
    'page.hasLayout',
    (r) => r.page('p1').hasLayout(LayoutType.MobilePortrait),
    'GET /report/pages/:pageName/layoutTypes/:layoutType',
    '/report/pages/p1/layoutTypes/MobilePortrait',
    undefined,
    true,
  ],
  ['report getFilters', (r) => r.getFilters(), 'GET /report/filters', '/report/filters', undefined, [filter]],
  [
    'report updateFilters',
    (r) => r.updateFilters(FiltersOperations.Add, [filter]),
    'POST /report/filters',
    '/report/filters',
    { filtersOperation: 2, filters: [filter] },
  ],
  [
    'report removeFilters',
    (r) => r.removeFilters(),
    'POST /report/filters',
    '/report/filters',
    { filtersOperation: 0, filters: undefined },
  ],
  ['report setFilters', (r) => r.setFilters([filter]), 'PUT /report/filters', '/report/filters', [filter]],
  [
    'page getFilters',
    (r) => r.page('p1').getFilters(),
    'GET /report/pages/:pageName/filters',
    '/report/pages/p1/filters',
    undefined,
    [filter],
  ],
  [
    'page updateFilters',
    (r) => r.page('p1').updateFilters(FiltersOperations.Replace, [filter]),
    'POST /report/pages/:pageName/filters',
    '/report/pages/p1/filters',
    { filtersOperation: 3, filters: [filter] },
  ],
  [
    'page setFilters',
    (r) => r.page('p1').setFilters([filter]),
    'PUT /report/pages/:pageName/filters',
    '/report/pages/p1/filters',
    [filter],
  ],
  [
    'page getVisuals',
    (r) => r.page('p1').getVisuals(),
    'GET /report/pages/:pageName/visuals',
    '/report/pages/p1/visuals',
    undefined,
  ],
  [
    'visual getFilters',
    (r) => visual(r).getFilters(),
    'GET /report/pages/:pageName/visuals/:visualName/filters',
    '/report/pages/p1/visuals/v1/filters',
    undefined,
    [filter],
  ],
  [
    'visual updateFilters',
    (r) => visual(r).updateFilters(FiltersOperations.ReplaceAll, [filter]),
    'POST /report/pages/:pageName/visuals/:visualName/filters',
    '/report/pages/p1/visuals/v1/filters',
    { filtersOperation: 1, filters: [filter] },
  ],
  [
    'visual setFilters',
    (r) => visual(r).setFilters([filter]),
    'PUT /report/pages/:pageName/visuals/:visualName/filters',
    '/report/pages/p1/visuals/v1/filters',
    [filter],
  ],
  [
    'visual exportData',
    (r) => visual(r).exportData(ExportDataType.Underlying, 100),
    'POST /report/pages/:pageName/visuals/:visualName/exportData',
    '/report/pages/p1/visuals/v1/exportData',
    { rows: 100, exportDataType: 1 },
    { data: 'a,b' },
  ],
  [
    'visual getSlicerState',
    (r) => visual(r).getSlicerState(),
    'GET /report/pages/:pageName/visuals/:visualName/slicer',
    '/report/pages/p1/visuals/v1/slicer',
    undefined,
    { filters: [] },
  ],
  [
    'visual setSlicerState',
    (r) => visual(r).setSlicerState({ filters: [] }),
    'PUT /report/pages/:pageName/visuals/:visualName/slicer',
    '/report/pages/p1/visuals/v1/slicer',
    { filters: [] },
  ],
  [
    'visual clone',
    (r) => visual(r).clone(),
    'POST /report/pages/:pageName/visuals/:visualName/clone',
    '/report/pages/p1/visuals/v1/clone',
    {},
    { visualName: 'v9' },
  ],
  [
    'visual sortBy',
    (r) => visual(r).sortBy({ orderBy: { table: 'T', column: 'C' }, direction: SortDirection.Descending }),
    'PUT /report/pages/:pageName/visuals/:visualName/sortBy',
    '/report/pages/p1/visuals/v1/sortBy',
    { orderBy: { table: 'T', column: 'C' }, direction: 2 },
  ],
  [
    'resizeActivePage',
    (r) => r.resizeActivePage(PageSizeType.Custom, 800, 600),
    'PATCH /report/settings',
    '/report/settings',
    { layoutType: 1, customLayout: { pageSize: { type: 4, width: 800, height: 600 } } },
  ],
  [
    'switchLayout',
    (r) => r.switchLayout(LayoutType.Custom),
    'PATCH /report/settings',
    '/report/settings',
    { layoutType: 1 },
  ],
];

const visual = (report: Report) => new VisualDescriptor(report.page('p1'), 'v1', 'Sales', 'barChart');

describe('every call of a report, page, visual and bookmark manager', () => {
  it.each(cases)(
    '%s posts its method, URL, uid header and body',
    async (_what, invoke, call, url, body, reply = null) => {
      const { frame, embed } = await reportWith({ [call]: reply });
      await invoke(embed);
      const [request] = frame.requests();
      expect(request?.method).toBe(call.split(' ')[0]);
      expect(request?.url).toBe(url);
      expect(request?.headers).toMatchObject({ 'x-sdk-type': 'js', 'x-sdk-version': '2.22.1', uid: 'u1' });
      expect(request?.headers.id).toMatch(/^[0-9a-f]{16}$/);
      if (request?.method === 'GET') expect(request).not.toHaveProperty('body');
      else expect(request?.body).toStrictEqual(body);
      expect(frame.posted.every((entry) => entry.targetOrigin === FRAME_ORIGIN)).toBe(true);
    },
  );
});

describe('what the calls resolve with', () => {
  it('resolves body-returning calls with the reply body and others with the whole reply', async () => {
    const { embed } = await reportWith({
      'GET /report/zoom': 1.5,
      'POST /report/filters': null,
      'GET /getCorrelationId': 'c-1',
    });
    await expect(embed.getZoom()).resolves.toBe(1.5);
    await expect(embed.getCorrelationId()).resolves.toBe('c-1');
    await expect(embed.updateFilters(FiltersOperations.Add, [filter])).resolves.toMatchObject({
      statusCode: 200,
      body: null,
    });
  });

  it('resolves isSaved with the inverse of hasUnsavedChanges', async () => {
    const { embed } = await reportWith({ 'GET /report/hasUnsavedChanges': true });
    await expect(embed.isSaved()).resolves.toBe(false);
  });

  it('turns page and visual replies into Page and VisualDescriptor objects', async () => {
    const { embed } = await reportWith({
      'POST /report/addPage': { name: 'p3', displayName: 'Three', isActive: false },
    });
    const all = await embed.getPages();
    expect(all.map((page) => [page.name, page.displayName, page.isActive])).toEqual([
      ['p1', 'One', false],
      ['p2', 'Two', true],
    ]);
    expect(all[0]).toBeInstanceOf(Page);
    expect(all[0]?.report).toBe(embed);
    expect((await embed.getActivePage()).name).toBe('p2');
    expect((await embed.getPageByName('p1')).displayName).toBe('One');
    expect((await embed.addPage('Three')).name).toBe('p3');

    const page = embed.page('p1');
    const descriptors = await page.getVisuals();
    expect(descriptors[0]).toBeInstanceOf(VisualDescriptor);
    expect(descriptors[0]).toMatchObject({
      name: 'v1',
      title: 'Sales',
      type: 'barChart',
      layout: { x: 0 },
      page,
    });
    expect((await page.getSlicers()).map((slicer) => slicer.name)).toEqual(['s1']);
    expect((await page.getVisualByName('v1')).title).toBe('Sales');
  });

  it('rejects a page or visual it cannot find with the NotFound code', async () => {
    const { embed } = await reportWith();
    await expect(embed.getPageByName('zz')).rejects.toMatchObject({
      errorCode: 'PowerBIEntityNotFound',
      body: 'PowerBIEntityNotFound',
    });
    await expect(embed.page('p1').getVisualByName('zz')).rejects.toMatchObject({
      errorCode: 'PowerBIEntityNotFound',
    });
  });

  it('rejects with an EmbedError carrying the frame body when the frame fails a call', async () => {
    const { embed, frame } = await reportWith();
    const body = {
      message: 'LoadReportFailed',
      detailedMessage: 'No such report',
      errorCode: 'LoadReportFailed',
    };
    frame.router.handle('GET /report/theme', () => {
      throw new FrameError(403, body);
    });
    await expect(embed.getTheme()).rejects.toMatchObject({
      name: 'EmbedError',
      ...body,
      statusCode: 403,
      body,
    });
  });
});

describe('settings patches of layout and menu commands', () => {
  it('checks the page and visual exist, then patches the visual layout', async () => {
    const { embed, frame } = await reportWith({ 'PATCH /report/settings': null });
    await embed.moveVisual('p1', 'v1', 10, 20, 3);
    await embed.resizeVisual('p1', 'v1', 300, 200);
    await embed.setVisualDisplayState('p1', 'v1', VisualContainerDisplayMode.Hidden);
    const patches = frame
      .requests()
      .filter((r) => r.method === 'PATCH')
      .map((r) => r.body);
    expect(patches).toStrictEqual([
      {
        layoutType: 1,
        customLayout: { pagesLayout: { p1: { visualsLayout: { v1: { x: 10, y: 20, z: 3 } } } } },
      },
      {
        layoutType: 1,
        customLayout: { pagesLayout: { p1: { visualsLayout: { v1: { width: 300, height: 200 } } } } },
      },
      {
        layoutType: 1,
        customLayout: { pagesLayout: { p1: { visualsLayout: { v1: { displayState: { mode: 1 } } } } } },
      },
    ]);
    await expect(embed.moveVisual('p1', 'zz', 0, 0)).rejects.toMatchObject({
      errorCode: 'PowerBIEntityNotFound',
    });
  });

  it('adds and removes context and options menu commands through the settings', async () => {
    const { embed, frame } = await reportWith({ 'PATCH /report/settings': null });
    await embed.addContextMenuCommand('cmd', 'Do it', undefined, undefined, 'v1');
    await embed.addOptionsMenuCommand(
      'opt',
      'Other',
      'Menu',
      undefined,
      undefined,
      'barChart',
      'group',
      'icon.svg',
    );
    await embed.removeContextMenuCommand('cmd', 'Do it');
    const patches = frame.requests().map((r) => r.body);
    expect(patches[0]).toStrictEqual({
      extensions: {
        commands: [
          {
            name: 'cmd',
            title: 'Do it',
            extend: { visualContextMenu: { title: 'Do it', menuLocation: 0 } },
            selector: { $schema: 'http://powerbi.com/product/schema#visualSelector', visualName: 'v1' },
          },
        ],
        groups: [],
      },
    });
    expect(patches[1]).toMatchObject({
      extensions: {
        commands: [
          { name: 'cmd' },
          {
            name: 'opt',
            title: 'Other',
            icon: 'icon.svg',
            extend: { visualOptionsMenu: { title: 'Menu', groupName: 'group' } },
            selector: {
              $schema: 'http://powerbi.com/product/schema#visualTypeSelector',
              visualType: 'barChart',
            },
          },
        ],
      },
    });
    expect(patches[2]).toMatchObject({
      extensions: { commands: [{ name: 'cmd', extend: {} }, { name: 'opt' }] },
    });
    await expect(embed.removeOptionsMenuCommand('nope', 'Menu')).rejects.toMatchObject({
      errorCode: 'PowerBIEntityNotFound',
    });
  });
});

describe('the other embed kinds', () => {
  it('asks a Q&A question with /qna/interpret', async () => {
    const embedded = embedWithFrame<Qna>({
      type: 'qna',
      datasetIds: ['ds'],
      embedUrl: `${FRAME_ORIGIN}/qnaEmbed`,
      accessToken: 't',
      uniqueId: 'q1',
    });
    embedded.frame.router.handle('POST /qna/interpret', () => null);
    await embedded.embed.setQuestion('sales by region');
    expect(embedded.frame.requests()[0]).toMatchObject({
      url: '/qna/interpret',
      body: { question: 'sales by region' },
    });
  });

  it('sends a new token to /dashboard/token for a dashboard and /report/token for a visual', async () => {
    const dashboard = embedWithFrame<Dashboard>({
      type: 'dashboard',
      id: 'd1',
      embedUrl: `${FRAME_ORIGIN}/dashboardEmbed`,
      accessToken: 't',
    });
    dashboard.frame.router.handle('POST /:embedType/token', () => null);
    await dashboard.embed.setAccessToken('t2');
    expect(dashboard.frame.requests()[0]).toMatchObject({ url: '/dashboard/token', body: 't2' });
    expect(dashboard.element.getAttribute('powerbi-access-token')).toBe('t2');
    expect(dashboard.service.accessToken).toBe('t2');
    await expect(dashboard.embed.setAccessToken('')).rejects.toThrow('Access token cannot be empty');

    const single = embedWithFrame<Visual>({
      ...reportConfig,
      type: 'visual',
      pageName: 'p1',
      visualName: 'v1',
    });
    single.frame.router.handle('POST /:embedType/token', () => null);
    await single.embed.setAccessToken('t2');
    expect(single.frame.requests()[0]?.url).toBe('/report/token');
  });

  it('sends a quick-create embed its new token on /report/token, as powerbi-client 2.24 does', async () => {
    const service = newService();
    const element = newElement();
    const quick = service.quickCreate(element, {
      accessToken: 't',
      embedUrl: `${FRAME_ORIGIN}/quickCreate`,
      datasetCreateConfig: { locale: 'en-US', mashupDocument: 'let' },
    });
    const frame = fakeFrame({ uid: quick.config.uniqueId ?? '' });
    attach(quick.iframe, frame);
    frame.router.handle('POST /:embedType/token', () => null);
    await quick.setAccessToken('t2');
    expect(frame.requests().map((request) => request.url)).toEqual(['/report/token']);
  });

  it('reads a single visual and its filters at the visual, page or report level', async () => {
    const single = embedWithFrame<Visual>({
      ...reportConfig,
      type: 'visual',
      pageName: 'p1',
      visualName: 'v1',
    });
    single.frame.router
      .handle('GET /report/pages/:pageName/visuals', () => visuals)
      .get('/report/filters', () => ['report'])
      .get('/report/pages/:pageName/filters', () => ['page'])
      .get('/report/pages/:pageName/visuals/:visualName/filters', () => ['visual'])
      .post('/report/pages/:pageName/visuals/:visualName/filters', () => null);
    const descriptor = await single.embed.getVisualDescriptor();
    expect(descriptor).toMatchObject({ name: 'v1', title: 'Sales', page: { name: 'p1' } });
    await expect(single.embed.getFilters()).resolves.toEqual(['visual']);
    await expect(single.embed.getFilters(FiltersLevel.Page)).resolves.toEqual(['page']);
    await expect(single.embed.getFilters(FiltersLevel.Report)).resolves.toEqual(['report']);
    await single.embed.removeFilters();
    expect(single.frame.requests().at(-1)).toMatchObject({
      url: '/report/pages/p1/visuals/v1/filters',
      body: { filtersOperation: FiltersOperations.RemoveAll },
    });
  });

  it('says visualNotFound when the embedded visual is not on its page', async () => {
    const single = embedWithFrame<Visual>({
      ...reportConfig,
      type: 'visual',
      pageName: 'p1',
      visualName: 'gone',
    });
    single.frame.router.handle('GET /report/pages/:pageName/visuals', () => visuals);
    await expect(single.embed.getVisualDescriptor()).rejects.toMatchObject({
      message: 'visualNotFound',
      detailedMessage: 'Visual not found',
      errorCode: 'PowerBIEntityNotFound',
    });
  });
});
