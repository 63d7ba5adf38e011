import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../http-errors.ts';
import type { ErrorCode } from '../http-errors.ts';

const CLIENT_ERROR_CODES: Readonly<Record<number, ErrorCode>> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/**
 * The one error handler: every failure is answered `{ message, code }`, never with a stack. Bad input is a 4xx with
 * Fastify's own (safe) message; anything unexpected is logged with the request id and answered 500 INTERNAL.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ message: error.message, code: error.code });
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
}
