import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler, registerNotFoundHandler } from './error-handler.ts';
import type { ErrorHandlerOptions } from './error-handler.ts';
import { HttpError } from './http-errors.ts';
import { captureLogs } from './testing.ts';

class RefusedQuery extends Error {}

function app(options: ErrorHandlerOptions = {}, logs = captureLogs()) {
  const server = Fastify({ loggerInstance: logs.logger });
  registerErrorHandler(server, options);
  server.post(
    '/echo',
    { schema: { body: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } } },
    async (request) => request.body,
  );
  server.get('/gone', async () => {
    throw new HttpError(
      410,
      'GONE',
      'That report was withdrawn.',
      { 'retry-after': '60' },
      { error: 'gone' },
    );
  });
  server.get('/bad', async () => {
    throw new HttpError(400, 'BAD_REQUEST', 'format must be csv');
  });
  server.get('/refused', async () => {
    throw new RefusedQuery('unknown column "x"');
  });
  server.get('/crash', async () => {
    throw new Error('secret detail at /srv/app.ts:12');
  });
  return server;
}

describe('the error handler', () => {
  it('answers an HttpError with its status, headers, code, message and extra fields', async () => {
    const res = await app().inject({ url: '/gone' });
    expect(res.statusCode).toBe(410);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.json()).toEqual({ error: 'gone', message: 'That report was withdrawn.', code: 'GONE' });
  });

  it('answers a schema failure with 400 VALIDATION_ERROR and the validator message', async () => {
    const res = await app().inject({ method: 'POST', url: '/echo', payload: { n: 'many' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('n') });
  });

  it("keeps Fastify's 4xx for bad input with the code of its status, never a 5xx", async () => {
    const server = app();
    const broken = await server.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"n":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'BAD_REQUEST' });
    const xml = await server.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<n>1</n>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('writes every 400 as plain text when asked to, and other statuses as JSON still', async () => {
    const server = app({ badRequestAs: 'text' });
    const invalid = await server.inject({ method: 'POST', url: '/echo', payload: { n: 'many' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(invalid.body).toMatch(/n/);
    const thrown = await server.inject({ url: '/bad' });
    expect(thrown.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(thrown.body).toBe('format must be csv');
    expect((await server.inject({ url: '/gone' })).json()).toMatchObject({ code: 'GONE' });
  });

  it("answers an app's own error type as the HttpError its translation makes of it", async () => {
    const server = app({
      translate: (error) =>
        error instanceof RefusedQuery ? new HttpError(400, 'INVALID_QUERY', error.message) : undefined,
    });
    const res = await server.inject({ url: '/refused' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'unknown column "x"', code: 'INVALID_QUERY' });
  });

  it('answers anything unexpected with 500 INTERNAL and no detail, and logs it with the request id', async () => {
    const logs = captureLogs();
    const res = await app({}, logs).inject({ url: '/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL' });
    expect(res.body).not.toContain('secret');
    expect(logs.records()).toContainEqual(
      expect.objectContaining({
        level: 50,
        reqId: expect.any(String),
        err: expect.objectContaining({ message: expect.stringContaining('secret') }),
      }),
    );
  });
});

describe('the not-found handler', () => {
  it('answers an unknown path with 404 NOT_FOUND naming the method and the path, never the query string', async () => {
    const server = Fastify({ logger: false });
    registerNotFoundHandler(server);
    server.get('/known', async () => 'yes');
    const known = await server.inject({ method: 'GET', url: '/known' });
    const unknown = await server.inject({ method: 'DELETE', url: '/reports/r1?access_token=secret' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No route DELETE /reports/r1', code: 'NOT_FOUND' });
    expect(unknown.body).not.toContain('secret');
  });
});
