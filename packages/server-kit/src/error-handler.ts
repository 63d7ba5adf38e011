import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_ERROR_CODES, HttpError } from './http-errors.ts';
import type { CommonErrorCode } from './http-errors.ts';

export const PLAIN_TEXT = 'text/plain; charset=utf-8';

export interface ErrorHandlerOptions {
  /**
   * An app's own error types as HttpErrors, undefined for anything else (the analytics service: a refused query is
   * `400 INVALID_QUERY` with the query layer's message).
   */
  readonly translate?: (error: Error) => HttpError | undefined;
  /**
   * How a 400 is written: `{ message, code }` (the default) or its message as plain text (the portal: spec §8's SPA
   * shows the response text).
   */
  readonly badRequestAs?: 'json' | 'text';
}

/**
 * Answers a 400 as plain text: the message alone.
 *
 * ```ts
 * return badRequestText(reply, 'format must be one of docx, csv, xml, html');
 * ```
 */
export function badRequestText(reply: FastifyReply, message: string): FastifyReply {
  return reply.code(400).type(PLAIN_TEXT).send(message);
}

/**
 * The one error handler, never with a stack: an HttpError is answered as it says; a schema failure is
 * `400 VALIDATION_ERROR`; another 4xx (a body that is not JSON, a wrong content type) keeps Fastify's own, safe,
 * message with the code of its status; anything else is logged with the request id and answered
 * `500 { message: 'Internal server error', code: 'INTERNAL' }`.
 *
 * ```ts
 * registerErrorHandler(app, { badRequestAs: 'text' });
 * ```
 */
export function registerErrorHandler(app: FastifyInstance, options: ErrorHandlerOptions = {}): void {
  const asText = options.badRequestAs === 'text';
  const answer = (reply: FastifyReply, status: number, code: string, message: string, extra = {}) =>
    status === 400 && asText
      ? badRequestText(reply, message)
      : reply.code(status).send({ ...extra, message, code });

  app.setErrorHandler((thrown: FastifyError | HttpError, request, reply) => {
    const error = thrown instanceof HttpError ? thrown : (options.translate?.(thrown) ?? thrown);
    if (error instanceof HttpError) {
      return answer(reply.headers(error.headers), error.statusCode, error.code, error.message, error.extra);
    }
    if (error.validation !== undefined) {
      return answer(reply, 400, 'VALIDATION_ERROR' satisfies CommonErrorCode, error.message);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return answer(reply, status, CLIENT_ERROR_CODES[status] ?? 'BAD_REQUEST', error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .send({ message: 'Internal server error', code: 'INTERNAL' satisfies CommonErrorCode });
  });
}

/**
 * The answer to a path no route matches: `404 { message: 'No route GET /path', code: 'NOT_FOUND' }`, naming the
 * method and the path without its query string (a query can carry a token or a login hint).
 *
 * ```ts
 * app.setNotFoundHandler((request, reply) => (wantsPage(request) ? serveIndex(reply) : answerNotFound(request, reply)));
 * ```
 */
export function answerNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?', 1)[0] ?? '/';
  return reply
    .code(404)
    .send({ message: `No route ${request.method} ${path}`, code: 'NOT_FOUND' satisfies CommonErrorCode });
}

/** Answers every unknown path with `answerNotFound`. */
export function registerNotFoundHandler(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => answerNotFound(request, reply));
}
