import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dashboard } from './dashboard.ts';
import { EmbedError, EmbedErrorCode } from './errors.ts';
import { Qna } from './qna.ts';
import { Report } from './report.ts';
import type { IEmbedComponentFactory } from './service.ts';
import { Tile } from './tile.ts';
import { Visual } from './visual.ts';
import {
  FRAME_ORIGIN,
  REPORT_URL,
  attach,
  embedWithFrame,
  fakeFrame,
  flush,
  newElement,
  newService,
  reportConfig,
} from './test/fake-frame.ts';

afterEach(() => {
  document.body.replaceChildren();
});

describe('embedding a component', () => {
  it('puts a full-size iframe without scrolling in the element, with the uid appended to its src', () => {
    const element = newElement();
    element.innerHTML = '<p>placeholder</p>';
    const report = newService().embed(element, { ...reportConfig });

    const iframe = element.querySelector('iframe');
    expect(element.children).toHaveLength(1);
    expect(iframe).toBe(report.iframe);
    expect(iframe?.getAttribute('src')).toBe(`${REPORT_URL}&uid=u1`);
    expect(iframe?.style.width).toBe('100%');
    expect(iframe?.style.height).toBe('100%');
    expect(iframe?.getAttribute('scrolling')).toBe('no');
    expect(iframe?.getAttribute('allowfullscreen')).toBe('true');
  });

  it.each([
    ['report', Report],
    ['visual', Visual],
    ['dashboard', Dashboard],
    ['tile', Tile],
    ['qna', Qna],
  ])('builds a %s component from the configured type', (type, Kind) => {
    const config = {
      type,
      embedUrl: `${FRAME_ORIGIN}/x?reportId=r1&dashboardId=d1&tileId=t1`,
      accessToken: 'token',
      ...(type === 'qna' ? { datasetIds: ['ds1'] } : { id: 'x1', dashboardId: 'd1' }),
      ...(type === 'visual' ? { pageName: 'p1', visualName: 'v1' } : {}),
    };
    const service = newService();
    const embed = service.embed(newElement(), config);
    expect(embed).toBeInstanceOf(Kind);
    expect(service.getNumberOfComponents()).toBe(1);
  });

  it('reads the configuration from the powerbi-* attributes of the element', () => {
    const element = newElement({
      'powerbi-type': 'report',
      'powerbi-embed-url': `${FRAME_ORIGIN}/reportEmbed`,
      'powerbi-access-token': 'attribute-token',
      'powerbi-name': 'named',
      'powerbi-report-id': 'attribute-report',
      'powerbi-settings-filter-pane-enabled': 'false',
      'powerbi-settings-nav-content-pane-enabled': 'yes',
    });
    const report = newService().embed(element);

    expect(report).toBeInstanceOf(Report);
    expect(report.config).toMatchObject({
      type: 'report',
      embedUrl: `${FRAME_ORIGIN}/reportEmbed`,
      accessToken: 'attribute-token',
      uniqueId: 'named',
      id: 'attribute-report',
      settings: { filterPaneEnabled: false, navContentPaneEnabled: true },
    });
  });

  it('takes the report id and group id from the embed URL when the configuration has none', () => {
    const { id: _id, ...config } = reportConfig;
    const report = newService().embed(newElement(), config);
    expect(report.config.id).toBe('r1');
    expect(report.config.groupId).toBe('g1');
  });

  it('generates a unique id when neither the configuration nor the element names one', () => {
    const { uniqueId: _uid, ...config } = reportConfig;
    const report = newService().embed(newElement(), config);
    expect(report.config.uniqueId).toMatch(/^[0-9a-f]{12}$/);
    expect(report.iframe.getAttribute('src')).toContain(`uid=${report.config.uniqueId}`);
  });

  it('uses the global access token of the service as the last resort', () => {
    const service = newService();
    service.accessToken = 'global-token';
    const { accessToken: _token, ...config } = reportConfig;
    expect(service.embed(newElement(), config).config.accessToken).toBe('global-token');
  });

  it('refuses an element and configuration without a type', () => {
    const { type: _type, ...config } = reportConfig;
    expect(() => newService().embed(newElement(), config)).toThrow(
      `Could not determine what type of component to embed. You must specify a type in the configuration or as an attribute such as 'powerbi-type="report"'.`,
    );
  });

  it('refuses an unknown component type', () => {
    expect(() => newService().embed(newElement(), { ...reportConfig, type: 'chart' })).toThrow(
      'Attempted to embed component of type: chart but did not find any matching component.',
    );
  });

  it('requires an embed URL, an access token and a report id, in powerbi-client words', () => {
    const service = newService();
    const { embedUrl: _url, ...noUrl } = reportConfig;
    expect(() => service.embed(newElement(), noUrl)).toThrow(
      "Embed Url is required, but it was not found. You must provide an embed url either as part of embed configuration or as attribute 'powerbi-embed-url'.",
    );
    const { accessToken: _token, ...noToken } = reportConfig;
    expect(() => service.embed(newElement(), noToken)).toThrow(
      "No access token was found for element. You must specify an access token directly on the element using attribute 'powerbi-access-token' or specify a global token at: powerbi.accessToken.",
    );
    const { id: _id, ...noId } = reportConfig;
    expect(() => service.embed(newElement(), { ...noId, embedUrl: `${FRAME_ORIGIN}/reportEmbed` })).toThrow(
      "Report id is required, but it was not found. You must provide an id either as part of embed configuration or as attribute 'powerbi-report-id'.",
    );
  });

  it('throws validation failures as an EmbedError that keeps the IError list as its body', () => {
    const error = catchError(() =>
      newService().embed(newElement(), {
        ...reportConfig,
        accessToken: 'token',
        settings: { filterPaneEnabled: 'no' as never },
      }),
    );
    expect(error).toBeInstanceOf(EmbedError);
    expect(error).toMatchObject({
      errorCode: EmbedErrorCode.Validation,
      message: 'filterPaneEnabled must be a boolean',
      body: [
        {
          message: 'filterPaneEnabled must be a boolean',
          path: 'settings.filterPaneEnabled',
          keyword: 'type',
        },
      ],
    });
  });
});

describe('finding and resetting embeds', () => {
  it('gets the embed of an element and finds one by unique id', () => {
    const service = newService();
    const element = newElement();
    const report = service.embed(element, { ...reportConfig });
    expect(service.get(element)).toBe(report);
    expect(service.find('u1')).toBe(report);
    expect(service.find('nope')).toBeUndefined();
  });

  it('says there was no associated instance when an element has no embed', () => {
    const element = newElement();
    expect(() => newService().get(element)).toThrow(
      `You attempted to get an instance of powerbi component associated with element: ${element.outerHTML} but there was no associated instance.`,
    );
  });

  it('removes the iframe, the embed record and the element link on reset, and is safe twice', () => {
    const service = newService();
    const element = newElement();
    service.embed(element, { ...reportConfig });
    service.reset(element);
    expect(element.querySelector('iframe')).toBeNull();
    expect(service.getNumberOfComponents()).toBe(0);
    expect(() => service.get(element)).toThrow(/no associated instance/);
    expect(() => service.reset(element)).not.toThrow();
  });
});

describe('re-embedding an element', () => {
  it('loads again in the same iframe when the type is the same', async () => {
    const { service, element, embed, frame, loaded } = embedWithFrame();
    await loaded();
    await new Promise((resolve) => setTimeout(resolve, 110));
    const again = service.embed(element, { ...reportConfig, accessToken: 'token-2' });
    await flush();
    expect(again).toBe(embed);
    expect(element.querySelectorAll('iframe')).toHaveLength(1);
    expect(frame.requests().map((request) => request.url)).toEqual(['/report/load', '/report/load']);
    expect(frame.requests()[1]?.body).toMatchObject({ accessToken: 'token-2' });
  });

  it('keeps the unique id the frame knows when the new configuration names none', async () => {
    const { service, element, embed, frame, loaded } = embedWithFrame();
    await loaded();
    await new Promise((resolve) => setTimeout(resolve, 110));
    const { uniqueId: _none, ...withoutId } = reportConfig;
    service.embed(element, { ...withoutId, pageName: 'p2' });
    await flush();
    expect(embed.config.uniqueId).toBe('u1');
    expect(frame.requests().map((request) => request.headers.uid)).toEqual(['u1', 'u1']);
    service.embed(element, { ...reportConfig, uniqueId: 'renamed' });
    expect(embed.config.uniqueId).toBe('renamed');
  });

  it('refuses another type on an element that holds an embed', () => {
    const service = newService();
    const element = newElement();
    service.embed(element, { ...reportConfig });
    expect(() =>
      service.embed(element, {
        type: 'dashboard',
        id: 'd1',
        embedUrl: `${FRAME_ORIGIN}/dashboardEmbed`,
        accessToken: 't',
      }),
    ).toThrow(
      /^Embedding on an existing element with a different type than the previous embed object is not supported/,
    );
  });

  it('creates a new Q&A embed rather than re-loading the old one', () => {
    const service = newService();
    const element = newElement();
    const qnaConfig = {
      type: 'qna',
      embedUrl: `${FRAME_ORIGIN}/qnaEmbed`,
      accessToken: 't',
      datasetIds: ['ds1'],
    };
    const first = service.embed(element, qnaConfig);
    const second = service.embed(element, { ...qnaConfig });
    expect(second).not.toBe(first);
    expect(service.get(element)).toBe(second);
    expect(service.getNumberOfComponents()).toBe(1);
  });

  it('opens the report a create embed made in the same iframe, keeping its unique id', async () => {
    const service = newService();
    const element = newElement();
    const create = service.createReport(element, {
      embedUrl: `${FRAME_ORIGIN}/reportEmbed`,
      accessToken: 't',
      datasetId: 'ds1',
      uniqueId: 'c1',
    });
    const frame = fakeFrame({ uid: 'c1' });
    attach(create.iframe, frame);
    create.iframe.dispatchEvent(new Event('load'));
    await flush();

    const report = service.embed(element, {
      type: 'report',
      id: 'r9',
      embedUrl: `${FRAME_ORIGIN}/reportEmbed`,
      accessToken: 't',
    });
    await flush();
    expect(report).toBeInstanceOf(Report);
    expect(report.iframe).toBe(create.iframe);
    expect(report.config.uniqueId).toBe('c1');
    expect(service.getNumberOfComponents()).toBe(1);
    expect(frame.requests().map((request) => request.url)).toEqual(['/report/create', '/report/load']);
  });

  it('refuses to bootstrap an element that already holds an embed', () => {
    const service = newService();
    const element = newElement();
    service.embed(element, { ...reportConfig });
    expect(() => service.bootstrap(element, { type: 'report' })).toThrow(
      'Attempted to bootstrap an element that is already a powerbi element.',
    );
  });
});

describe('bootstrap, preload, init and auto-embed', () => {
  it('bootstraps an iframe on the default https host before the token is known, then embeds into it', async () => {
    const service = newService();
    const element = newElement();
    const report = service.bootstrap(element, { type: 'report', hostname: 'app.powerbi.com' });
    expect(report.iframe.getAttribute('src')).toMatch(/^https:\/\/app\.powerbi\.com\/reportEmbed\?uid=/);
    const frame = fakeFrame({ uid: report.config.uniqueId ?? '' });
    attach(report.iframe, frame);
    report.iframe.dispatchEvent(new Event('load'));
    await flush();
    expect(frame.requests()).toHaveLength(0);

    service.embed(element, { type: 'report', id: 'r1', accessToken: 't' });
    await flush();
    const [load] = frame.requests();
    expect(load?.url).toBe('/report/load');
    expect(load?.headers.bootstrapped).toBe(true);
    expect(load?.body).toMatchObject({ bootstrapped: true, embedUrl: 'https://app.powerbi.com/reportEmbed' });
  });

  it('refuses an http host for a bootstrapped embed', () => {
    expect(() =>
      newService().bootstrap(newElement(), { type: 'report', hostname: 'http://app.powerbi.com' }),
    ).toThrow('HTTP is not allowed. HTTPS is required');
  });

  it('preloads the embed URL in a hidden frame that raises preloaded when it has loaded', () => {
    const service = newService();
    const iframe = service.preload({ embedUrl: REPORT_URL });
    const preloaded = vi.fn();
    document.body.addEventListener('preloaded', preloaded);
    iframe.dispatchEvent(new Event('load'));
    document.body.removeEventListener('preloaded', preloaded);

    expect(iframe.parentElement).toBe(document.body);
    expect(iframe.getAttribute('style')).toBe('display:none;');
    expect(iframe.getAttribute('scrolling')).toBe('no');
    expect(iframe.getAttribute('allowfullscreen')).toBe('false');
    expect(preloaded).toHaveBeenCalledTimes(1);
  });

  it('embeds every element with a powerbi-embed-url attribute on init', () => {
    const container = newElement();
    for (const id of ['a', 'b']) {
      const child = document.createElement('div');
      child.setAttribute('powerbi-embed-url', `${FRAME_ORIGIN}/reportEmbed?reportId=${id}`);
      child.setAttribute('powerbi-type', 'report');
      child.setAttribute('powerbi-access-token', 't');
      container.append(child);
    }
    const embeds = newService().init(container);
    expect(embeds.map((embed) => embed.config.id)).toEqual(['a', 'b']);
  });

  it('auto-embeds on DOMContentLoaded only after enableAutoEmbed', () => {
    const service = newService();
    const init = vi.spyOn(service, 'init').mockReturnValue([]);
    window.dispatchEvent(new Event('DOMContentLoaded'));
    expect(init).not.toHaveBeenCalled();
    service.enableAutoEmbed();
    window.dispatchEvent(new Event('DOMContentLoaded'));
    expect(init).toHaveBeenCalledWith(document.body);
  });
});

describe('service identity', () => {
  it('has one 20-hex-character session id per service', () => {
    const service = newService();
    expect(service.getSdkSessionId()).toMatch(/^[0-9a-f]{20}$/);
    expect(service.getSdkSessionId()).toBe(service.getSdkSessionId());
    expect(newService().getSdkSessionId()).not.toBe(service.getSdkSessionId());
  });

  it('sends SDK type js and version 2.22.1, and setSdkInfo overrides type and wrapper version', async () => {
    const { service, frame, loaded } = embedWithFrame();
    service.setSdkInfo('react', '1.5.0');
    await loaded();
    expect(frame.requests()[0]?.headers).toMatchObject({
      'x-sdk-type': 'react',
      'x-sdk-version': '2.22.1',
      'x-sdk-wrapper-version': '1.5.0',
    });
    expect(service.getSDKVersion()).toBe('2.22.1');
  });

  it('lets a registered component type be embedded, with its own event routes', async () => {
    const service = newService();
    class Goal extends Report {}
    service.register('goal', (...args) => new Goal(...args), ['/goals/:uniqueId/events/:eventName']);
    const element = newElement();
    const goal = service.embed(element, { ...reportConfig, type: 'goal' });
    expect(goal).toBeInstanceOf(Goal);
    expect(() => service.register('Report', (...args) => new Goal(...args), [])).toThrow(EmbedError);
  });

  it("follows powerbi-client 2.24's registration rules", () => {
    const service = newService();
    const factory: IEmbedComponentFactory = (...args) => new Report(...args);
    expect(() => service.register('Report', factory, [])).toThrow(
      'The component name is reserved. Cannot register a component with this name.',
    );
    expect(() => service.register('kpi', factory, ['/kpis/:uniqueId'])).toThrow('Invalid router event URL');
    service.register('kpi', factory, ['/kpis/:uniqueId/events/:eventName']);
    expect(() => service.register('KPI', factory, [])).toThrow(
      'A component with this type is already registered.',
    );
    expect(service.embed(newElement(), { ...reportConfig, type: 'Kpi' })).toBeInstanceOf(Report);
  });
});

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('validation of the other kinds, word for word', () => {
  it('refuses a dashboard pageView outside fitToWidth, oneColumn and actualSize', () => {
    const config = {
      type: 'dashboard',
      id: 'd1',
      embedUrl: `${FRAME_ORIGIN}/dashboardEmbed`,
      accessToken: 't',
    };
    expect(() => newService().embed(newElement(), { ...config, pageView: 'wide' as never })).toThrow(
      'pageView must be one of the followings: fitToWidth, oneColumn, actualSize',
    );
    expect(newService().embed(newElement(), { ...config, pageView: 'oneColumn' }).config.id).toBe('d1');
  });

  it('needs a dashboard id from the configuration, the attribute or the embed URL', () => {
    const config = { type: 'dashboard', embedUrl: `${FRAME_ORIGIN}/dashboardEmbed`, accessToken: 't' };
    expect(() => newService().embed(newElement(), config)).toThrow(
      "Dashboard id is required, but it was not found. You must provide an id either as part of embed configuration or as attribute 'powerbi-dashboard-id'.",
    );
    const fromAttribute = newService().embed(newElement({ 'powerbi-dashboard-id': 'd2' }), { ...config });
    expect(fromAttribute.config.id).toBe('d2');
    const fromUrl = newService().embed(newElement(), {
      ...config,
      embedUrl: `${FRAME_ORIGIN}/dashboardEmbed?dashboardId=d3`,
    });
    expect(fromUrl.config.id).toBe('d3');
  });

  it('needs a tile id and a dataset id to create a report from', () => {
    const tile = { type: 'tile', dashboardId: 'd1', embedUrl: `${FRAME_ORIGIN}/tileEmbed`, accessToken: 't' };
    expect(() => newService().embed(newElement(), tile)).toThrow(
      'Tile id is required, but it was not found. You must provide an id either as part of embed configuration.',
    );
    expect(
      newService().embed(newElement(), { ...tile, embedUrl: `${FRAME_ORIGIN}/tileEmbed?tileId=t9` }).config
        .id,
    ).toBe('t9');
    expect(() =>
      newService().createReport(newElement(), { embedUrl: `${FRAME_ORIGIN}/reportEmbed`, accessToken: 't' }),
    ).toThrow(
      'Dataset id is required, but it was not found. You must provide an id either as part of embed configuration.',
    );
  });

  it('validates a Q&A configuration and answers only newAccessToken for a quick-create embed', async () => {
    expect(() =>
      newService().embed(newElement(), {
        type: 'qna',
        embedUrl: `${FRAME_ORIGIN}/qnaEmbed`,
        accessToken: 't',
      } as never),
    ).toThrow('datasetIds is required');

    const service = newService();
    const quick = service.quickCreate(newElement(), {
      embedUrl: `${FRAME_ORIGIN}/quickCreate`,
      accessToken: 't',
      tokenType: 0,
      uniqueId: 'q1',
      datasetCreateConfig: { locale: 'en-US', mashupDocument: 'm' },
      eventHooks: { accessTokenProvider: () => 'fresh' },
    });
    const frame = fakeFrame({ uid: 'q1' });
    attach(quick.iframe, frame);
    frame.send({
      method: 'POST',
      url: '/reports/q1/eventHooks/newAccessToken',
      headers: { id: 'n' },
      body: {},
    });
    frame.send({ method: 'POST', url: '/reports/q1/eventHooks/preQuery', headers: { id: 'p' }, body: {} });
    await flush();
    const reply = (id: string) =>
      frame.posted.find((entry) => (entry.message as { headers: { id: string } }).headers.id === id)?.message;
    expect(reply('n')).toMatchObject({ statusCode: 200, body: 'fresh' });
    expect(reply('p')).toMatchObject({
      statusCode: 400,
      body: { message: 'preQuery eventHook is not supported' },
    });
  });
});
