import Fastify, { LogController } from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { DeferredChildLogger, deferChildren } from './deferred-child-logger.ts';
import { captureLogs } from './testing.ts';

describe('a deferred child logger', () => {
  it('offers its parent while the child is not made, for a line with the bindings written out', () => {
    const logs = captureLogs();
    const child = vi.spyOn(logs.logger, 'child');
    const deferred = new DeferredChildLogger(logs.logger, { reqId: 'r-1' }, {});
    deferred.parentWhileUnmade()?.info({ reqId: 'r-1', method: 'GET', statusCode: 200 }, 'request completed');
    expect(child).not.toHaveBeenCalled();
    child.mockRestore();
    logs.logger.child({ reqId: 'r-1' }).info({ method: 'GET', statusCode: 200 }, 'request completed');
    const [viaParent, viaChild] = logs.text().trim().split('\n');
    const withoutTime = (line = '') => line.replace(/"time":\d+,/, '');
    expect(withoutTime(viaParent)).toBe(withoutTime(viaChild));
    expect(JSON.parse(viaParent ?? '')).toMatchObject({ level: 30, reqId: 'r-1', msg: 'request completed' });
  });

  it('makes the child once, on the first other call, and every line after carries the bindings', () => {
    const logs = captureLogs({ level: 'debug' });
    const child = vi.spyOn(logs.logger, 'child');
    const deferred = new DeferredChildLogger(logs.logger, { reqId: 'r-2' }, {});
    deferred.warn({ attempt: 1 }, 'slow');
    deferred.debug('details %s', 'here');
    deferred.error(new Error('broken'));
    expect(deferred.parentWhileUnmade()).toBeUndefined();
    expect(child).toHaveBeenCalledTimes(1);
    expect(logs.records()).toEqual([
      expect.objectContaining({ level: 40, reqId: 'r-2', attempt: 1, msg: 'slow' }),
      expect.objectContaining({ level: 20, reqId: 'r-2', msg: 'details here' }),
      expect.objectContaining({ level: 50, reqId: 'r-2', msg: 'broken', err: expect.anything() as unknown }),
    ]);
  });

  it("keeps the parent's level until the child gets one of its own", () => {
    const logs = captureLogs({ level: 'warn' });
    const deferred = new DeferredChildLogger(logs.logger, { reqId: 'r-3' }, {});
    expect(deferred.level).toBe('warn');
    deferred.info('not written at warn');
    deferred.level = 'info';
    expect(deferred.level).toBe('info');
    expect(logs.logger.level).toBe('warn');
    deferred.info('written by the child');
    expect(logs.records().map((line) => line['msg'])).toEqual(['written by the child']);
  });

  it("honours a route's own log level, which only a child can have", () => {
    const logs = captureLogs({ level: 'info' });
    const deferred = new DeferredChildLogger(logs.logger, { reqId: 'r-4' }, { level: 'error' });
    expect(deferred.level).toBe('error');
    expect(deferred.parentWhileUnmade()).toBeUndefined();
    deferred.info('below the route level');
    deferred.child({ step: 'inner' }).error('from a grandchild');
    expect(logs.records()).toEqual([
      expect.objectContaining({ reqId: 'r-4', step: 'inner', msg: 'from a grandchild' }),
    ]);
  });
});

describe('deferChildren', () => {
  it("gives each Fastify request a deferred logger that writes the request's id on the lines logged through it", async () => {
    const logs = captureLogs();
    const app = Fastify({
      loggerInstance: logs.logger,
      logController: new LogController({ disableRequestLogging: true }),
    });
    deferChildren(app.log);
    let seen: FastifyBaseLogger | undefined;
    app.get('/', (request) => {
      seen = request.log;
      request.log.info('handled');
      return 'ok';
    });
    await app.inject({ url: '/' });
    await app.close();
    expect(seen).toBeInstanceOf(DeferredChildLogger);
    expect(logs.records()).toEqual([
      expect.objectContaining({ reqId: expect.stringMatching(/^req-/) as unknown, msg: 'handled' }),
    ]);
  });

  it('keeps every binding along a chain of children, each made only when it logs', () => {
    const logs = captureLogs();
    const root = deferChildren(logs.logger);
    const request = root.child({ reqId: 'r-5' });
    expect(request).toBeInstanceOf(DeferredChildLogger);
    const step = request.child({ step: 'render' });
    expect(step).toBeInstanceOf(DeferredChildLogger);
    step.info('rendered');
    request.info('done');
    expect(logs.records()).toEqual([
      expect.objectContaining({ reqId: 'r-5', step: 'render', msg: 'rendered' }),
      expect.objectContaining({ reqId: 'r-5', msg: 'done' }),
    ]);
    expect(logs.records()[1]).not.toHaveProperty('step');
    expect(deferChildren(root)).toBe(root);
  });
});
