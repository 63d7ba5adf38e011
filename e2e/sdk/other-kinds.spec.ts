/**
 * The embed kinds besides the report, host SDK ↔ fake frame across origins in Chromium: dashboard, tile,
 * Q&A, single visual (its layout call), report creation, quick create, paginated reports, and component
 * types of the host's own (`service.register`).
 */
import { VISUALS } from './fixtures/answers.ts';
import { expect, poll, test, type Host } from './support/fixtures.ts';

const RDL = 'This API is currently not supported for RDL reports';

const embedAndLoad = async (
  host: Host,
  config: Record<string, unknown>,
  call: string,
  how?: 'createReport' | 'quickCreate',
) => {
  const uid = await host.embed('main', config, how);
  const frame = await host.frame(uid);
  const [first] = await frame.waitFor(call);
  return { uid, frame, first: first as NonNullable<typeof first> };
};

test.describe('dashboard', () => {
  test('loads with /dashboard/load (its id from the embed URL), and its token goes to /dashboard/token', async ({
    host,
  }) => {
    const { frame, first } = await embedAndLoad(
      host,
      {
        type: 'dashboard',
        embedUrl: host.url('/dashboardEmbed', { dashboardId: 'd9' }),
        accessToken: 'token-1',
        pageView: 'fitToWidth',
        uniqueId: 'dash',
      },
      'dashboardLoad',
    );
    expect(first.headers).toMatchObject({
      uid: 'dash',
      sdkSessionId: expect.stringMatching(/^[0-9a-f]{20}$/),
    });
    expect(first.body).toMatchObject({
      type: 'dashboard',
      id: 'd9',
      accessToken: 'token-1',
      pageView: 'fitToWidth',
    });
    await frame.clear();
    expect(await host.invoke('main', 'embed', 'setAccessToken', ['token-2'])).toMatchObject({ ok: true });
    expect((await frame.requests()).map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', '/dashboard/token', 'token-2'],
    ]);
  });

  test('refuses a pageView that is not fitToWidth, oneColumn or actualSize, before any iframe exists', async ({
    host,
  }) => {
    const outcome = await host.page.evaluate(
      (url) =>
        window.t.settle(() =>
          window.t.embed('main', {
            type: 'dashboard',
            id: 'd1',
            embedUrl: url,
            accessToken: 'a',
            pageView: 'wide',
          }),
        ),
      host.url('/dashboardEmbed'),
    );
    expect(outcome).toMatchObject({
      ok: false,
      error: {
        message: 'pageView must be one of the followings: fitToWidth, oneColumn, actualSize',
        errorCode: 'ValidationError',
        body: [
          expect.objectContaining({
            message: 'pageView must be one of the followings: fitToWidth, oneColumn, actualSize',
          }),
        ],
      },
    });
  });
});

test.describe('tile', () => {
  test('loads with /tile/load (its id from the tileId parameter), and its token goes to /tile/token', async ({
    host,
  }) => {
    const { frame, first } = await embedAndLoad(
      host,
      {
        type: 'tile',
        dashboardId: 'd1',
        embedUrl: host.url('/tileEmbed', { tileId: 't9' }),
        accessToken: 'token-1',
        width: 300,
        height: 200,
        uniqueId: 'tile',
      },
      'tileLoad',
    );
    expect(first.headers).toMatchObject({ uid: 'tile' });
    expect(first.body).toMatchObject({ type: 'tile', id: 't9', dashboardId: 'd1', width: 300, height: 200 });
    await frame.clear();
    await host.invoke('main', 'embed', 'setAccessToken', ['token-2']);
    expect((await frame.requests()).map((r) => `${r.method} ${r.url}`)).toEqual(['POST /tile/token']);
  });
});

test.describe('Q&A', () => {
  test('loads with /qna/load, asks with /qna/interpret, and its token goes to /report/token', async ({
    host,
  }) => {
    const { frame, first } = await embedAndLoad(
      host,
      {
        type: 'qna',
        datasetIds: ['ds1'],
        question: 'sales',
        embedUrl: host.url('/qnaEmbed'),
        accessToken: 'token-1',
        viewMode: 0,
        uniqueId: 'qna',
      },
      'qnaLoad',
    );
    expect(first.body).toMatchObject({ type: 'qna', datasetIds: ['ds1'], question: 'sales', viewMode: 0 });
    await frame.clear();
    expect(await host.invoke('main', 'embed', 'setQuestion', ['sales by region'])).toMatchObject({
      ok: true,
      value: { statusCode: 200 },
    });
    await host.invoke('main', 'embed', 'setAccessToken', ['token-2']);
    expect((await frame.requests()).map((r) => [`${r.method} ${r.url}`, r.body])).toEqual([
      ['POST /qna/interpret', { question: 'sales by region' }],
      ['POST /report/token', 'token-2'],
    ]);
  });
});

test.describe('single visual', () => {
  const visualConfig = (host: Host, extra: Record<string, unknown> = {}) => ({
    type: 'visual',
    id: 'r1',
    pageName: 'p1',
    visualName: 'v1',
    embedUrl: host.url('/reportEmbed', { reportId: 'r1' }),
    accessToken: 'token-1',
    uniqueId: 'visual',
    ...extra,
  });
  const layout = (width: number, height: number) => ({
    filterPaneEnabled: false,
    navContentPaneEnabled: false,
    layoutType: 1,
    customLayout: {
      displayOption: 0,
      pageSize: { type: 4, width, height },
      pagesLayout: {
        p1: {
          defaultLayout: { displayState: { mode: 1 } },
          visualsLayout: { v1: { displayState: { mode: 0 }, x: 1, y: 1, z: 1, width, height } },
        },
      },
    },
  });

  test('loads the report laid out to show only its visual at x=1 y=1 z=1, fit to the page, panes off, sized like the iframe', async ({
    host,
  }) => {
    const { first } = await embedAndLoad(host, visualConfig(host), 'reportLoad');
    // The iframe fills the 400×300 container; its offset size also counts its default 2 px border.
    const size = await host.page.evaluate(() => {
      const iframe = document.querySelector('#main iframe') as HTMLIFrameElement;
      return [iframe.offsetWidth, iframe.offsetHeight];
    });
    expect(size).toEqual([404, 304]);
    expect(first.body).toMatchObject({
      type: 'visual',
      pageName: 'p1',
      visualName: 'v1',
      settings: layout(404, 304),
    });
  });

  test('takes its page size from the configuration when it has one', async ({ host }) => {
    const { first } = await embedAndLoad(host, visualConfig(host, { width: 640, height: 480 }), 'reportLoad');
    expect(first.body).toMatchObject({ settings: layout(640, 480) });
  });

  test('describes its visual, filters at the visual level by default, and refuses page navigation and render', async ({
    host,
  }) => {
    const { frame } = await embedAndLoad(host, visualConfig(host), 'reportLoad');
    await frame.clear();
    expect(await host.invoke('main', 'embed', 'getVisualDescriptor')).toEqual({
      ok: true,
      value: VISUALS[0],
    });
    expect(await host.invoke('main', 'embed', 'getFilters')).toMatchObject({ ok: true });
    expect(await host.invoke('main', 'embed', 'getFilters', [0])).toMatchObject({ ok: true });
    expect(await host.invoke('main', 'embed', 'setFilters', [[], 1])).toMatchObject({ ok: true });
    expect((await frame.requests()).map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /report/pages/p1/visuals',
      'GET /report/pages/p1/visuals/v1/filters',
      'GET /report/filters',
      'PUT /report/pages/p1/filters',
    ]);
    for (const [method, message] of [
      ['getPages', 'Get pages is not supported while embedding a visual.'],
      ['setPage', 'Set page is not supported while embedding a visual.'],
      ['render', 'render is not supported while embedding a visual.'],
    ] as const) {
      expect(await host.invoke('main', 'embed', method, ['p2'])).toMatchObject({
        ok: false,
        error: { message },
      });
    }
  });

  test('a visual the page does not have is reported as visualNotFound', async ({ host }) => {
    await embedAndLoad(host, visualConfig(host, { visualName: 'missing' }), 'reportLoad');
    expect(await host.invoke('main', 'embed', 'getVisualDescriptor')).toMatchObject({
      ok: false,
      error: {
        message: 'visualNotFound',
        detailedMessage: 'Visual not found',
        errorCode: 'PowerBIEntityNotFound',
      },
    });
  });

  test('without a page name nothing is loaded and the error is reported', async ({ host }) => {
    const uid = await host.embed('main', visualConfig(host, { pageName: undefined }));
    const frame = await host.frame(uid);
    await poll(() => host.page.evaluate(() => window.t.errors.map((e) => e.message))).toEqual([
      'Page name is required when embedding a visual.',
    ]);
    expect(await frame.requests()).toEqual([]);
  });
});

test.describe('report creation', () => {
  test('posts /report/create with the create configuration and the uid, session and token-provider headers', async ({
    host,
  }) => {
    const uid = await host.page.evaluate((url) => {
      const element = window.t.element('main');
      const create = window.t.service.createReport(element, {
        datasetId: 'ds1',
        accessToken: 'aad-token',
        tokenType: window.sdk.models.TokenType.Aad,
        groupId: 'g1',
        embedUrl: url,
        uniqueId: 'creating',
        eventHooks: { accessTokenProvider: () => 'fresh-token' },
      });
      return create.config.uniqueId ?? '';
    }, host.url('/reportEmbed'));
    const frame = await host.frame(uid);
    const [create] = await frame.waitFor('createReport');
    expect(create?.headers).toMatchObject({
      uid: 'creating',
      sdkSessionId: expect.stringMatching(/^[0-9a-f]{20}$/),
      tokenProviderSupplied: true,
    });
    expect(create?.body).toEqual({
      accessToken: 'aad-token',
      datasetId: 'ds1',
      groupId: 'g1',
      settings: undefined,
      tokenType: 0,
      theme: undefined,
    });
    expect(await frame.callHook('newAccessToken')).toEqual({
      ok: true,
      value: { handled: true, value: 'fresh-token' },
    });
    await frame.clear();
    expect(await host.invoke('main', 'embed', 'isSaved')).toEqual({ ok: true, value: false });
    await host.invoke('main', 'embed', 'setAccessToken', ['token-2']);
    expect((await frame.requests()).map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /report/hasUnsavedChanges',
      'POST /report/token',
    ]);
  });

  test('takes the dataset id from the embed URL', async ({ host }) => {
    const { first } = await embedAndLoad(
      host,
      { accessToken: 't', embedUrl: host.url('/reportEmbed', { datasetId: 'from-url' }) },
      'createReport',
      'createReport',
    );
    expect(first.body).toMatchObject({ datasetId: 'from-url' });
  });
});

test.describe('quick create', () => {
  const quick = (host: Host, extra: Record<string, unknown> = {}) => ({
    accessToken: 'token-1',
    embedUrl: host.url('/quickCreate'),
    datasetCreateConfig: {
      locale: 'en-US',
      tableSchemaList: [{ name: 'T', columns: [{ name: 'a', dataType: 'Text' }] }],
      data: [{ name: 'T', rows: [['x']] }],
    },
    uniqueId: 'quick',
    ...extra,
  });

  test('posts /quickcreate with its configuration and the uid and session headers', async ({ host }) => {
    const { first } = await embedAndLoad(host, quick(host), 'quickCreate', 'quickCreate');
    expect(first.headers).toMatchObject({
      uid: 'quick',
      sdkSessionId: expect.stringMatching(/^[0-9a-f]{20}$/),
    });
    expect(first.headerNames).not.toContain('tokenProviderSupplied');
    expect(first.body).toMatchObject({
      type: 'quickCreate',
      datasetCreateConfig: quick(host).datasetCreateConfig,
    });
  });

  test('sends a new token to /report/token, as powerbi-client 2.24 does for quick create', async ({
    host,
  }) => {
    const { frame } = await embedAndLoad(host, quick(host), 'quickCreate', 'quickCreate');
    await frame.clear();
    expect(await host.invoke('main', 'embed', 'setAccessToken', ['token-2'])).toMatchObject({ ok: true });
    expect((await frame.requests()).map((r) => [`${r.method} ${r.url}`, r.body])).toEqual([
      ['POST /report/token', 'token-2'],
    ]);
  });

  test('answers newAccessToken from its hook and refuses preQuery', async ({ host }) => {
    const uid = await host.page.evaluate((config) => {
      const element = window.t.element('main');
      return (
        window.t.service.quickCreate(element, {
          ...(config as unknown as Parameters<typeof window.t.service.quickCreate>[1]),
          tokenType: window.sdk.models.TokenType.Aad,
          eventHooks: { accessTokenProvider: () => 'quick-token' },
        }).config.uniqueId ?? ''
      );
    }, quick(host));
    const frame = await host.frame(uid);
    const [request] = await frame.waitFor('quickCreate');
    expect(request?.headers.tokenProviderSupplied).toBe(true);
    expect(await frame.callHook('newAccessToken')).toEqual({
      ok: true,
      value: { handled: true, value: 'quick-token' },
    });
    expect(await frame.callHook('preQuery')).toMatchObject({ ok: false, error: { statusCode: 400 } });
  });
});

test.describe('paginated (RDL) report', () => {
  test('loads with the paginated validation and refuses what RDL reports do not support, without a request', async ({
    host,
  }) => {
    const { frame, first } = await embedAndLoad(
      host,
      {
        type: 'report',
        id: 'rdl1',
        embedUrl: host.url('/rdlEmbed', { reportId: 'rdl1' }),
        accessToken: 'token-1',
        parameterValues: [{ name: 'Year', value: '2024' }],
        uniqueId: 'rdl',
      },
      'reportLoad',
    );
    expect(first.body).toMatchObject({ id: 'rdl1', parameterValues: [{ name: 'Year', value: '2024' }] });
    await frame.clear();
    for (const [target, method, args] of [
      ['embed', 'getPages', []],
      ['embed', 'getFilters', []],
      ['embed', 'print', []],
      ['embed', 'getTheme', []],
      ['embed', 'isSaved', []],
      ['embed', 'addContextMenuCommand', ['c', 'C']],
      ['embed', 'updateSettings', [{ customLayout: { displayOption: 0 } }]],
      ['bookmarks', 'getBookmarks', []],
      ['page:p1', 'getVisuals', []],
      ['visual:p1/v1', 'getFilters', []],
    ] as const) {
      expect(await host.invoke('main', target, method, [...args]), `${target}.${method}`).toMatchObject({
        ok: false,
        error: { message: RDL, body: RDL, errorCode: 'NotSupported' },
      });
    }
    expect(await frame.requests()).toEqual([]);
    // What RDL reports do support still goes through.
    expect(await host.invoke('main', 'embed', 'refresh')).toMatchObject({ ok: true });
  });
});

test.describe('component types of the host', () => {
  test('a registered type is embedded by its factory and hears events on its own routes', async ({
    host,
  }) => {
    const uid = await host.page.evaluate((url) => {
      const { Report } = window.sdk;
      window.t.service.register('goal', (...args) => new Report(...args), [
        '/goals/:uniqueId/events/:eventName',
      ]);
      window.t.watch('achieved');
      return window.t.embed('main', {
        type: 'goal',
        id: 'g1',
        embedUrl: url,
        accessToken: 'token-1',
        uniqueId: 'goal-1',
      });
    }, host.url('/reportEmbed'));
    const frame = await host.frame(uid);
    await frame.waitFor('reportLoad');
    const answer = await frame.frame.evaluate(() =>
      window.fake.request({ method: 'POST', url: '/goals/goal-1/events/achieved', body: { by: 2 } }),
    );
    expect(answer).toEqual({ statusCode: 200, body: null });
    await poll(() => host.page.evaluate(() => window.t.events)).toEqual([
      { name: 'achieved', target: 'main', detail: { by: 2 }, bubbles: true, cancelable: true },
    ]);
  });

  test("registration follows powerbi-client 2.24's rules: reserved names, one registration per type, routes with :uniqueId and :eventName, types matched without case", async ({
    host,
  }) => {
    const outcome = await host.page.evaluate((url) => {
      const service = window.t.service;
      const factory = (...args: ConstructorParameters<typeof window.sdk.Report>) =>
        new window.sdk.Report(...args);
      const attempt = (register: () => void) => {
        try {
          register();
          return 'registered';
        } catch (error) {
          return error instanceof Error ? error.message : String(error);
        }
      };
      return {
        reserved: attempt(() => service.register('Report', factory, [])),
        first: attempt(() => service.register('Goal', factory, ['/goals/:uniqueId/events/:eventName'])),
        duplicate: attempt(() => service.register('goal', factory, [])),
        badRoute: attempt(() => service.register('kpi', factory, ['/kpis/:uniqueId'])),
        embedded: attempt(() =>
          window.t.embed('main', { type: 'GOAL', id: 'g1', embedUrl: url, accessToken: 't' }),
        ),
      };
    }, host.url('/reportEmbed'));
    expect(outcome).toEqual({
      reserved: 'The component name is reserved. Cannot register a component with this name.',
      first: 'registered',
      duplicate: 'A component with this type is already registered.',
      badRoute: 'Invalid router event URL',
      embedded: 'registered',
    });
  });
});
