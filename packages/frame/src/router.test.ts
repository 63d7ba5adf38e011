import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { Call } from '@portico/protocol';
import { FrameError, reply } from './replies.ts';
import { createFrameRouter, type FrameRouter } from './router.ts';
import { ELSEWHERE, HOST, fakeWindow, flush, setup } from './test-kit.ts';

let current: FrameRouter | undefined;
const start = (...args: Parameters<typeof setup>) => {
  const kit = setup(...args);
  current = kit.router;
  return kit;
};
afterEach(() => current?.destroy());

describe('answering requests', () => {
  it('routes a GET and answers with the request id to the exact requesting origin', async () => {
    const { router, parent, request } = start();
    router.get('/report/pages', () => [{ name: 'p1', displayName: 'Page 1', isActive: true }]);

    const id = request('GET', '/report/pages');
    await flush();

    expect(parent.posted).toStrictEqual([
      {
        message: {
          statusCode: 200,
          headers: { id },
          body: [{ name: 'p1', displayName: 'Page 1', isActive: true }],
        },
        targetOrigin: HOST,
      },
    ]);
  });

  it('hands the handler typed route params, the body, the headers and the origin', async () => {
    const { router, request } = start();
    const seen = vi.fn();
    router.post('/report/pages/:pageName/visuals/:visualName/exportData', (req) => {
      expectTypeOf(req.params).toEqualTypeOf<{ pageName: string; visualName: string }>();
      seen(req);
    });

    request('POST', '/report/pages/Sales%20Q1/visuals/v1/exportData', { body: { rows: 10 } });
    await flush();

    expect(seen).toHaveBeenCalledWith(
      expect.objectContaining({
        method: 'POST',
        params: { pageName: 'Sales Q1', visualName: 'v1' },
        body: { rows: 10 },
        headers: expect.objectContaining({ uid: 'r1' }),
        origin: HOST,
      }),
    );
  });

  it('routes by method as well as by url', async () => {
    const { router, parent, request } = start();
    router
      .get('/report/filters', () => 'get')
      .post('/report/filters', () => 'post')
      .put('/report/filters', () => 'put')
      .patch('/report/settings', () => 'patch')
      .delete('/report/pages/:pageName', ({ params }) => `delete ${params.pageName}`);

    for (const [method, url] of [
      ['PUT', '/report/filters'],
      ['GET', '/report/filters'],
      ['POST', '/report/filters'],
      ['PATCH', '/report/settings'],
      ['DELETE', '/report/pages/p9'],
    ] as const) {
      request(method, url);
    }
    await flush();

    expect(parent.posted.map(({ message }) => (message as { body: unknown }).body)).toEqual([
      'put',
      'get',
      'post',
      'patch',
      'delete p9',
    ]);
  });

  it('registers handlers from the protocol call table', async () => {
    const { router, parent, request } = start();
    router
      .handle(Call.setActivePage, ({ body }) => body)
      .handle(Call.renamePage, ({ params }) => params.pageName);

    request('PUT', '/report/pages/active', { body: { name: 'p2', displayName: null, isActive: true } });
    request('PUT', '/report/pages/p2/name', { body: { name: 'p2', displayName: 'Two' } });
    await flush();

    expect(parent.posted.map(({ message }) => (message as { body: unknown }).body)).toEqual([
      { name: 'p2', displayName: null, isActive: true },
      'p2',
    ]);
  });

  it('answers 404 with a message for a route it does not know', async () => {
    const { parent, request } = start();
    const id = request('GET', '/report/unknown');
    await flush();
    expect(parent.posted[0]?.message).toStrictEqual({
      statusCode: 404,
      headers: { id },
      body: { message: 'The frame has no route for GET /report/unknown' },
    });
  });

  it('answers every unmatched call through the one unmatched handler, whatever its method and depth', async () => {
    const seen: string[] = [];
    const { router, parent, request } = start({
      unmatched: ({ method, url, params, body, origin }) => {
        seen.push(`${method} ${url} ${JSON.stringify(params)} ${JSON.stringify(body)} ${origin}`);
        throw new FrameError(501, { message: 'notImplemented', detailedMessage: `${method} ${url}` });
      },
    });
    router.get('/report/pages', () => 'pages');
    const deep = '/report/pages/p1/visuals/v1/a/b/c/d/e/f';

    request('GET', '/report/pages');
    request('POST', '/report/pages');
    request('DELETE', deep, { body: { x: 1 } });
    await flush();

    const byId = (message: unknown) => (message as { headers: { id: string } }).headers.id;
    const answers = parent.posted.map(({ message }) => message);
    expect(answers.sort((a, b) => byId(a).localeCompare(byId(b)))).toStrictEqual([
      { statusCode: 200, headers: { id: 'req-1' }, body: 'pages' },
      {
        statusCode: 501,
        headers: { id: 'req-2' },
        body: { message: 'notImplemented', detailedMessage: 'POST /report/pages' },
      },
      {
        statusCode: 501,
        headers: { id: 'req-3' },
        body: { message: 'notImplemented', detailedMessage: `DELETE ${deep}` },
      },
    ]);
    expect(seen).toStrictEqual([
      `POST /report/pages {} undefined ${HOST}`,
      `DELETE ${deep} {} {"x":1} ${HOST}`,
    ]);
  });

  it('lets a route registered after the others still win over the unmatched handler', async () => {
    const { router, parent, request } = start({ unmatched: () => reply(400, { message: 'unsupported' }) });
    router.get('/report/pages', () => 'pages');
    request('GET', '/report/zoom');
    router.get('/report/zoom', () => 1);
    request('GET', '/report/zoom');
    await flush();

    expect(parent.posted.map(({ message }) => message)).toStrictEqual([
      { statusCode: 400, headers: { id: 'req-1' }, body: { message: 'unsupported' } },
      { statusCode: 200, headers: { id: 'req-2' }, body: 1 },
    ]);
  });

  it('answers 500 with the error message when a handler throws', async () => {
    const { router, parent, request } = start();
    router.get('/report/theme', () => {
      throw new Error('theme store offline');
    });
    const id = request('GET', '/report/theme');
    await flush();
    expect(parent.posted[0]?.message).toStrictEqual({
      statusCode: 500,
      headers: { id },
      body: { message: 'theme store offline' },
    });
  });

  it('answers a FrameError with its own status and body', async () => {
    const { router, parent, request } = start();
    const body = { message: 'visualNotFound', detailedMessage: 'Visual not found', errorCode: 'NotFound' };
    router.get('/report/pages/:pageName/visuals', async () => {
      await Promise.resolve();
      throw new FrameError(404, body);
    });
    request('GET', '/report/pages/p1/visuals');
    await flush();
    expect(parent.posted[0]?.message).toMatchObject({ statusCode: 404, body });
  });

  it('answers reply(status, body) with that status, and undefined with 200 and a null body', async () => {
    const { router, parent, request } = start();
    router.post('/report/addPage', () => reply(201, { name: 'p3' })).post('/report/save', () => undefined);
    request('POST', '/report/addPage', { body: { displayName: 'Three' } });
    request('POST', '/report/save', { body: null });
    await flush();
    expect(parent.posted.map(({ message }) => message)).toMatchObject([
      { statusCode: 201, body: { name: 'p3' } },
      { statusCode: 200, body: null },
    ]);
  });

  it('answers 500 instead of leaving the host waiting when a reply body cannot be cloned', async () => {
    const { router, parent, request } = start();
    router.get('/report/zoom', () => ({ level: 1, compute: () => 2 }));
    const id = request('GET', '/report/zoom');
    await flush();
    expect(parent.posted[0]?.message).toMatchObject({ statusCode: 500, headers: { id } });
  });
});

describe('trust', () => {
  it('drops a request from an origin that is not allowed', async () => {
    const onDrop = vi.fn();
    const { router, parent, deliver } = start({ onDrop });
    const handler = vi.fn();
    router.get('/report/pages', handler);

    deliver({ method: 'GET', url: '/report/pages', headers: { id: 'x1' } }, { origin: ELSEWHERE });
    await flush();

    expect(handler).not.toHaveBeenCalled();
    expect(parent.posted).toEqual([]);
    expect(onDrop).toHaveBeenCalledWith('origin', expect.anything());
  });

  it('drops a request from a window that is not the parent, even from an allowed origin', async () => {
    const onDrop = vi.fn();
    const { router, parent, deliver } = start({ onDrop });
    const attacker = fakeWindow();
    router.get('/report/pages', () => []);

    deliver({ method: 'GET', url: '/report/pages', headers: { id: 'x1' } }, { source: attacker });
    deliver({ method: 'GET', url: '/report/pages', headers: { id: 'x2' } }, { source: null });
    await flush();

    expect(parent.posted).toEqual([]);
    expect(attacker.posted).toEqual([]);
    expect(onDrop.mock.calls.map(([reason]) => reason)).toEqual(['source', 'source']);
  });

  it('drops malformed messages silently, without throwing in the listener', async () => {
    const onDrop = vi.fn();
    const { parent, deliver } = start({ onDrop });
    const errors = vi.fn();
    window.addEventListener('error', errors);

    for (const data of [
      null,
      'GET /report/pages',
      7,
      [],
      { method: 'GET', url: '/x' },
      { method: 'GET', headers: { id: 'a' } },
    ]) {
      deliver(data);
    }
    await flush();
    window.removeEventListener('error', errors);

    expect(parent.posted).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    expect(onDrop).toHaveBeenCalledTimes(6);
    expect(new Set(onDrop.mock.calls.map(([reason]) => reason))).toEqual(new Set(['shape']));
  });

  it('accepts origins by predicate', async () => {
    const { router, parent, request } = start({
      allowedOrigins: (origin) => origin.endsWith('.portal.test'),
    });
    router.get('/report/zoom', () => 1);
    request('GET', '/report/zoom');
    await flush();
    expect(parent.posted).toEqual([]);

    const second = start({ allowedOrigins: (origin) => origin === HOST });
    second.router.get('/report/zoom', () => 1);
    second.request('GET', '/report/zoom');
    await flush();
    expect(second.parent.posted).toHaveLength(1);
    second.router.destroy();
  });

  it('refuses allow-list entries that are not exact origins', () => {
    for (const origin of ['https://portal.test/', '*', 'portal.test', 'https://portal.test/path']) {
      expect(() => createFrameRouter({ allowedOrigins: [origin], window, parent: fakeWindow() })).toThrow(
        TypeError,
      );
    }
  });

  it('remembers the host origin and uid from the first accepted request', async () => {
    const { router, request } = start({ allowedOrigins: [HOST, 'https://other.test'] });
    expect(router.host).toBeUndefined();
    request('GET', '/report/pages', { headers: { uid: 'embed-7' } });
    request('GET', '/report/pages', { headers: { uid: 'embed-8' } });
    await flush();
    expect(router.host).toStrictEqual({ origin: HOST, uid: 'embed-7' });
  });
});
