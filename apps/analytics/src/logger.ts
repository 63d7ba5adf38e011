import type { LoggerOptions } from 'pino';
import type { AnalyticsConfig } from './config.ts';

/** Never log credentials: bearer tokens, Basic client secrets, and token-request bodies. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'body.client_secret',
];

/** pino options: structured JSON at LOG_LEVEL, credentials redacted; Fastify adds `reqId` to every request's lines. */
export function loggerOptions(config: Pick<AnalyticsConfig, 'logLevel'>): LoggerOptions {
  return { level: config.logLevel, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
}
