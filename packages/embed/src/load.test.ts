import { LayoutType, TokenType } from '@portico/models';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Report } from './report.ts';
import {
  FRAME_ORIGIN,
  attach,
  embedWithFrame,
  fakeFrame,
  flush,
  newElement,
  newService,
  reportConfig,
} from './test/fake-frame.ts';
import type { Visual } from './visual.ts';

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('loading an embed', () => {
  it('posts /report/load with the config as body and the session values as headers once the iframe loads', async () => {
    const { service, frame, loaded } = embedWithFrame();
    await flush();
    expect(frame.requests()).toHaveLength(0);
    await loaded();

    const [load] = frame.requests();
    expect(load).toMatchObject({ method: 'POST', url: '/report/load' });
    expect(load?.headers).toStrictEqual({
      'x-sdk-type': 'js',
      'x-sdk-version': '2.22.1',
      'x-sdk-wrapper-version': undefined,
      uid: 'u1',
      sdkSessionId: service.getSdkSessionId(),
      bootstrapped: undefined,
      sdkVersion: '2.22.1',
      id: load?.headers.id,
    });
    expect(load?.body).toStrictEqual({
      type: 'report',
      id: 'r1',
      embedUrl: reportConfig.embedUrl,
      accessToken: 'token-1',
      uniqueId: 'u1',
      groupId: 'g1',
      settings: {},
    });
  });

  it('posts to the exact origin of the embed URL, never to "*"', async () => {
    const { frame, loaded } = embedWithFrame();
    await loaded();
    expect(frame.posted.map((entry) => entry.targetOrigin)).toEqual([FRAME_ORIGIN]);
  });

  it('adds tokenProviderSupplied when an access token provider hook is set', async () => {
    const { frame, loaded } = embedWithFrame({
      ...reportConfig,
      tokenType: TokenType.Aad,
      eventHooks: { accessTokenProvider: () => 'fresh' },
    });
    await loaded();
    expect(frame.requests()[0]?.headers.tokenProviderSupplied).toBe(true);
    expect(frame.requests()[0]?.body).not.toHaveProperty('eventHooks');
  });

  it('skips the load silently without an access token or before the frame has loaded', async () => {
    const { embed, frame, loaded } = embedWithFrame();
    await embed.load();
    expect(frame.requests()).toHaveLength(0);
    await loaded();
    embed.config.accessToken = '';
    await new Promise((resolve) => setTimeout(resolve, 110));
    await embed.reload();
    expect(frame.requests()).toHaveLength(1);
  });

  it('skips a load less than 100 ms after the previous one, and reloads after that', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { embed, frame, loaded } = embedWithFrame();
    await loaded();
    vi.advanceTimersByTime(99);
    await embed.reload();
    expect(frame.requests()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await embed.reload();
    expect(frame.requests().map((request) => request.url)).toEqual(['/report/load', '/report/load']);
  });

  it('prepares a report for phased rendering, then renders it', async () => {
    const service = newService();
    const element = newElement();
    const report = service.load(element, { ...reportConfig }) as Report;
    const frame = fakeFrame({ uid: 'u1' });
    frame.router.handle('POST /report/render', () => null);
    attach(report.iframe, frame);
    report.iframe.dispatchEvent(new Event('load'));
    await flush();
    await report.render();
    expect(frame.requests().map((request) => request.url)).toEqual(['/report/prepare', '/report/render']);
  });

  it('uses the load route of each kind', async () => {
    const cases = [
      [
        { type: 'dashboard', id: 'd1', embedUrl: `${FRAME_ORIGIN}/dashboardEmbed`, accessToken: 't' },
        '/dashboard/load',
      ],
      [
        {
          type: 'tile',
          id: 't1',
          dashboardId: 'd1',
          embedUrl: `${FRAME_ORIGIN}/tileEmbed`,
          accessToken: 't',
        },
        '/tile/load',
      ],
      [
        { type: 'qna', datasetIds: ['ds'], embedUrl: `${FRAME_ORIGIN}/qnaEmbed`, accessToken: 't' },
        '/qna/load',
      ],
    ] as const;
    for (const [config, url] of cases) {
      const { frame, loaded } = embedWithFrame({ ...config });
      await loaded();
      expect(frame.requests()[0]?.url).toBe(url);
    }
  });

  it('sends the config again on the frame ready event while at most two components exist', async () => {
    const service = newService();
    const embedded = [1, 2, 3, 4].map((n) =>
      embedWithFrame({ ...reportConfig, uniqueId: `u${n}` }, { service }),
    );
    for (const [index, { frame, embed }] of embedded.entries()) {
      frame.send({
        method: 'POST',
        url: `/ready/${embed.config.uniqueId}`,
        headers: { id: `ready-${index}` },
      });
    }
    await flush();
    const frontLoads = embedded.map(
      ({ frame }) => frame.requests().filter((r) => r.url === '/frontload/config').length,
    );
    expect(frontLoads).toEqual([1, 1, 1, 0]);
    expect(embedded[0]?.frame.requests().find((r) => r.url === '/frontload/config')?.body).toMatchObject({
      id: 'r1',
    });
  });

  it('posts the create configuration of a create embed when its iframe loads', async () => {
    const service = newService();
    const element = newElement();
    const create = service.createReport(element, {
      embedUrl: `${FRAME_ORIGIN}/reportEmbed?datasetId=ds1`,
      accessToken: 't',
      uniqueId: 'c1',
    });
    const frame = fakeFrame({ uid: 'c1' });
    attach(create.iframe, frame);
    create.iframe.dispatchEvent(new Event('load'));
    await flush();
    const [request] = frame.requests();
    expect(request).toMatchObject({
      method: 'POST',
      url: '/report/create',
      body: { accessToken: 't', datasetId: 'ds1' },
    });
    expect(request?.headers).toMatchObject({ uid: 'c1', sdkSessionId: service.getSdkSessionId() });
    expect(request?.headers).not.toHaveProperty('sdkVersion');
  });

  it('posts /quickcreate for a quick-create embed', async () => {
    const service = newService();
    const element = newElement();
    const datasetCreateConfig = { locale: 'en-US', mashupDocument: 'let x = 1 in x' };
    const quick = service.quickCreate(element, {
      embedUrl: `${FRAME_ORIGIN}/quickCreate`,
      accessToken: 't',
      datasetCreateConfig,
    });
    const frame = fakeFrame({ uid: quick.config.uniqueId ?? '' });
    attach(quick.iframe, frame);
    quick.iframe.dispatchEvent(new Event('load'));
    await flush();
    expect(frame.requests()[0]).toMatchObject({
      url: '/quickcreate',
      body: { type: 'quickCreate', datasetCreateConfig },
    });
  });

  it('rejects a quick-create dataset that has neither data nor a mashup document, word for word', async () => {
    const service = newService();
    const quick = service.quickCreate(newElement(), {
      embedUrl: `${FRAME_ORIGIN}/quickCreate`,
      accessToken: 't',
      datasetCreateConfig: { locale: 'en-US' },
    });
    await expect(quick.create()).rejects.toMatchObject({
      message: 'At least one of data or mashupDocument must be provided',
      errorCode: 'ValidationError',
    });
  });

  it('adds isMobile=true to the URL of a mobile layout and language parameters from the locale settings', () => {
    const report = newService().embed(newElement(), {
      ...reportConfig,
      settings: {
        layoutType: LayoutType.MobilePortrait,
        localeSettings: { language: 'de', formatLocale: 'de-CH' },
      },
    });
    expect(report.config.embedUrl).toBe(
      `${reportConfig.embedUrl}&language=de&formatLocale=de-CH&isMobile=true`,
    );
  });
});

describe('embedding a single visual', () => {
  const visualConfig = { ...reportConfig, type: 'visual', pageName: 'p1', visualName: 'v1' };

  it('hides every other visual and shows the target at x=1 y=1 z=1, fit to the page, panes off', async () => {
    const { embed, frame, loaded } = embedWithFrame<Visual>({ ...visualConfig, width: 640, height: 480 });
    await loaded();
    expect(frame.requests()[0]?.body).toMatchObject({
      settings: {
        filterPaneEnabled: false,
        navContentPaneEnabled: false,
        layoutType: LayoutType.Custom,
        customLayout: {
          displayOption: 0,
          pageSize: { type: 4, width: 640, height: 480 },
          pagesLayout: {
            p1: {
              defaultLayout: { displayState: { mode: 1 } },
              visualsLayout: { v1: { displayState: { mode: 0 }, x: 1, y: 1, z: 1, width: 640, height: 480 } },
            },
          },
        },
      },
    });
    expect(embed).toBeDefined();
  });

  it("takes the page size from the frame's own size when the configuration has none", async () => {
    const { embed, frame } = embedWithFrame<Visual>({ ...visualConfig });
    Object.defineProperty(embed.iframe, 'offsetWidth', { value: 300 });
    Object.defineProperty(embed.iframe, 'offsetHeight', { value: 200 });
    embed.iframe.dispatchEvent(new Event('load'));
    await flush();
    expect(frame.requests()[0]?.body).toMatchObject({
      settings: { customLayout: { pageSize: { width: 300, height: 200 } } },
    });
  });

  it('requires a page name and a visual name', async () => {
    const { embed } = embedWithFrame<Visual>({ ...visualConfig });
    embed.iframeLoaded = true;
    embed.config.visualName = '';
    await expect(embed.load()).rejects.toThrow(
      'Visual name is required, but it was not found. You must provide a visual name as part of embed configuration.',
    );
    embed.config.pageName = '';
    await expect(embed.load()).rejects.toThrow('Page name is required when embedding a visual.');
  });

  it('refuses page navigation and phased rendering', async () => {
    const { embed } = embedWithFrame<Visual>({ ...visualConfig });
    await expect(embed.getPages()).rejects.toThrow('Get pages is not supported while embedding a visual.');
    await expect(embed.setPage('p2')).rejects.toThrow('Set page is not supported while embedding a visual.');
    await expect(embed.render()).rejects.toThrow('render is not supported while embedding a visual.');
  });
});
