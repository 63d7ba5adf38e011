import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { HttpError } from '../http-errors.ts';
import type { ErrorCode } from '../http-errors.ts';

const CLIENT_ERROR_CODES: Readonly<Record<number, ErrorCode>> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

const PLAIN_TEXT = 'text/plain; charset=utf-8';

/**
 * Answers a 400 as the SPA expects it (spec §8: "an error carrying the response text"): the message as plain text.
 *
 * ```ts
 * return badRequest(reply, 'format must be one of docx, csv, xml, html');
 * ```
 */
export function badRequest(reply: FastifyReply, message: string): FastifyReply {
  return reply.code(400).type(PLAIN_TEXT).send(message);
}

/**
 * The one error handler, never with a stack: 400 answers a plain-text message (the SPA shows the response text);
 * every other failure `{ message, code }`. Bad input is a 4xx with Fastify's own (safe) message; anything unexpected
 * is logged with the request id and answered 500 INTERNAL.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode === 400) return badRequest(reply.headers(error.headers), error.message);
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ message: error.message, code: error.code });
    }
    if (error.validation !== undefined) {
      return badRequest(reply, error.message);
    }
    const status = error.statusCode ?? 500;
    if (status === 400) return badRequest(reply, error.message);
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ message: error.message, code: CLIENT_ERROR_CODES[status] ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal server error', code: 'INTERNAL' satisfies ErrorCode });
  });
}
