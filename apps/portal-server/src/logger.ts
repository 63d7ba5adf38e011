import type { LoggerOptions } from 'pino';
import type { PortalConfig } from './config.ts';

/** Never log credentials: bearer tokens and session cookies, in either direction. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
];

/**
 * pino options for the portal server: structured JSON at the configured level, credentials redacted. Fastify adds a
 * `reqId` binding to every request's log lines.
 */
export function loggerOptions(config: Pick<PortalConfig, 'logLevel'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
}
