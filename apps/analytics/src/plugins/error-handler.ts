import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../http-errors.ts';
import type { ErrorCode } from '../http-errors.ts';
import { QueryError } from '../query/errors.ts';

const CLIENT_ERROR_CODES: Readonly<Record<number, ErrorCode>> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/**
 * The one error handler: every failure is answered `{ message, code }`, never with a stack. Refused queries are
 * 400 INVALID_QUERY with the query layer's message; bad input is a 4xx with Fastify's message; anything unexpected
 * is logged with the request id and answered 500 INTERNAL.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | QueryError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ ...error.extra, message: error.message, code: error.code });
    }
    if (error instanceof QueryError) {
      return reply.code(400).send({ message: error.message, code: 'INVALID_QUERY' satisfies ErrorCode });
    }
    if (error.validation !== undefined) {
      return reply.code(400).send({ message: error.message, code: 'VALIDATION_ERROR' satisfies ErrorCode });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ message: error.message, code: CLIENT_ERROR_CODES[status] ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal server error', code: 'INTERNAL' satisfies ErrorCode });
  });

  app.setNotFoundHandler((request, reply) => {
    void reply
      .code(404)
      .send({ message: `No route ${request.method} ${request.url.split('?')[0] ?? ''}`, code: 'NOT_FOUND' });
  });
}
