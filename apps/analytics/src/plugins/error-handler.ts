import {
  HttpError,
  registerErrorHandler as registerSharedErrorHandler,
  registerNotFoundHandler,
} from '@portico/server-kit';
import type { FastifyInstance } from 'fastify';
import type { ErrorCode } from '../http-errors.ts';
import { QueryError } from '@portico/analytics-model';

/**
 * server-kit's error handler: every failure is answered `{ message, code }`, never with a stack. Refused queries are
 * 400 INVALID_QUERY with the query layer's message; bad input is a 4xx with Fastify's message; anything unexpected
 * is logged with the request id and answered 500 INTERNAL. Unknown paths are 404 NOT_FOUND naming the path.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  registerSharedErrorHandler(app, {
    translate: (error) =>
      error instanceof QueryError ? new HttpError<ErrorCode>(400, 'INVALID_QUERY', error.message) : undefined,
  });

  registerNotFoundHandler(app);
}
