import { TokenType } from '@portico/models';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Page } from './page.ts';
import type { Report } from './report.ts';
import { embedWithFrame, flush, reportConfig } from './test/fake-frame.ts';

afterEach(() => {
  document.body.replaceChildren();
});

const repliesTo = (posted: { message: unknown }[], id: string) =>
  posted
    .map((entry) => entry.message)
    .filter((message) => (message as { headers?: { id?: string } }).headers?.id === id);

describe('events from the frame', () => {
  it('acknowledges an event with 200 and a null body, then raises it as a bubbling, cancelable CustomEvent', async () => {
    const { element, embed, frame } = embedWithFrame<Report>();
    const seen: CustomEvent[] = [];
    const onDocument = vi.fn();
    document.addEventListener('loaded', onDocument);
    embed.on('loaded', (event) => seen.push(event));

    frame.send({
      method: 'POST',
      url: '/reports/u1/events/loaded',
      headers: { id: 'e1' },
      body: { took: 5 },
    });
    await flush();
    document.removeEventListener('loaded', onDocument);

    expect(repliesTo(frame.posted, 'e1')).toStrictEqual([
      { statusCode: 200, headers: { id: 'e1' }, body: null },
    ]);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.detail).toStrictEqual({ took: 5 });
    expect(seen[0]?.target).toBe(element);
    expect(seen[0]?.bubbles).toBe(true);
    expect(seen[0]?.cancelable).toBe(true);
    expect(onDocument).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['/reports/u1/pages/p1/events/dataSelected', 'dataSelected'],
    ['/reports/u1/pages/p1/visuals/v1/events/visualClicked', 'visualClicked'],
    ['/ready/u1', 'ready'],
  ])('routes %s to the %s event of the embed', async (url, name) => {
    const { element, frame } = embedWithFrame<Report>();
    const handler = vi.fn();
    element.addEventListener(name, handler);
    frame.send({ method: 'POST', url, headers: { id: 'e2' }, body: { x: 1 } });
    await flush();
    expect(handler).toHaveBeenCalledWith(expect.objectContaining({ detail: { x: 1 } }));
  });

  it('routes dashboard, tile and Q&A events', async () => {
    const cases = [
      [
        { type: 'dashboard', id: 'd1', dashboardId: 'd1' },
        '/dashboards/x1/events/tileClicked',
        'tileClicked',
      ],
      [{ type: 'tile', id: 't1', dashboardId: 'd1' }, '/tile/x1/events/tileLoaded', 'tileLoaded'],
      [{ type: 'qna', datasetIds: ['ds'] }, '/qna/x1/events/visualRendered', 'visualRendered'],
    ] as const;
    for (const [config, url, name] of cases) {
      const { embed, frame } = embedWithFrame({
        ...config,
        embedUrl: 'https://app.powerbi.com/x',
        accessToken: 't',
        uniqueId: 'x1',
      });
      const handler = vi.fn();
      embed.on(name as 'loaded', handler);
      frame.send({ method: 'POST', url, headers: { id: 'e3' }, body: {} });
      await flush();
      expect(handler).toHaveBeenCalledTimes(1);
    }
  });

  it("turns pageChanged's newPage into a Page of the report", async () => {
    const { embed, frame } = embedWithFrame<Report>();
    const handler = vi.fn();
    embed.on('pageChanged', (event) => handler(event.detail.newPage));
    frame.send({
      method: 'POST',
      url: '/reports/u1/events/pageChanged',
      headers: { id: 'e4' },
      body: { newPage: { name: 'p2', displayName: 'Two' }, oldPage: { name: 'p1' } },
    });
    await flush();
    const page = handler.mock.calls[0]?.[0] as Page;
    expect(page).toBeInstanceOf(Page);
    expect(page).toMatchObject({ name: 'p2', displayName: 'Two', isActive: true, report: embed });
  });

  it('reports a pageChanged event without a page model as an error, after acknowledging it', async () => {
    const onError = vi.fn();
    const { frame } = embedWithFrame<Report>(reportConfig, { serviceConfig: { onError } });
    frame.send({ method: 'POST', url: '/reports/u1/events/pageChanged', headers: { id: 'e5' }, body: {} });
    await flush();
    expect(repliesTo(frame.posted, 'e5')[0]).toMatchObject({ statusCode: 200 });
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: "Page model not found at 'event.value.newPage'." }),
    );
  });

  it('ignores an event addressed to another embed on the page', async () => {
    const { element, frame } = embedWithFrame<Report>();
    const handler = vi.fn();
    element.addEventListener('loaded', handler);
    frame.send({ method: 'POST', url: '/reports/other/events/loaded', headers: { id: 'e6' }, body: {} });
    await flush();
    expect(handler).not.toHaveBeenCalled();
  });

  it('answers a request on no known route with 404 rather than leaving the frame waiting', async () => {
    const { frame } = embedWithFrame<Report>();
    frame.send({ method: 'POST', url: '/nowhere', headers: { id: 'e7' } });
    await flush();
    expect(repliesTo(frame.posted, 'e7')[0]).toMatchObject({ statusCode: 404 });
  });
});

describe('on and off', () => {
  it('returns an unsubscribe function, and off removes one handler or all of an event', async () => {
    const { embed, frame } = embedWithFrame<Report>();
    const first = vi.fn();
    const second = vi.fn();
    const stop = embed.on('loaded', first);
    embed.on('loaded', second);
    const raise = async (id: string) => {
      frame.send({ method: 'POST', url: '/reports/u1/events/loaded', headers: { id }, body: null });
      await flush();
    };
    await raise('a');
    stop();
    await raise('b');
    embed.off('loaded');
    await raise('c');
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('refuses an event name that is not allowed for the embed, listing the allowed ones', () => {
    const { embed } = embedWithFrame<Report>();
    expect(() => embed.on('tileClicked' as 'loaded', () => undefined)).toThrow(
      /^eventName must be one of loaded,saved,rendered,saveAsTriggered,error,dataSelected,buttonClicked,info,filtersApplied,pageChanged,.*\. You passed: tileClicked$/,
    );
  });
});

describe('event hooks', () => {
  const hookCall = (name: string, id: string, body: unknown = { datasetIds: ['ds'] }) => ({
    method: 'POST',
    url: `/reports/u1/eventHooks/${name}`,
    headers: { id },
    body,
  });

  it('answers 200 with the result of the application context provider for preQuery', async () => {
    const applicationContextProvider = vi.fn(() => ({ tenant: 't1' }));
    const { embed, frame } = embedWithFrame<Report>({
      ...reportConfig,
      eventHooks: { applicationContextProvider },
    });
    frame.send(hookCall('preQuery', 'h1'));
    await flush();
    expect(repliesTo(frame.posted, 'h1')).toStrictEqual([
      { statusCode: 200, headers: { id: 'h1' }, body: { tenant: 't1' } },
    ]);
    expect(applicationContextProvider).toHaveBeenCalledWith({ datasetIds: ['ds'], report: embed });
    expect(embed.config.embedUrl).toContain('registerQueryCallback=true');
  });

  it('answers newAccessToken with the access token provider, 404 without a hook and 400 when the hook throws', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const accessTokenProvider = vi.fn(async () => 'fresh-token');
    const { frame } = embedWithFrame<Report>({
      ...reportConfig,
      tokenType: TokenType.Aad,
      eventHooks: { accessTokenProvider },
    });
    frame.send(hookCall('newAccessToken', 'h2'));
    frame.send(hookCall('preQuery', 'h3'));
    await flush();
    accessTokenProvider.mockRejectedValueOnce(new Error('signed out'));
    frame.send(hookCall('newAccessToken', 'h4'));
    await flush(5);
    expect(repliesTo(frame.posted, 'h2')[0]).toMatchObject({ statusCode: 200, body: 'fresh-token' });
    expect(repliesTo(frame.posted, 'h3')[0]).toMatchObject({ statusCode: 404, body: null });
    expect(repliesTo(frame.posted, 'h4')[0]).toMatchObject({ statusCode: 400, body: null });
    expect(error).toHaveBeenCalledWith(new Error('signed out'));
    error.mockRestore();
  });

  it('rejects an unsupported hook name as an assertion failure', async () => {
    const onError = vi.fn();
    const { frame } = embedWithFrame<Report>(reportConfig, { serviceConfig: { onError } });
    frame.send(hookCall('postQuery', 'h5'));
    await flush();
    expect(repliesTo(frame.posted, 'h5')[0]).toMatchObject({ statusCode: 400 });
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'postQuery eventHook is not supported' }),
    );
  });

  it('validates hooks: functions only, application context for reports, token provider for AAD reports', () => {
    const base = { ...reportConfig, embedUrl: 'https://app.powerbi.com/x' };
    expect(() => embedWithFrame({ ...base, eventHooks: { accessTokenProvider: 'x' as never } })).toThrow(
      'accessTokenProvider must be a function',
    );
    expect(() =>
      embedWithFrame({
        type: 'dashboard',
        id: 'd1',
        embedUrl: base.embedUrl,
        accessToken: 't',
        eventHooks: { applicationContextProvider: () => 1 },
      }),
    ).toThrow('applicationContextProvider is only supported in report embed');
    expect(() =>
      embedWithFrame({ ...base, tokenType: TokenType.Embed, eventHooks: { accessTokenProvider: () => 1 } }),
    ).toThrow('accessTokenProvider is only supported in report SaaS embed');
  });
});
