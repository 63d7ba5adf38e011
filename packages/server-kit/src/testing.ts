import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { LoggerOptions } from 'pino';

/** What a test sees of a captured log: the raw text and each line parsed. */
export interface CapturedLogs {
  readonly logger: FastifyBaseLogger;
  text(): string;
  records(): Record<string, unknown>[];
}

/**
 * A pino logger (info, unless `options` say otherwise) that keeps what it writes, for tests of what a server logs.
 *
 * ```ts
 * const logs = captureLogs(loggerOptions('trace'));
 * const app = Fastify({ loggerInstance: logs.logger });
 * expect(logs.records()).toContainEqual(expect.objectContaining({ msg: 'request failed' }));
 * ```
 */
export function captureLogs(options: LoggerOptions = { level: 'info' }): CapturedLogs {
  const lines: string[] = [];
  const logger = pino(
    options,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  );
  return {
    logger,
    text: () => lines.join(''),
    records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
