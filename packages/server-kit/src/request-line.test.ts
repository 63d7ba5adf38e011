import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { LoggerOptions } from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger.ts';
import { requestLineWriter } from './request-line.ts';

function capture(options: LoggerOptions) {
  const lines: string[] = [];
  const logger = pino(options, { write: (line: string) => lines.push(line) });
  return { logger, lines };
}

// Fixed time, so the fast line and pino's can be compared byte for byte.
const fixedTime = { timestamp: () => ',"time":1700000000000' };

describe('the request line writer', () => {
  it.each([
    ['the servers’ options', loggerOptions('info')],
    [
      'no time, a message key of its own, no base bindings',
      { timestamp: false, messageKey: 'message', base: null },
    ],
    ['level labels', { formatters: { level: (label: string) => ({ level: label }) } }],
  ])('writes what pino writes for the same fields, with %s', (_name, options: LoggerOptions) => {
    const { logger, lines } = capture({ ...fixedTime, ...options });
    const child = logger.child({ service: 'portal' });
    const write = requestLineWriter(child, 'request completed');
    expect(write).toBeDefined();
    const values = [
      ['abc-1', 'GET', '/a?q="quoted"\\\n\u0001\u2028é'],
      ['q3Xv9bL0aT_w-1k2', 'POST', "/api/x?a=1&b=<b>%20'c'~{}[]|^`"],
      ['edge:7.x', 'GET', '/ünïcode/\ud83d\ude00/'],
    ] as const;
    for (const [reqId, method, url] of values) {
      write?.(reqId, method, url, 404, 1.2345678);
      child.info({ reqId, method, url, statusCode: 404, responseTime: 1.2345678 }, 'request completed');
    }
    expect(lines).toHaveLength(6);
    for (let i = 0; i < 6; i += 2) expect(lines[i]).toBe(lines[i + 1]);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      url: values[0][2],
      service: 'portal',
      statusCode: 404,
    });
  });

  it('escapes a lone surrogate as JSON.stringify does (pino writes it raw), so the line reads back the same', () => {
    const { logger, lines } = capture(fixedTime);
    requestLineWriter(logger, 'request completed')?.('id', 'GET', '/broken/\ud800', 200, 1);
    logger.info(
      { reqId: 'id', method: 'GET', url: '/broken/\ud800', statusCode: 200, responseTime: 1 },
      'request completed',
    );
    expect(lines[0]).toContain('"/broken/\\ud800"');
    expect(JSON.parse(lines[0] ?? '')).toEqual(JSON.parse(lines[1] ?? ''));
  });

  it('writes the line at debug when asked, and nothing while the logger is at info', () => {
    const { logger, lines } = capture({ level: 'info' });
    const write = requestLineWriter(logger, 'request completed', 'debug');
    write?.('a', 'GET', '/', 200, 1);
    logger.level = 'debug';
    write?.('b', 'GET', '/', 200, 1);
    logger.debug(
      { reqId: 'b', method: 'GET', url: '/', statusCode: 200, responseTime: 1 },
      'request completed',
    );
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0] ?? '')).toEqual({ ...JSON.parse(lines[1] ?? ''), time: expect.any(Number) });
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ level: 20, reqId: 'b' });
  });

  it('writes nothing when info is off, and again when it is back on', () => {
    const { logger, lines } = capture({ level: 'warn' });
    const write = requestLineWriter(logger, 'request completed');
    write?.('a', 'GET', '/', 200, 1);
    logger.level = 'info';
    write?.('b', 'GET', '/', 200, 1);
    expect(lines.map((line) => (JSON.parse(line) as { reqId: string }).reqId)).toEqual(['b']);
  });

  it.each([
    ['a mixin', { mixin: () => ({ at: Date.now() }) }],
    [
      'a log formatter',
      { formatters: { log: (object: Record<string, unknown>) => ({ ...object, extra: 1 }) } },
    ],
    ['a serializer of one of its fields', { serializers: { url: (url: string) => url.split('?')[0] } }],
    ['a redacted field', { redact: ['url'] }],
    [
      'a log-method hook',
      { hooks: { logMethod: (args: unknown[], method: (...a: unknown[]) => void) => method(...args) } },
    ],
    ['a message prefix', { msgPrefix: '[portal] ' }],
  ])('declines a logger with %s, whose lines it could not reproduce', (_name, options) => {
    expect(requestLineWriter(capture(options as LoggerOptions).logger, 'request completed')).toBeUndefined();
  });

  it('declines a message with format characters, and a logger that is not pino', () => {
    expect(requestLineWriter(capture({}).logger, 'done in %d ms')).toBeUndefined();
    const noop = () => undefined;
    const notPino: FastifyBaseLogger = {
      ...{ info: noop, error: noop, warn: noop, debug: noop, fatal: noop, trace: noop, silent: noop },
      level: 'info',
      child: () => notPino,
    };
    expect(requestLineWriter(notPino, 'request completed')).toBeUndefined();
  });
});
