import type { LoggerOptions } from 'pino';

/** Never log credentials: bearer tokens and cookies, in either direction, wherever pino meets them. */
export const REDACTED_PATHS: readonly string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
];

/**
 * pino options for a Portico server: structured JSON at `level`, credentials redacted (`REDACTED_PATHS` and the
 * app's own `alsoRedact`). Fastify adds a `reqId` binding to every request's lines.
 *
 * ```ts
 * Fastify({ logger: loggerOptions(config.logLevel, ['body.client_secret']) });
 * ```
 */
export function loggerOptions(level: string, alsoRedact: readonly string[] = []): LoggerOptions {
  return { level, redact: { paths: [...REDACTED_PATHS, ...alsoRedact], censor: '[redacted]' } };
}
