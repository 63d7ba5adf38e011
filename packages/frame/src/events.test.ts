import { afterEach, describe, expect, it } from 'vitest';
import { EmbedError, ErrorCode, type IRequest } from '@portico/protocol';
import { HOST_UNKNOWN, createFrameRouter, type FrameRouter, type MessageWindow } from './router.ts';
import { ELSEWHERE, HOST, fakeWindow, flush, setup } from './test-kit.ts';

let current: FrameRouter | undefined;
const start = (...args: Parameters<typeof setup>) => {
  const kit = setup(...args);
  current = kit.router;
  const lastRequest = () => kit.parent.posted.at(-1)?.message as IRequest;
  const answer = (statusCode: number, body: unknown = null, from: { origin?: string } = {}) =>
    kit.deliver({ statusCode, headers: { id: lastRequest().headers.id }, body }, from);
  return { ...kit, lastRequest, answer };
};
afterEach(() => current?.destroy());

describe('raising events', () => {
  it('posts a report event on its spec route to the host origin and resolves on acknowledgement', async () => {
    const { router, parent, lastRequest, answer } = start({ uid: 'r1' });
    let settled = false;
    const raised = router.raise({ kind: 'report', eventName: 'loaded', body: { ok: true } }).then(() => {
      settled = true;
    });

    expect(parent.posted[0]?.targetOrigin).toBe(HOST);
    expect(lastRequest()).toStrictEqual({
      method: 'POST',
      url: '/reports/r1/events/loaded',
      headers: { id: expect.any(String) },
      body: { ok: true },
    });
    await flush();
    expect(settled).toBe(false);

    answer(200);
    await raised;
    expect(settled).toBe(true);
  });

  it('uses the page, visual, dashboard, tile, qna and ready routes', async () => {
    const { router, parent, answer } = start({ uid: 'u1' });
    const events = [
      { kind: 'report', pageName: 'p1', eventName: 'pageChanged' },
      { kind: 'report', pageName: 'p1', visualName: 'v1', eventName: 'visualClicked' },
      { kind: 'dashboard', eventName: 'tileClicked' },
      { kind: 'tile', uniqueId: 't9', eventName: 'tileLoaded' },
      { kind: 'qna', eventName: 'visualRendered' },
      { kind: 'ready' },
    ] as const;
    for (const event of events) {
      const raised = router.raise(event);
      answer(200);
      await raised;
    }
    expect(parent.posted.map(({ message }) => (message as IRequest).url)).toEqual([
      '/reports/u1/pages/p1/events/pageChanged',
      '/reports/u1/pages/p1/visuals/v1/events/visualClicked',
      '/dashboards/u1/events/tileClicked',
      '/tile/t9/events/tileLoaded',
      '/qna/u1/events/visualRendered',
      '/ready/u1',
    ]);
    expect((parent.posted.at(-1)?.message as IRequest).body).toBeNull();
  });

  it('takes the unique id from the first request, else from the frame url', async () => {
    const { router, request, lastRequest, answer } = start();
    request('GET', '/report/pages', { headers: { uid: 'from-header' } });
    await flush();
    const raised = router.raise({ kind: 'report', eventName: 'rendered' });
    expect(lastRequest().url).toBe('/reports/from-header/events/rendered');
    answer(200);
    await raised;

    const parent = fakeWindow();
    const framed = Object.assign(new EventTarget(), {
      location: { search: '?uid=from-url&x=1' },
    }) as unknown as MessageWindow;
    const other = createFrameRouter({ allowedOrigins: [HOST], window: framed, parent });
    void other.raise({ kind: 'ready' }).catch(() => undefined);
    expect((parent.posted[0]?.message as IRequest).url).toBe('/ready/from-url');
    other.destroy();
  });

  it('rejects with the host error when the host answers non-2xx', async () => {
    const { router, answer } = start({ uid: 'r1' });
    const raised = router.raise({ kind: 'report', eventName: 'loaded' });
    answer(500, { message: 'no embed r1' });
    await expect(raised).rejects.toMatchObject({
      name: 'EmbedError',
      statusCode: 500,
      message: 'no embed r1',
    });
  });

  it('ignores an acknowledgement from another origin and times out with a typed error', async () => {
    const { router, answer } = start({ uid: 'r1', timeoutMs: 30 });
    const raised = router.raise({ kind: 'report', eventName: 'loaded' });
    answer(200, null, { origin: ELSEWHERE });
    await expect(raised).rejects.toMatchObject({ errorCode: ErrorCode.Timeout });
  });

  it('refuses to raise before it knows where the host is', async () => {
    const { router } = start({ uid: 'r1', allowedOrigins: [HOST, 'https://other.test'] });
    await expect(router.raise({ kind: 'ready' })).rejects.toMatchObject({ errorCode: HOST_UNKNOWN });

    const withoutUid = start();
    await expect(withoutUid.router.raise({ kind: 'ready' })).rejects.toMatchObject({
      errorCode: HOST_UNKNOWN,
    });
    withoutUid.router.destroy();
  });

  it('posts to an explicit hostOrigin before the first request', () => {
    const { router, parent } = start({
      uid: 'r1',
      allowedOrigins: [HOST, 'https://b.test'],
      hostOrigin: 'https://b.test',
    });
    void router.raise({ kind: 'ready' }).catch(() => undefined);
    expect(parent.posted[0]?.targetOrigin).toBe('https://b.test');
  });
});

describe('calling host event hooks', () => {
  it('posts to the eventHooks route and resolves with the hook answer on 200', async () => {
    const { router, lastRequest, answer } = start({ uid: 'r1' });
    const call = router.callHook<{ context: string }>('preQuery', { dataset: 'd1' });
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      url: '/reports/r1/eventHooks/preQuery',
      body: { dataset: 'd1' },
    });
    answer(200, { context: 'tenant-4' });
    await expect(call).resolves.toStrictEqual({ handled: true, value: { context: 'tenant-4' } });
  });

  it('resolves as not handled when the host has no such hook (404)', async () => {
    const { router, lastRequest, answer } = start({ uid: 'r1' });
    const call = router.callHook('newAccessToken');
    expect(lastRequest().body).toStrictEqual({});
    answer(404);
    await expect(call).resolves.toStrictEqual({ handled: false });
  });

  it('rejects with an EmbedError when the hook failed (400)', async () => {
    const { router, answer } = start({ uid: 'r1' });
    const call = router.callHook('newAccessToken');
    answer(400);
    const error = await call.catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(EmbedError);
    expect(error).toMatchObject({ statusCode: 400, body: null });
  });
});

describe('destroy', () => {
  it('stops answering requests', async () => {
    const { router, parent, request } = start();
    router.get('/report/pages', () => []);
    router.destroy();
    request('GET', '/report/pages');
    await flush();
    expect(parent.posted).toEqual([]);
  });

  it('does not post the answer of a handler still running when destroyed', async () => {
    const { router, parent, request } = start();
    let release = () => {};
    router.get('/report/pages', () => new Promise<void>((resolve) => (release = resolve)));
    request('GET', '/report/pages');
    await flush();
    router.destroy();
    release();
    await flush();
    expect(parent.posted).toEqual([]);
  });

  it('rejects pending events, refuses new ones and is safe to call twice', async () => {
    const { router } = start({ uid: 'r1' });
    const pending = router.raise({ kind: 'report', eventName: 'loaded' });
    router.destroy();
    router.destroy();
    await expect(pending).rejects.toMatchObject({ errorCode: ErrorCode.Cancelled });
    await expect(router.raise({ kind: 'ready' })).rejects.toMatchObject({ errorCode: ErrorCode.Cancelled });
  });
});
