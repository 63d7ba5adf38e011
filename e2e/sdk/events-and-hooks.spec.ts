/**
 * Frame → host messages in Chromium across origins: every inbound route of spec §2 re-raised as a
 * bubbling, cancelable CustomEvent on the right element, pageChanged's newPage as a Page, the typed
 * on/off API, and the preQuery / newAccessToken hooks answered 404 / 200 / 400.
 */
import type { Page } from '@playwright/test';
import { expect, poll, openHost, test, type FakeFrame, type Host } from './support/fixtures.ts';

declare global {
  interface Window {
    /** What the hooks of the `hooked` report received, and how they behave. */
    hookCalls: { hook: string; body: unknown; reportIsEmbed: boolean }[];
    hookMode: 'value' | 'async' | 'throw';
    /** What `on()` handlers saw. */
    handled: { name: string; detail: unknown; isCustomEvent: boolean }[];
  }
}

const REPORT_EVENTS = [
  'loaded',
  'saved',
  'rendered',
  'saveAsTriggered',
  'error',
  'dataSelected',
  'buttonClicked',
  'info',
  'filtersApplied',
  'pageChanged',
  'commandTriggered',
  'swipeStart',
  'swipeEnd',
  'bookmarkApplied',
  'dataHyperlinkClicked',
  'visualRendered',
  'visualClicked',
  'selectionChanged',
  'renderingStarted',
];

let page: Page;
let host: Host;
const frames: Record<string, FakeFrame> = {};

test.beforeAll(async ({ browser, servers }) => {
  page = await browser.newPage();
  host = await openHost(page, servers);
  frames.main = await host.report('main', { uniqueId: 'events-main' });
  const others = {
    dash: { type: 'dashboard', id: 'd1', embedUrl: host.url('/dashboardEmbed'), accessToken: 'token-1' },
    tile: {
      type: 'tile',
      id: 't1',
      dashboardId: 'd1',
      embedUrl: host.url('/tileEmbed'),
      accessToken: 'token-1',
    },
    qna: { type: 'qna', datasetIds: ['ds1'], embedUrl: host.url('/qnaEmbed'), accessToken: 'token-1' },
  };
  for (const [id, config] of Object.entries(others)) {
    frames[id] = await host.frame(await host.embed(id, { ...config, uniqueId: `events-${id}` }));
  }
  await frames.qna?.waitFor('qnaLoad');
  await page.evaluate(
    (names) => window.t.watch(...names, 'tileClicked', 'tileLoaded', 'ready'),
    REPORT_EVENTS,
  );
});

test.afterAll(async () => {
  await page.close();
});

test.beforeEach(async () => {
  await page.evaluate(() => {
    window.t.events.length = 0;
    window.t.errors.length = 0;
  });
});

const events = () => page.evaluate(() => window.t.events);
const frame = (id: string) => frames[id] as FakeFrame;

test('every report event on /reports/:uid/events/:name is acknowledged and re-raised as a bubbling, cancelable CustomEvent', async () => {
  const names = REPORT_EVENTS.filter((name) => name !== 'pageChanged');
  for (const name of names) {
    expect(await frame('main').raise({ kind: 'report', eventName: name, body: { name } })).toEqual({
      ok: true,
      value: null,
    });
  }
  await poll(async () => (await events()).length).toBe(names.length);
  expect(await events()).toEqual(
    names.map((name) => ({ name, target: 'main', detail: { name }, bubbles: true, cancelable: true })),
  );
});

test('a page event on /reports/:uid/pages/:page/events/:name reaches the report', async () => {
  const body = { dataPoints: [{ identity: [], values: [] }] };
  await frame('main').raise({ kind: 'report', pageName: 'p1', eventName: 'dataSelected', body });
  await poll(events).toEqual([
    { name: 'dataSelected', target: 'main', detail: body, bubbles: true, cancelable: true },
  ]);
});

test('a visual event on /reports/:uid/pages/:page/visuals/:visual/events/:name reaches the report', async () => {
  const body = { visual: { name: 'v1', title: 'Sales', type: 'barChart' } };
  await frame('main').raise({
    kind: 'report',
    pageName: 'p1',
    visualName: 'v1',
    eventName: 'visualClicked',
    body,
  });
  await poll(events).toEqual([
    { name: 'visualClicked', target: 'main', detail: body, bubbles: true, cancelable: true },
  ]);
});

test('/ready/:uid is raised on the report as an event named ready', async () => {
  await frame('main').raise({ kind: 'ready', body: { ready: true } });
  await poll(events).toContainEqual({
    name: 'ready',
    target: 'main',
    detail: { ready: true },
    bubbles: true,
    cancelable: true,
  });
});

test("pageChanged's newPage arrives as a Page of the report (name, display name, active)", async () => {
  const body = { newPage: { name: 'p2', displayName: 'Details', isActive: false }, oldPage: { name: 'p1' } };
  await frame('main').raise({ kind: 'report', eventName: 'pageChanged', body });
  await poll(events).toEqual([
    {
      name: 'pageChanged',
      target: 'main',
      detail: { newPage: { name: 'p2', displayName: 'Details', isActive: true }, oldPage: { name: 'p1' } },
      bubbles: true,
      cancelable: true,
      newPageIsPageOfEmbed: true,
    },
  ]);
});

test('a pageChanged event without a page model raises nothing and reports the error', async () => {
  expect(await frame('main').raise({ kind: 'report', eventName: 'pageChanged', body: {} })).toMatchObject({
    ok: true,
  });
  await poll(() => page.evaluate(() => window.t.errors.map((e) => e.message))).toEqual([
    "Page model not found at 'event.value.newPage'.",
  ]);
  expect(await events()).toEqual([]);
});

test('dashboard, tile and Q&A events arrive on their own routes at their own elements', async () => {
  await frame('dash').raise({ kind: 'dashboard', eventName: 'tileClicked', body: { tileId: 't1' } });
  await frame('tile').raise({ kind: 'tile', eventName: 'tileLoaded', body: { timings: { load: 1 } } });
  await frame('qna').raise({ kind: 'qna', eventName: 'visualRendered', body: { question: 'sales' } });
  await poll(async () => (await events()).length).toBe(3);
  expect(await events()).toEqual([
    { name: 'tileClicked', target: 'dash', detail: { tileId: 't1' }, bubbles: true, cancelable: true },
    { name: 'tileLoaded', target: 'tile', detail: { timings: { load: 1 } }, bubbles: true, cancelable: true },
    { name: 'visualRendered', target: 'qna', detail: { question: 'sales' }, bubbles: true, cancelable: true },
  ]);
});

test("a frame cannot raise events on another embed's element, nor on an unknown one", async () => {
  await frame('main').raise({
    kind: 'dashboard',
    uniqueId: 'events-dash',
    eventName: 'tileClicked',
    body: {},
  });
  await frame('main').raise({ kind: 'report', uniqueId: 'nobody', eventName: 'loaded', body: {} });
  await frame('dash').raise({ kind: 'report', uniqueId: 'events-main', eventName: 'loaded', body: {} });
  // The report's own frame still gets through afterwards: the events above were dropped, not delayed.
  await frame('main').raise({ kind: 'report', eventName: 'rendered', body: { last: true } });
  await poll(events).toEqual([
    { name: 'rendered', target: 'main', detail: { last: true }, bubbles: true, cancelable: true },
  ]);
});

test('on() handlers get the typed event, the returned function and off() stop them, unknown names throw', async () => {
  const thrown = await page.evaluate(() => {
    window.handled = [];
    const report = window.t.report('main');
    const record = (event: CustomEvent<unknown>) =>
      window.handled.push({
        name: event.type,
        detail: event.detail,
        isCustomEvent: event instanceof CustomEvent,
      });
    const stop = report.on('loaded', record);
    report.on('rendered', record);
    report.on('bookmarkApplied', record);
    (window as unknown as { stopLoaded: () => void }).stopLoaded = stop;
    try {
      report.on('notAnEvent' as 'loaded', record);
      return null;
    } catch (error) {
      return window.t.serializeError(error);
    }
  });
  expect(thrown?.message).toMatch(
    /^eventName must be one of loaded,saved,.*exportDataCompleted\. You passed: notAnEvent$/,
  );

  await frame('main').raise({ kind: 'report', eventName: 'loaded', body: 1 });
  await frame('main').raise({ kind: 'report', eventName: 'rendered', body: 2 });
  await frame('main').raise({ kind: 'report', eventName: 'bookmarkApplied', body: { bookmarkName: 'b1' } });
  await poll(() => page.evaluate(() => window.handled.length)).toBe(3);

  await page.evaluate(() => {
    (window as unknown as { stopLoaded: () => void }).stopLoaded();
    const report = window.t.get('main');
    report.off('rendered');
    window.handled = [];
  });
  await frame('main').raise({ kind: 'report', eventName: 'loaded', body: 3 });
  await frame('main').raise({ kind: 'report', eventName: 'rendered', body: 4 });
  await frame('main').raise({ kind: 'report', eventName: 'bookmarkApplied', body: { bookmarkName: 'b2' } });
  await poll(() => page.evaluate(() => window.handled)).toEqual([
    { name: 'bookmarkApplied', detail: { bookmarkName: 'b2' }, isCustomEvent: true },
  ]);
});

test("blur and exportDataCompleted, which powerbi-client 2.24 added to a report's events, can be listened to", async () => {
  const outcome = await page.evaluate(() =>
    window.t.settle(() => {
      window.handled = [];
      const report = window.t.report('main');
      const record = (event: CustomEvent<unknown>) =>
        window.handled.push({ name: event.type, detail: event.detail, isCustomEvent: true });
      report.on('blur', record);
      report.on('exportDataCompleted', record);
      return window.sdk.Report.allowedEvents.slice(-2);
    }),
  );
  expect(outcome).toEqual({ ok: true, value: ['blur', 'exportDataCompleted'] });
  const completed = { status: 0, exportDataType: 0, exportFormat: 0, pageName: 'p1', visualName: 'v1' };
  await frame('main').raise({ kind: 'report', eventName: 'blur', body: null });
  await frame('main').raise({
    kind: 'report',
    pageName: 'p1',
    visualName: 'v1',
    eventName: 'exportDataCompleted',
    body: completed,
  });
  await poll(() => page.evaluate(() => window.handled)).toEqual([
    { name: 'blur', detail: null, isCustomEvent: true },
    { name: 'exportDataCompleted', detail: completed, isCustomEvent: true },
  ]);
});

test('a request on no known route is answered 404', async () => {
  const answer = await frame('main').frame.evaluate(() =>
    window.fake.request({ method: 'POST', url: '/reports/whatever/unknown' }),
  );
  expect(answer).toEqual({
    statusCode: 404,
    body: { message: 'No route for POST /reports/whatever/unknown' },
  });
  const get = await frame('main').frame.evaluate(() =>
    window.fake.request({ method: 'GET', url: '/reports/events-main/events/loaded' }),
  );
  expect(get).toMatchObject({ statusCode: 404 });
});

test.describe('event hooks', () => {
  let hooked: FakeFrame;

  test.beforeAll(async () => {
    const embedUrl = host.url('/reportEmbed', { reportId: 'r2' });
    await page.evaluate((url) => {
      window.hookCalls = [];
      window.hookMode = 'value';
      const hook =
        (name: string) =>
        (request: { report: unknown } & Record<string, unknown>): unknown => {
          const { report, ...body } = request;
          window.hookCalls.push({ hook: name, body, reportIsEmbed: report === window.t.get('hooked') });
          if (window.hookMode === 'throw') throw new Error(`${name} failed`);
          const value = { from: name, ...body };
          return window.hookMode === 'async'
            ? new Promise((resolve) => setTimeout(() => resolve(value), 20))
            : value;
        };
      window.t.service.embed(window.t.element('hooked'), {
        type: 'report',
        id: 'r2',
        embedUrl: url,
        accessToken: 'aad-token',
        tokenType: window.sdk.models.TokenType.Aad,
        uniqueId: 'hooked',
        eventHooks: {
          applicationContextProvider: hook('preQuery'),
          accessTokenProvider: hook('newAccessToken'),
        },
      });
    }, embedUrl);
    hooked = await host.frame('hooked');
  });

  test.beforeEach(async () => {
    await page.evaluate(() => {
      window.hookCalls = [];
      window.hookMode = 'value';
      window.t.consoleErrors.length = 0;
    });
  });

  test('a report with an access-token hook says so in its load headers, and the embed URL asks for query callbacks', async () => {
    const [load] = await hooked.waitFor('reportLoad');
    expect(load?.headers.tokenProviderSupplied).toBe(true);
    expect(load?.body).not.toHaveProperty('eventHooks');
    expect(hooked.frame.url()).toContain('registerQueryCallback=true');
  });

  test('preQuery is answered 200 with what the application-context hook returns, given the body and the report', async () => {
    expect(await hooked.callHook('preQuery', { query: 'q1' })).toEqual({
      ok: true,
      value: { handled: true, value: { from: 'preQuery', query: 'q1' } },
    });
    expect(await page.evaluate(() => window.hookCalls)).toEqual([
      { hook: 'preQuery', body: { query: 'q1' }, reportIsEmbed: true },
    ]);
  });

  test('newAccessToken is answered 200 with what the access-token hook resolves to', async () => {
    await page.evaluate(() => (window.hookMode = 'async'));
    expect(await hooked.callHook('newAccessToken', { reason: 'expiring' })).toEqual({
      ok: true,
      value: { handled: true, value: { from: 'newAccessToken', reason: 'expiring' } },
    });
  });

  test('a hook that throws is answered 400 with no body, and the failure is logged', async () => {
    await page.evaluate(() => (window.hookMode = 'throw'));
    expect(await hooked.callHook('preQuery')).toMatchObject({
      ok: false,
      error: { isEmbedError: true, statusCode: 400, body: null },
    });
    expect(await page.evaluate(() => window.t.consoleErrors)).toContain('preQuery failed');
  });

  test('a hook the embed does not have is answered 404', async () => {
    expect(await frame('main').callHook('preQuery')).toEqual({ ok: true, value: { handled: false } });
    expect(await frame('main').callHook('newAccessToken')).toEqual({ ok: true, value: { handled: false } });
  });

  test('an unsupported hook name is answered 400 with a message and reported, and calls no hook', async () => {
    const answer = await hooked.frame.evaluate(() =>
      window.fake.request({ method: 'POST', url: '/reports/hooked/eventHooks/somethingElse', body: {} }),
    );
    expect(answer).toEqual({
      statusCode: 400,
      body: { message: 'somethingElse eventHook is not supported' },
    });
    expect(await page.evaluate(() => window.t.errors.map((e) => e.message))).toEqual([
      'somethingElse eventHook is not supported',
    ]);
    expect(await page.evaluate(() => window.hookCalls)).toEqual([]);
  });

  test("a frame cannot call another embed's hooks", async () => {
    const answer = await frame('main').frame.evaluate(() =>
      window.fake.request({ method: 'POST', url: '/reports/hooked/eventHooks/preQuery', body: {} }),
    );
    expect(answer).toEqual({ statusCode: 404, body: null });
    expect(await page.evaluate(() => window.hookCalls)).toEqual([]);
  });
});
