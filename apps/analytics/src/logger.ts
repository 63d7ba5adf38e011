import { loggerOptions as sharedLoggerOptions } from '@portico/server-kit';
import type { LoggerOptions } from 'pino';
import type { AnalyticsConfig } from './config.ts';

/** pino options: server-kit's (JSON at LOG_LEVEL, bearer tokens and cookies redacted), plus token-request bodies. */
export function loggerOptions(config: Pick<AnalyticsConfig, 'logLevel'>): LoggerOptions {
  return sharedLoggerOptions(config.logLevel, ['body.client_secret']);
}
