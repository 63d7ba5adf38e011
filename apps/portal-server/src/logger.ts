import { loggerOptions as sharedLoggerOptions } from '@portico/server-kit';
import type { LoggerOptions } from 'pino';
import type { PortalConfig } from './config.ts';

/** pino options for the portal server: server-kit's (JSON at LOG_LEVEL, bearer tokens and cookies redacted). */
export function loggerOptions(config: Pick<PortalConfig, 'logLevel'>): LoggerOptions {
  return sharedLoggerOptions(config.logLevel);
}
