import {
  HttpError,
  registerErrorHandler as registerSharedErrorHandler,
  registerNotFoundHandler,
} from '@portico/server-kit';
import type { FastifyInstance } from 'fastify';
import type { ErrorCode } from '../http-errors.ts';
import { EngineUnavailableError } from '../data/engine.ts';
import { QueryError } from '@portico/analytics-model';

/** Seconds a client should wait before retrying a query the engine could not answer. */
export const ENGINE_RETRY_AFTER_SECONDS = 5;

/**
 * The service's own errors as the HttpError they are answered with (undefined for any other): a refused query is 400
 * INVALID_QUERY, an unreachable engine 503 ENGINE_UNAVAILABLE. The batch route answers its items' failures with it.
 */
export function translateError(error: Error): HttpError<ErrorCode> | undefined {
  if (error instanceof QueryError) return new HttpError<ErrorCode>(400, 'INVALID_QUERY', error.message);
  if (error instanceof EngineUnavailableError) {
    return new HttpError<ErrorCode>(
      503,
      'ENGINE_UNAVAILABLE',
      `The analytics data source (${error.source}) cannot be reached at the moment; try again shortly.`,
      { 'retry-after': String(ENGINE_RETRY_AFTER_SECONDS) },
      { source: error.source },
    );
  }
  return undefined;
}

/**
 * server-kit's error handler: every failure is answered `{ message, code }`, never with a stack. Refused queries are
 * 400 INVALID_QUERY with the query layer's message; bad input is a 4xx with Fastify's message; anything unexpected
 * is logged with the request id and answered 500 INTERNAL. An unreachable engine is 503 ENGINE_UNAVAILABLE with
 * `Retry-After` and the source's name (`{ message, code, source: 'clickhouse' }`): the frame shows it as retryable. Unknown paths are 404 NOT_FOUND naming the path.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  registerSharedErrorHandler(app, { translate: translateError });

  registerNotFoundHandler(app);
}
