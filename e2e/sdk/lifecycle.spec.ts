/**
 * The embed lifecycle of spec §4 in Chromium across origins: the load request and its session headers,
 * the skip rules (no token, iframe not loaded, 100 ms interval), front-load, phased load, bootstrap,
 * preload, re-embedding, element attributes, timeouts and reset.
 */
import { ANSWERS, PAGES } from './fixtures/answers.ts';
import { REPORT, expect, openHost, poll, test, type FakeFrame, type Host } from './support/fixtures.ts';

const reportConfig = (host: Host, extra: Record<string, unknown> = {}) => ({
  ...REPORT,
  embedUrl: host.url('/reportEmbed', { reportId: 'r1', groupId: 'g1' }),
  ...extra,
});

/** Lets the page run for `ms` and then returns how many requests of `call` the frame has. */
async function countAfter(host: Host, frame: FakeFrame, call: string, ms = 250): Promise<number> {
  await host.page.waitForTimeout(ms);
  return (await frame.requests()).filter((r) => r.call === call).length;
}

test.describe('loading', () => {
  test('the load posts the configuration as body and the session headers: uid, sdkSessionId, bootstrapped, sdkVersion', async ({
    host,
  }) => {
    const frame = await host.report('main', { uniqueId: 'u-load', pageName: 'p2' });
    const [load] = await frame.waitFor('reportLoad');
    const sessionId = await host.page.evaluate(() => window.t.service.getSdkSessionId());
    expect(sessionId).toMatch(/^[0-9a-f]{20}$/);
    expect(load?.headerNames).toEqual([
      'x-sdk-type',
      'x-sdk-version',
      'x-sdk-wrapper-version',
      'uid',
      'sdkSessionId',
      'bootstrapped',
      'sdkVersion',
      'id',
    ]);
    expect(load?.headers).toMatchObject({ uid: 'u-load', sdkSessionId: sessionId, sdkVersion: '2.22.1' });
    expect(load?.headers.bootstrapped).toBeUndefined();
    expect(load?.body).toEqual({
      type: 'report',
      id: 'r1',
      accessToken: 'token-1',
      tokenType: 1,
      pageName: 'p2',
      uniqueId: 'u-load',
      embedUrl: host.url('/reportEmbed', { reportId: 'r1', groupId: 'g1' }),
      groupId: 'g1',
      settings: {},
    });
    expect(frame.frame.url()).toBe(
      `${host.url('/reportEmbed', { reportId: 'r1', groupId: 'g1' })}&uid=u-load`,
    );
  });

  test('setSdkInfo changes x-sdk-type and x-sdk-wrapper-version of later requests, not x-sdk-version', async ({
    host,
  }) => {
    const frame = await host.report('main', { uniqueId: 'wrapped' });
    await host.page.evaluate(() => window.t.service.setSdkInfo('powerbi-client-react', '1.5.0'));
    await frame.clear();
    await host.invoke('main', 'embed', 'getPages');
    const [request] = await frame.requests();
    expect(request?.headers).toMatchObject({
      'x-sdk-type': 'powerbi-client-react',
      'x-sdk-version': '2.22.1',
      'x-sdk-wrapper-version': '1.5.0',
    });
  });

  test('embeds of one service share its session id; another service has its own', async ({ host }) => {
    const first = await host.report('a', { uniqueId: 'u-a' });
    const second = await host.report('b', { uniqueId: 'u-b' });
    const uid = await host.page.evaluate((config) => {
      window.t.service = window.t.newService();
      return window.t.embed('c', { ...config, uniqueId: 'u-c' });
    }, reportConfig(host));
    const third = await host.frame(uid);
    const session = async (frame: FakeFrame) => (await frame.waitFor('reportLoad'))[0]?.headers.sdkSessionId;
    const [a, b, c] = [await session(first), await session(second), await session(third)];
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    expect(c).toMatch(/^[0-9a-f]{20}$/);
  });

  test('the unique id comes from the configuration, else the powerbi-name attribute, else a random one', async ({
    host,
  }) => {
    const uids = await host.page.evaluate((config) => {
      window.t.element('named').setAttribute('powerbi-name', 'from-attribute');
      return [
        window.t.embed('configured', { ...config, uniqueId: 'from-config' }),
        window.t.embed('named', config),
        window.t.embed('random', config),
      ];
    }, reportConfig(host));
    expect(uids.slice(0, 2)).toEqual(['from-config', 'from-attribute']);
    expect(uids[2]).toMatch(/^[0-9a-f]{12}$/);
    for (const uid of uids) {
      const frame = await host.frame(uid);
      expect((await frame.waitFor('reportLoad'))[0]?.headers.uid).toBe(uid);
    }
  });

  test("an element's powerbi-* attributes configure the embed, and service.init embeds every such element", async ({
    host,
  }) => {
    await host.page.evaluate((url) => {
      const element = document.createElement('div');
      element.id = 'declared';
      for (const [name, value] of Object.entries({
        'powerbi-embed-url': url,
        'powerbi-access-token': 'attr-token',
        'powerbi-type': 'report',
        'powerbi-report-id': 'attr-report',
        'powerbi-name': 'declared',
        'powerbi-settings-filter-pane-enabled': 'false',
        'powerbi-settings-nav-content-pane-enabled': 'yes',
      }))
        element.setAttribute(name, value);
      document.body.append(element);
      window.t.service.init();
    }, host.url('/reportEmbed'));
    const frame = await host.frame('declared');
    const [load] = await frame.waitFor('reportLoad');
    expect(load?.body).toMatchObject({
      id: 'attr-report',
      accessToken: 'attr-token',
      uniqueId: 'declared',
      settings: { filterPaneEnabled: false, navContentPaneEnabled: true },
    });
  });

  test('a load is skipped without an access token: a bootstrapped frame waits, and embedding it later loads it once', async ({
    host,
  }) => {
    await host.embed(
      'main',
      {
        type: 'report',
        embedUrl: host.url('/reportEmbed'),
        uniqueId: 'boot',
        settings: { filterPaneEnabled: false },
      },
      'bootstrap',
    );
    const frame = await host.frame('boot');
    expect(await countAfter(host, frame, 'reportLoad')).toBe(0);

    const again = await host.page.evaluate(() =>
      window.t.settle(() => window.t.embed('main', { type: 'report' }, 'bootstrap')),
    );
    expect(again).toMatchObject({
      ok: false,
      error: { message: 'Attempted to bootstrap an element that is already a powerbi element.' },
    });

    await host.embed('main', { type: 'report', id: 'r1', accessToken: 'token-1', tokenType: 1 });
    const [load] = await frame.waitFor('reportLoad');
    expect(load?.headers).toMatchObject({ uid: 'boot', bootstrapped: true });
    expect(load?.body).toMatchObject({
      id: 'r1',
      accessToken: 'token-1',
      settings: { filterPaneEnabled: false },
    });
    expect(await countAfter(host, frame, 'reportLoad')).toBe(1);
    // The bootstrapped iframe was reused: the same document answered both.
    expect(await host.page.evaluate(() => document.querySelectorAll('#main iframe').length)).toBe(1);
  });

  test('a load asked for before the iframe has loaded is skipped at once, and the iframe load then loads once', async ({
    host,
  }) => {
    const early = await host.page.evaluate(async (config) => {
      window.t.embed('main', { ...config, uniqueId: 'early' });
      const started = performance.now();
      const value = await window.t.report('main').load();
      return { value: value ?? 'undefined', ms: performance.now() - started };
    }, reportConfig(host));
    expect(early.value).toBe('undefined');
    expect(early.ms).toBeLessThan(50);
    const frame = await host.frame('early');
    await frame.waitFor('reportLoad');
    expect(await countAfter(host, frame, 'reportLoad')).toBe(1);
  });

  test('a load within 100 ms of the previous one is skipped; one after 100 ms is sent', async ({ host }) => {
    const frame = await host.report('main', { uniqueId: 'interval' });
    await host.page.waitForTimeout(150);
    await host.page.evaluate(async () => {
      const report = window.t.report('main');
      await Promise.all([report.reload(), report.reload(), report.reload()]);
    });
    expect(await countAfter(host, frame, 'reportLoad', 50)).toBe(2);
    await host.page.waitForTimeout(110);
    await host.page.evaluate(() => window.t.report('main').reload());
    expect(await countAfter(host, frame, 'reportLoad', 50)).toBe(3);
  });

  test("front-load: the frame's ready event makes the host post the configuration to /frontload/config", async ({
    host,
  }) => {
    const frame = await host.report('main', { uniqueId: 'front' });
    await frame.raise({ kind: 'ready' });
    const [front] = await frame.waitFor('frontLoad');
    expect(front?.body).toMatchObject({ id: 'r1', accessToken: 'token-1', uniqueId: 'front' });
    expect(front?.headers.uid).toBe('front');
    expect(front?.headerNames).not.toContain('sdkSessionId');
  });

  test('front-load happens only for embeds made while at most two components exist', async ({ host }) => {
    const frames: FakeFrame[] = [];
    for (const id of ['a', 'b', 'c', 'd']) frames.push(await host.report(id, { uniqueId: `fl-${id}` }));
    for (const frame of frames) await frame.raise({ kind: 'ready' });
    for (const frame of frames.slice(0, 3)) await frame.waitFor('frontLoad');
    const counts = [];
    for (const frame of frames) counts.push(await countAfter(host, frame, 'frontLoad'));
    expect(counts).toEqual([1, 1, 1, 0]);
  });

  test('phased load prepares a report (/report/prepare with the session headers), and render() shows it', async ({
    host,
  }) => {
    const uid = await host.embed('main', reportConfig(host, { uniqueId: 'phased' }), 'load');
    const frame = await host.frame(uid);
    const [prepare] = await frame.waitFor('reportPrepare');
    expect(prepare?.headers).toMatchObject({
      uid: 'phased',
      sdkSessionId: expect.stringMatching(/^[0-9a-f]{20}$/),
    });
    expect(prepare?.body).toMatchObject({ id: 'r1', accessToken: 'token-1' });
    expect(await countAfter(host, frame, 'reportLoad')).toBe(0);
    expect(await host.invoke('main', 'embed', 'render')).toEqual({ ok: true, value: null });
    expect((await frame.waitFor('render'))[0]?.body).toBeUndefined();
  });

  test('phased load of a dashboard loads it at once, as powerbi-client decides by type', async ({ host }) => {
    const uid = await host.embed(
      'main',
      { type: 'dashboard', id: 'd1', embedUrl: host.url('/dashboardEmbed'), accessToken: 'token-1' },
      'load',
    );
    const frame = await host.frame(uid);
    await frame.waitFor('dashboardLoad');
    expect(await countAfter(host, frame, 'dashboardPrepare')).toBe(0);
  });

  test('preload opens the embed URL in a hidden iframe that raises preloaded once loaded', async ({
    host,
  }) => {
    const preloaded = await host.page.evaluate(
      (url) =>
        new Promise<{
          style: string | null;
          scrolling: string | null;
          allowfullscreen: string | null;
          src: string;
        }>((resolve) => {
          const iframe = window.t.service.preload({ embedUrl: url });
          iframe.addEventListener('preloaded', () =>
            resolve({
              style: iframe.getAttribute('style'),
              scrolling: iframe.getAttribute('scrolling'),
              allowfullscreen: iframe.getAttribute('allowfullscreen'),
              src: iframe.src,
            }),
          );
        }),
      host.url('/reportEmbed', { preload: '1' }),
    );
    expect(preloaded).toEqual({
      style: 'display:none;',
      scrolling: 'no',
      allowfullscreen: 'false',
      src: host.url('/reportEmbed', { preload: '1' }),
    });
  });
});

test.describe('re-embedding', () => {
  test('embedding the same type again on an element reloads its frame with the new configuration', async ({
    host,
  }) => {
    const frame = await host.report('main', { uniqueId: 'again' });
    await host.page.waitForTimeout(110);
    // As in powerbi-client, the new configuration replaces the old one: it is not merged into it.
    await host.embed('main', reportConfig(host, { pageName: 'p2', uniqueId: 'again' }));
    const loads = await frame.waitFor('reportLoad', 2);
    expect(loads[1]?.body).toMatchObject({
      id: 'r1',
      pageName: 'p2',
      uniqueId: 'again',
      accessToken: 'token-1',
    });
    expect(await host.page.evaluate(() => window.t.service.getNumberOfComponents())).toBe(1);
  });

  test("re-embedding without a unique id keeps the embed's, so its frame's events still reach it", async ({
    host,
  }) => {
    const frame = await host.report('main', { uniqueId: 'kept' });
    await host.page.waitForTimeout(110);
    await host.embed('main', reportConfig(host, { pageName: 'p2' }));
    const loads = await frame.waitFor('reportLoad', 2);
    expect(loads.map((load) => load.headers.uid)).toEqual(['kept', 'kept']);
    await host.page.evaluate(() => window.t.watch('rendered'));
    await frame.raise({ kind: 'report', eventName: 'rendered', body: { after: 're-embed' } });
    await poll(() => host.page.evaluate(() => window.t.events.map((e) => [e.target, e.detail]))).toEqual([
      ['main', { after: 're-embed' }],
    ]);
  });

  test('embedding another type on an element is refused', async ({ host }) => {
    await host.report('main', { uniqueId: 'typed' });
    const outcome = await host.page.evaluate(
      (url) =>
        window.t.settle(() =>
          window.t.embed('main', { type: 'dashboard', id: 'd1', embedUrl: url, accessToken: 'a' }),
        ),
      host.url('/dashboardEmbed'),
    );
    expect(outcome).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('Embedding on an existing element with a different type') },
    });
  });

  test('a created report opens in the frame that created it, keeping its unique id, and hears its events', async ({
    host,
  }) => {
    const uid = await host.embed(
      'main',
      { datasetId: 'ds1', accessToken: 'token-1', embedUrl: host.url('/reportEmbed'), uniqueId: 'creator' },
      'createReport',
    );
    const frame = await host.frame(uid);
    const [create] = await frame.waitFor('createReport');
    expect(create?.body).toMatchObject({ datasetId: 'ds1', accessToken: 'token-1' });

    await host.embed('main', {
      type: 'report',
      id: 'new-report',
      accessToken: 'token-1',
      embedUrl: host.url('/reportEmbed'),
    });
    const [load] = await frame.waitFor('reportLoad');
    expect(load?.headers.uid).toBe('creator');
    expect(load?.body).toMatchObject({ id: 'new-report', type: 'report' });
    const state = await host.page.evaluate(() => {
      const embed = window.t.get('main');
      window.t.watch('loaded');
      return {
        isReport: embed instanceof window.sdk.Report,
        count: window.t.service.getNumberOfComponents(),
      };
    });
    expect(state).toEqual({ isReport: true, count: 1 });
    await frame.raise({ kind: 'report', eventName: 'loaded', body: { created: true } });
    await poll(() => host.page.evaluate(() => window.t.events.map((e) => e.detail))).toEqual([
      { created: true },
    ]);
    expect(await host.invoke('main', 'embed', 'getPages')).toEqual({ ok: true, value: PAGES });
  });

  test('embedding Q&A on an element that holds a report makes a new embed in a new frame', async ({
    host,
  }) => {
    const reportFrame = await host.report('main', { uniqueId: 'before-qna' });
    await reportFrame.behave('getPages', { hang: true });
    await host.page.evaluate(() => {
      window.pending = window.t.settle(window.t.report('main').getPages());
    });
    const uid = await host.embed('main', {
      type: 'qna',
      datasetIds: ['ds1'],
      embedUrl: host.url('/qnaEmbed'),
      accessToken: 'token-1',
      uniqueId: 'the-qna',
    });
    const qnaFrame = await host.frame(uid);
    await qnaFrame.waitFor('qnaLoad');
    const state = await host.page.evaluate(() => ({
      isQna: window.t.get('main') instanceof window.sdk.Qna,
      iframes: document.querySelectorAll('#main iframe').length,
      count: window.t.service.getNumberOfComponents(),
    }));
    expect(state).toEqual({ isQna: true, iframes: 1, count: 1 });
    // The replaced report was reset: its pending call was cancelled rather than left hanging.
    expect(await host.page.evaluate(() => window.pending)).toMatchObject({
      ok: false,
      error: { errorCode: 'CancelledError' },
    });
  });
});

test.describe('every call can end', () => {
  test('a call without a reply rejects with a TimeoutError after the per-call timeout', async ({ host }) => {
    const frame = await host.report('main');
    await frame.behave('getPages', { hang: true });
    const started = Date.now();
    const outcome = await host.page.evaluate(() =>
      window.t.settle(window.t.report('main').withTimeout(300).getPages()),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(outcome).toEqual({
      ok: false,
      error: {
        name: 'EmbedError',
        isEmbedError: true,
        errorCode: 'TimeoutError',
        message: 'No reply to GET /report/pages within 300 ms',
      },
    });
  });

  test("a call without a reply rejects after the service's timeout, and a late reply is ignored", async ({
    host,
  }) => {
    const uid = await host.page.evaluate((config) => {
      window.t.service = window.t.newService({ timeoutMs: 300 });
      return window.t.embed('main', { ...config, uniqueId: 'late' });
    }, reportConfig(host));
    const frame = await host.frame(uid);
    await frame.waitFor('reportLoad');
    await frame.behave('getZoom', { delayMs: 500 });
    const outcome = await host.invoke('main', 'embed', 'getZoom');
    expect(outcome).toMatchObject({
      ok: false,
      error: { errorCode: 'TimeoutError', message: /within 300 ms/ },
    });
    await host.page.waitForTimeout(300);
    expect(await host.page.evaluate(() => [window.t.errors, window.t.consoleErrors])).toEqual([[], []]);
    await frame.behave('getZoom', null);
    expect(await host.invoke('main', 'embed', 'getZoom')).toEqual({ ok: true, value: ANSWERS.getZoom });
  });

  test('the default timeout is 30 seconds', async ({ page, servers }) => {
    await page.clock.install();
    const host = await openHost(page, servers);
    const frame = await host.report('main', { uniqueId: 'slow' });
    await frame.behave('getPages', { hang: true });
    // Freeze the clock before the call: a running fake clock would let real time between the call and
    // runFor() count towards the timeout on a busy machine.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await page.evaluate(() => {
      window.pending = window.t.settle(window.t.report('main').getPages());
      void window.pending.then(() => ((window as unknown as { settled: boolean }).settled = true));
    });
    await frame.waitFor('getPages');
    await page.clock.runFor(29_900);
    expect(await page.evaluate(() => (window as unknown as { settled?: boolean }).settled ?? false)).toBe(
      false,
    );
    await page.clock.runFor(200);
    expect(await page.evaluate(() => window.pending)).toMatchObject({
      ok: false,
      error: { errorCode: 'TimeoutError', message: 'No reply to GET /report/pages within 30000 ms' },
    });
  });
});

test.describe('reset', () => {
  test('reset rejects pending calls, removes handlers, the iframe and the embed record, and is safe twice', async ({
    host,
  }) => {
    const frame = await host.report('main', { uniqueId: 'resettable' });
    await frame.behave('getPages', { hang: true });
    const outcome = await host.page.evaluate(async () => {
      const element = window.t.element('main');
      const report = window.t.report('main');
      let handled = 0;
      report.on('loaded', () => handled++);
      const pending = window.t.settle(report.getPages());
      window.t.service.reset(element);
      window.t.service.reset(element);
      element.dispatchEvent(new CustomEvent('loaded', { detail: null }));
      return {
        pending: await pending,
        after: await window.t.settle(report.getZoom()),
        get: await window.t.settle(() => window.t.service.get(element)),
        handled,
        handlers: report.eventHandlers.length,
        iframes: element.querySelectorAll('iframe').length,
        components: window.t.service.getNumberOfComponents(),
      };
    });
    expect(outcome).toEqual({
      pending: {
        ok: false,
        error: expect.objectContaining({ isEmbedError: true, errorCode: 'CancelledError' }),
      },
      after: { ok: false, error: expect.objectContaining({ isEmbedError: true, errorCode: 'PostFailed' }) },
      get: {
        ok: false,
        error: expect.objectContaining({
          message: expect.stringMatching(
            /^You attempted to get an instance of powerbi component .* but there was no associated instance\.$/,
          ),
        }),
      },
      handled: 0,
      handlers: 0,
      iframes: 0,
      components: 0,
    });
  });

  test("the window's message listener exists only while an embed is connected", async ({ host }) => {
    const client = await host.page.context().newCDPSession(host.page);
    const listeners = async () => {
      const { result } = await client.send('Runtime.evaluate', { expression: 'window' });
      const { listeners: all } = await client.send('DOMDebugger.getEventListeners', {
        objectId: result.objectId as string,
      });
      return all.filter((listener) => listener.type === 'message').length;
    };
    const before = await listeners();
    await host.report('main');
    await host.report('second');
    const during = await listeners();
    await host.page.evaluate(() => window.t.service.reset(window.t.element('main')));
    const oneLeft = await listeners();
    await host.page.evaluate(() => window.t.service.reset(window.t.element('second')));
    expect([during - before, oneLeft - before, (await listeners()) - before]).toEqual([1, 1, 0]);
  });
});
