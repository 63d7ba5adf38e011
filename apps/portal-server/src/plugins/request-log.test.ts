import { captureLogs } from '@portico/server-kit/testing';
import Fastify from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLineRequestLog, lazyRequestLogger } from './request-log.ts';

/** A server logging as the portal does, counting the child loggers its requests make. */
function server() {
  const logs = captureLogs({ level: 'info' });
  let children = 0;
  const counting = (logger: FastifyBaseLogger): FastifyBaseLogger =>
    Object.assign(Object.create(logger) as FastifyBaseLogger, {
      child: (...args: Parameters<FastifyBaseLogger['child']>) => {
        children += 1;
        return logger.child(...args);
      },
    });
  const app = Fastify({
    loggerInstance: logs.logger,
    logController: new OneLineRequestLog(),
    childLoggerFactory: (logger, bindings, options) => lazyRequestLogger(counting(logger), bindings, options),
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/chatty', async (request) => {
    request.log.warn({ step: 1 }, 'looked twice');
    request.log.child({ part: 'inner' }).info('from a grandchild');
    return { ok: true };
  });
  app.get('/health', { logLevel: 'warn' }, async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('broken');
  });
  return { app, logs, children: () => children };
}

describe('the request log', () => {
  it('writes one line per request with its id, method, URL, status and time, and makes no child logger', async () => {
    const { app, logs, children } = server();
    await app.inject({ url: '/quiet?x=1' });
    expect(logs.records()).toEqual([
      expect.objectContaining({
        level: 30,
        reqId: expect.any(String) as unknown,
        method: 'GET',
        url: '/quiet?x=1',
        statusCode: 200,
        responseTime: expect.any(Number) as unknown,
        msg: 'request completed',
      }),
    ]);
    expect(children()).toBe(0);
    await app.close();
  });

  it("gives every line a request writes that request's id, its children's too", async () => {
    const { app, logs, children } = server();
    await app.inject({ url: '/chatty' });
    const records = logs.records();
    expect(records.map((record) => record['msg'])).toEqual([
      'looked twice',
      'from a grandchild',
      'request completed',
    ]);
    const ids = new Set(records.map((record) => record['reqId']));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toEqual(expect.any(String));
    expect(records[0]).toMatchObject({ level: 40, step: 1 });
    expect(records[1]).toMatchObject({ part: 'inner' });
    expect(children()).toBe(1);
    await app.close();
  });

  it("keeps a route's own log level for its completion line", async () => {
    const { app, logs } = server();
    await app.inject({ url: '/health' });
    expect(logs.records()).toEqual([]);
    await app.close();
  });

  it('logs a failed answer with the error through the same one line', async () => {
    const { app, logs } = server();
    const res = await app.inject({ url: '/fails' });
    expect(res.statusCode).toBe(500);
    const completed = logs.records().filter((record) => record['url'] === '/fails');
    expect(completed.at(-1)).toMatchObject({ statusCode: 500, msg: 'request completed' });
    await app.close();
  });
});
