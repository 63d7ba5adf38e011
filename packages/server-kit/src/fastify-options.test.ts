import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggingOptions, rejectBeforeRouting } from './fastify-options.ts';
import type { RejectBeforeRoutingOptions } from './fastify-options.ts';
import { loggerOptions } from './logger.ts';
import { REQUEST_ID_HEADER, genReqId } from './request-id.ts';
import { captureLogs } from './testing.ts';

describe('the logger choice', () => {
  it('logs through the logger it is given', async () => {
    const logs = captureLogs();
    const app = Fastify(loggingOptions(logs.logger, loggerOptions('info')));
    app.log.info('from the app');
    expect(logs.records()).toContainEqual(expect.objectContaining({ msg: 'from the app' }));
    await app.close();
  });

  it('builds no logger for false, whatever the defaults say', () => {
    expect(loggingOptions(false, loggerOptions('trace'), { batched: true })).toEqual({ logger: false });
  });

  it("builds pino from the app's defaults otherwise, at their level and with their redaction", async () => {
    const defaults = loggerOptions('warn', ['body.client_secret']);
    expect(loggingOptions(undefined, defaults)).toEqual({ logger: defaults });
    const app = Fastify(loggingOptions(undefined, defaults));
    expect(app.log.level).toBe('warn');
    await app.close();
  });

  it('writes the default logger to stdout in batches when asked to', () => {
    const chosen = loggingOptions(undefined, loggerOptions('info'), { batched: true });
    const logger = 'logger' in chosen ? chosen.logger : undefined;
    expect(logger).toMatchObject({
      level: 'info',
      stream: { write: expect.any(Function), flushSync: expect.any(Function) },
    });
  });
});

describe('requests refused before routing', () => {
  async function refused(options?: RejectBeforeRoutingOptions) {
    const logs = captureLogs();
    const app = Fastify({
      loggerInstance: logs.logger,
      genReqId,
      frameworkErrors: rejectBeforeRouting(options),
    });
    app.get('/files/:name', async () => 'never');
    const res = await app.inject({ url: '/files/%ZZ', headers: { [REQUEST_ID_HEADER]: 'trace-7' } });
    await app.close();
    return { res, logs };
  }

  it('are answered 400 { message, code: BAD_REQUEST } with the request id, and logged at info', async () => {
    const { res, logs } = await refused();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request is malformed.', code: 'BAD_REQUEST' });
    expect(res.headers[REQUEST_ID_HEADER]).toBe('trace-7');
    expect(logs.records()).toContainEqual(
      expect.objectContaining({ level: 30, reqId: 'trace-7', msg: 'rejected before routing' }),
    );
  });

  it('are answered with the message as plain text when 400s are written as text', async () => {
    const { res } = await refused({ badRequestAs: 'text' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe('The request is malformed.');
    expect(res.headers[REQUEST_ID_HEADER]).toBe('trace-7');
  });
});
