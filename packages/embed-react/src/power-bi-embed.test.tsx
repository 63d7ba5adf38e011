import { Dashboard, Report, models, service as sdk, type Embed } from '@portico/embed';
import { cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { PowerBIEmbed, type EmbedConfig, type EmbedProps, type EventHandler } from './index.ts';
import { fakeService } from './test/fake-service.ts';

const reportConfig = {
  type: 'report',
  id: 'r1',
  embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=r1',
  accessToken: 't1',
  tokenType: models.TokenType.Embed,
} satisfies EmbedConfig;

const dashboardConfig = {
  type: 'dashboard',
  id: 'd1',
  embedUrl: 'https://app.powerbi.com/dashboardEmbed?dashboardId=d1',
  accessToken: 't1',
  tokenType: models.TokenType.Embed,
} satisfies EmbedConfig;

/** Renders the component; `update` re-renders it with other props (the container `div` stays). */
function mount(props: EmbedProps, { strict = false } = {}) {
  const wrap = (next: EmbedProps) =>
    strict ? <StrictMode>{<PowerBIEmbed {...next} />}</StrictMode> : <PowerBIEmbed {...next} />;
  const view = render(wrap(props));
  const div = view.container.firstElementChild as HTMLDivElement;
  return { ...view, div, update: (next: EmbedProps) => view.rerender(wrap(next)) };
}

const raise = (element: Element, name: string, detail: unknown = null) =>
  element.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, cancelable: true }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('with the real service', () => {
  it('embeds on mount with the config into its div', () => {
    const service = new sdk.Service();
    const { div } = mount({ embedConfig: reportConfig, service, cssClassName: 'report wide' });

    expect(div.tagName).toBe('DIV');
    expect(div.className).toBe('report wide');
    expect(service.getNumberOfComponents()).toBe(1);
    const report = service.get(div);
    expect(report).toBeInstanceOf(Report);
    expect(report.config).toMatchObject({ id: 'r1', accessToken: 't1' });
    expect(div.querySelectorAll('iframe')).toHaveLength(1);
    expect(div.querySelector('iframe')?.src).toContain('https://app.powerbi.com/reportEmbed?reportId=r1');
  });

  it('passes the embedded component to getEmbeddedComponent', () => {
    const service = new sdk.Service();
    const getEmbeddedComponent = vi.fn<(embed: Embed) => void>();
    const { div } = mount({ embedConfig: reportConfig, service, getEmbeddedComponent });

    expect(getEmbeddedComponent).toHaveBeenCalledTimes(1);
    expect(getEmbeddedComponent).toHaveBeenCalledWith(service.get(div));
  });

  it('does not re-embed when re-rendered with an equal config literal', () => {
    const service = new sdk.Service();
    const embed = vi.spyOn(service, 'embed');
    const getEmbeddedComponent = vi.fn();
    const literal = () => ({ ...reportConfig, settings: { panes: { filters: { visible: false } } } });
    const { update } = mount({ embedConfig: literal(), service, getEmbeddedComponent });
    update({ embedConfig: literal(), service, getEmbeddedComponent });
    update({ embedConfig: literal(), service, getEmbeddedComponent });

    expect(embed).toHaveBeenCalledTimes(1);
    expect(getEmbeddedComponent).toHaveBeenCalledTimes(1);
  });

  it('re-embeds on the same element when the config changes by value', () => {
    const service = new sdk.Service();
    const embed = vi.spyOn(service, 'embed');
    const { div, update } = mount({ embedConfig: reportConfig, service });
    const first = service.get(div);
    update({
      embedConfig: { ...reportConfig, id: 'r2', embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=r2' },
      service,
    });

    expect(embed).toHaveBeenCalledTimes(2);
    expect(service.get(div)).toBe(first); // the service reuses the embed of the element
    expect(service.get(div).config.id).toBe('r2');
    expect(service.getNumberOfComponents()).toBe(1);
  });

  it('does not write into the config object it is given', () => {
    const service = new sdk.Service();
    const frozen = Object.freeze({ ...reportConfig, settings: Object.freeze({ filterPaneEnabled: false }) });
    const { div } = mount({ embedConfig: frozen, service });

    expect(service.get(div).config.id).toBe('r1');
  });

  it('resets the embed on unmount', () => {
    const service = new sdk.Service();
    const onLoaded = vi.fn();
    const { div, unmount } = mount({
      embedConfig: reportConfig,
      service,
      eventHandlers: new Map([['loaded', onLoaded]]),
    });
    const report = service.get(div);
    unmount();

    expect(service.getNumberOfComponents()).toBe(0);
    expect(report.eventHandlers).toHaveLength(0);
    expect(div.querySelector('iframe')).toBeNull();
    raise(div, 'loaded');
    expect(onLoaded).not.toHaveBeenCalled();
  });

  it('ends a StrictMode mount, unmount and mount with exactly one live embed', () => {
    const service = new sdk.Service();
    const reset = vi.spyOn(service, 'reset');
    const getEmbeddedComponent = vi.fn();
    const onLoaded = vi.fn();
    const { div } = mount(
      {
        embedConfig: reportConfig,
        service,
        getEmbeddedComponent,
        eventHandlers: new Map([['loaded', onLoaded]]),
      },
      { strict: true },
    );

    expect(reset).toHaveBeenCalledTimes(1);
    expect(service.getNumberOfComponents()).toBe(1);
    expect(div.querySelectorAll('iframe')).toHaveLength(1);
    expect(getEmbeddedComponent).toHaveBeenLastCalledWith(service.get(div));
    expect(service.get(div).eventHandlers).toHaveLength(1);
    raise(div, 'loaded');
    expect(onLoaded).toHaveBeenCalledTimes(1);
  });

  it('neither logs the in-place call a reset cancels nor makes the calls after it', async () => {
    const service = new sdk.Service();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { div, update, unmount } = mount({ embedConfig: reportConfig, service });
    const setAccessToken = vi.spyOn(service.get(div), 'setAccessToken');
    const setPage = vi.spyOn(service.get(div) as Report, 'setPage');
    update({ embedConfig: { ...reportConfig, accessToken: 't2', pageName: 'p2' }, service });
    await vi.waitFor(() => expect(setAccessToken).toHaveBeenCalledWith('t2'));
    const pending = setAccessToken.mock.results[0]?.value as Promise<void>;
    unmount(); // the frame never answered

    await expect(pending).rejects.toMatchObject({ errorCode: 'CancelledError' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(setPage).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('identifies itself to the frame with its own SDK type and version', () => {
    const service = new sdk.Service();
    mount({ embedConfig: reportConfig, service });

    expect(service.hpm.defaultHeaders['x-sdk-type']).toBe('portico-embed-react');
    expect(service.hpm.defaultHeaders['x-sdk-wrapper-version']).toBe(packageJson.version);
  });

  it('creates a service of its own when none is given', () => {
    const getEmbeddedComponent = vi.fn<(embed: Embed) => void>();
    mount({ embedConfig: reportConfig, getEmbeddedComponent });

    const report = getEmbeddedComponent.mock.calls[0]?.[0];
    expect(report).toBeInstanceOf(Report);
    expect(report?.service.getNumberOfComponents()).toBe(1);
  });
});

describe('event handlers', () => {
  it('registers the handlers of the Map and calls them with the event and the embed', () => {
    const service = new sdk.Service();
    const onLoaded = vi.fn<EventHandler>();
    const { div } = mount({
      embedConfig: reportConfig,
      service,
      eventHandlers: new Map([['loaded', onLoaded]]),
    });
    raise(div, 'loaded', { at: 1 });

    expect(onLoaded).toHaveBeenCalledTimes(1);
    expect(onLoaded.mock.calls[0]?.[0].detail).toEqual({ at: 1 });
    expect(onLoaded.mock.calls[0]?.[1]).toBe(service.get(div));
  });

  it('calls the handler of the latest render without registering again', () => {
    const service = new sdk.Service();
    let seen = '';
    const handlers = (label: string) => new Map([['pageChanged', () => (seen = label)]]);
    const { div, update } = mount({ embedConfig: reportConfig, service, eventHandlers: handlers('first') });
    const on = vi.spyOn(service.get(div), 'on');
    const off = vi.spyOn(service.get(div), 'off');
    update({ embedConfig: reportConfig, service, eventHandlers: handlers('second') });
    raise(div, 'pageChanged');

    expect(seen).toBe('second');
    expect(on).not.toHaveBeenCalled();
    expect(off).not.toHaveBeenCalled();
  });

  it('unregisters a handler set to null or removed from the Map', () => {
    const service = new sdk.Service();
    const onLoaded = vi.fn();
    const onRendered = vi.fn();
    const { div, update } = mount({
      embedConfig: reportConfig,
      service,
      eventHandlers: new Map([
        ['loaded', onLoaded],
        ['rendered', onRendered],
      ]),
    });
    update({ embedConfig: reportConfig, service, eventHandlers: new Map([['loaded', null]]) });
    raise(div, 'loaded');
    raise(div, 'rendered');

    expect(onLoaded).not.toHaveBeenCalled();
    expect(onRendered).not.toHaveBeenCalled();
    expect(service.get(div).eventHandlers).toHaveLength(0);
  });

  it('keeps handlers an app registered itself on the embed', () => {
    const service = new sdk.Service();
    const own = vi.fn();
    const { div, update } = mount({
      embedConfig: reportConfig,
      service,
      eventHandlers: new Map([['loaded', vi.fn()]]),
    });
    service.get(div).on('loaded', own);
    update({ embedConfig: reportConfig, service, eventHandlers: new Map([['loaded', null]]) });
    raise(div, 'loaded');

    expect(own).toHaveBeenCalledTimes(1);
  });

  it('warns about event names the embed kind does not raise and registers the others', () => {
    const service = new sdk.Service();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const onLoaded = vi.fn();
    const { div } = mount({
      embedConfig: reportConfig,
      service,
      eventHandlers: new Map([
        ['tileClicked', vi.fn()],
        ['loaded', onLoaded],
        ['pagechanged', vi.fn()],
      ]),
    });
    raise(div, 'loaded');

    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(
      /report embeds raise no tileClicked, pagechanged event; allowed: loaded,/,
    );
    expect(onLoaded).toHaveBeenCalledTimes(1);
  });

  it('moves the handlers to the new embed when the kind changes', () => {
    const service = new sdk.Service();
    const onTile = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const eventHandlers = new Map([['tileClicked', onTile]]);
    const { div, update } = mount({ embedConfig: reportConfig, service, eventHandlers });
    const report = service.get(div);
    update({ embedConfig: dashboardConfig, service, eventHandlers });
    raise(div, 'tileClicked', { tileId: 't' });

    expect(warn).toHaveBeenCalledTimes(1); // a report raises no tileClicked
    expect(report.eventHandlers).toHaveLength(0);
    expect(service.get(div)).toBeInstanceOf(Dashboard);
    expect(service.getNumberOfComponents()).toBe(1);
    expect(onTile).toHaveBeenCalledTimes(1);
  });
  it('moves the handlers to the embed the service returns when it embeds anew (Q&A)', () => {
    const service = new sdk.Service();
    const qna = {
      type: 'qna',
      embedUrl: 'https://app.powerbi.com/qnaEmbed',
      accessToken: 't1',
      datasetIds: ['ds1'],
      tokenType: models.TokenType.Embed,
    };
    const onRendered = vi.fn();
    const getEmbeddedComponent = vi.fn();
    const eventHandlers = new Map([['visualRendered', onRendered]]);
    const { div, update } = mount({ embedConfig: qna, service, eventHandlers, getEmbeddedComponent });
    const first = service.get(div);
    update({
      embedConfig: { ...qna, question: 'sales by region' },
      service,
      eventHandlers,
      getEmbeddedComponent,
    });
    raise(div, 'visualRendered');

    expect(service.get(div)).not.toBe(first);
    expect(getEmbeddedComponent).toHaveBeenLastCalledWith(service.get(div));
    expect(first.eventHandlers).toHaveLength(0);
    expect(onRendered).toHaveBeenCalledTimes(1);
  });
});

describe('updates the way powerbi-client-react does (fake service)', () => {
  it('embeds when the config has a token and a URL, else bootstraps and embeds when they arrive', () => {
    const fake = fakeService();
    const bootstrapConfig = { type: 'report', tokenType: models.TokenType.Embed };
    const { update } = mount({ embedConfig: bootstrapConfig, service: fake.service });
    update({
      embedConfig: { ...bootstrapConfig, hostname: 'https://app.powerbi.com' },
      service: fake.service,
    });
    update({ embedConfig: reportConfig, service: fake.service });

    expect(fake.methods()).toEqual(['bootstrap', 'embed']);
    expect(fake.calls[1]?.arg).toEqual(reportConfig);
  });

  it('sends a changed access token with setAccessToken rather than re-embedding', async () => {
    const fake = fakeService();
    const { update } = mount({ embedConfig: reportConfig, service: fake.service });
    update({ embedConfig: { ...reportConfig, accessToken: 't2' }, service: fake.service });

    await vi.waitFor(() => expect(fake.calls).toHaveLength(2));
    expect(fake.calls.slice(1)).toEqual([{ method: 'setAccessToken', arg: 't2' }]);
  });

  it("updates a report's settings, page and filters in place", async () => {
    const fake = fakeService();
    const filter = {
      $schema: 'https://powerbi.com/product/schema#basic',
      target: { table: 't', column: 'c' },
    };
    const { update } = mount({ embedConfig: reportConfig, service: fake.service });
    const settings = { filterPaneEnabled: false };
    update({
      embedConfig: {
        ...reportConfig,
        accessToken: 't2',
        settings,
        pageName: 'p2',
        filters: [filter] as never,
      },
      service: fake.service,
    });
    await vi.waitFor(() => expect(fake.calls).toHaveLength(5));
    update({
      embedConfig: { ...reportConfig, accessToken: 't2', settings, pageName: 'p2' },
      service: fake.service,
    });
    await vi.waitFor(() => expect(fake.calls).toHaveLength(6));

    expect(fake.calls.slice(1)).toEqual([
      { method: 'setAccessToken', arg: 't2' },
      { method: 'updateSettings', arg: settings },
      { method: 'setPage', arg: 'p2' },
      { method: 'updateFilters', arg: [models.FiltersOperations.Replace, [filter]] },
      { method: 'updateFilters', arg: [models.FiltersOperations.RemoveAll, undefined] },
    ]);
  });

  it('logs a failed in-place call and goes on with the next', async () => {
    const fake = fakeService({ failing: ['setAccessToken'] });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { update } = mount({ embedConfig: reportConfig, service: fake.service });
    update({ embedConfig: { ...reportConfig, accessToken: 't2', pageName: 'p2' }, service: fake.service });

    await vi.waitFor(() => expect(fake.methods()).toEqual(['embed', 'setAccessToken', 'setPage']));
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]?.[1]).toMatchObject({ message: 'setAccessToken failed' });
  });

  it('re-embeds a dashboard whose settings change (only reports update them in place)', () => {
    const fake = fakeService();
    const { update } = mount({ embedConfig: dashboardConfig, service: fake.service });
    update({
      embedConfig: { ...dashboardConfig, settings: { filterPaneEnabled: false } },
      service: fake.service,
    });

    expect(fake.methods()).toEqual(['embed', 'embed']);
  });

  it('loads a report for phased embedding, which renders when the app calls render', () => {
    const fake = fakeService();
    const onLoaded: EventHandler = (_event, embed) => void (embed as Report).render();
    const { div } = mount({
      embedConfig: reportConfig,
      service: fake.service,
      phasedEmbedding: true,
      eventHandlers: new Map([['loaded', onLoaded]]),
    });
    expect(fake.methods()).toEqual(['load']);
    raise(div, 'loaded');

    expect(fake.methods()).toEqual(['load', 'render']);
  });

  it('embeds other kinds normally when phased embedding is asked, with a warning', () => {
    const fake = fakeService();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mount({ embedConfig: dashboardConfig, service: fake.service, phasedEmbedding: true });

    expect(fake.methods()).toEqual(['embed']);
    expect(warn).toHaveBeenCalledWith(
      '@portico/embed-react: phased embedding is not supported for type dashboard',
    );
  });

  it('creates a report for the create type', () => {
    const fake = fakeService();
    const createConfig = {
      type: 'create',
      datasetId: 'ds1',
      embedUrl: 'https://app.powerbi.com/reportEmbed',
      accessToken: 't1',
    };
    mount({ embedConfig: createConfig as EmbedConfig, service: fake.service });

    expect(fake.methods()).toEqual(['createReport']);
  });

  it('calls the event hooks of the latest render without re-embedding', async () => {
    const fake = fakeService();
    const config = (token: string) => ({
      ...reportConfig,
      tokenType: models.TokenType.Aad,
      eventHooks: { accessTokenProvider: () => token },
    });
    const { update } = mount({ embedConfig: config('first'), service: fake.service });
    update({ embedConfig: config('second'), service: fake.service });
    const given = fake.calls[0]?.arg as { eventHooks: { accessTokenProvider: (r: never) => unknown } };

    expect(fake.methods()).toEqual(['embed']);
    expect(await given.eventHooks.accessTokenProvider({} as never)).toBe('second');
  });

  it('resets the element and embeds afresh with another service', () => {
    const first = fakeService();
    const second = fakeService();
    const { update } = mount({ embedConfig: reportConfig, service: first.service });
    update({ embedConfig: reportConfig, service: second.service });

    expect(first.methods()).toEqual(['embed', 'reset']);
    expect(second.methods()).toEqual(['embed']);
  });
});
