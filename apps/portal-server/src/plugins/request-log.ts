import { DeferredChildLogger, requestLineWriter } from '@portico/server-kit';
import type { RequestLineWriter } from '@portico/server-kit';
import { LogController } from 'fastify';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';

const COMPLETED = 'request completed';

/**
 * An installer access key in a query string (spec §7: `?accessKey=…`) or a download link's `?token=…`: both are
 * credentials.
 */
const ACCESS_KEY_VALUE = /([?&](?:accessKey|token)=)[^&#]*/g;

/** The URL as logged: an access key's or link token's value replaced by `[redacted]` (a plain URL as it is). */
export const loggedUrl = (url: string): string =>
  url.includes('accessKey=') || url.includes('token=') ? url.replace(ACCESS_KEY_VALUE, '$1[redacted]') : url;

/**
 * Fastify's request logging, one line per request instead of two: nothing when a request arrives, and on completion
 * one structured line at debug (error when the answer failed) with the method, URL, status and time taken, beside the
 * `reqId` binding every request's lines carry. Every other line Fastify writes (error-handler logs, stream errors,
 * refusals while closing) is unchanged. Pass as Fastify's `logController`.
 *
 * The fields are top-level rather than Fastify's `req`/`res` objects: pino runs its redaction (of `req.headers…` and
 * `res.headers…`) on every line holding a `req` or `res`, and this line, written for every request, holds no header.
 * With server-kit's `deferChildren` on the app's logger (and Fastify's default `reqId` label) the line
 * goes through the parent logger with the request id written out, so a request that logs nothing else never makes a
 * pino child, and is written by server-kit's `requestLineWriter` (pino's own line for these fields, learned once and
 * filled in) rather than pino's general path; the bytes are the same (but for a lone surrogate, escaped).
 *
 * The line is at debug so that the console of `npm start` (LOG_LEVEL info) shows starts, warnings and errors rather
 * than every static file; LOG_LEVEL=debug shows them. A server error is logged at error by the error handler.
 *
 * `{"level":20,"reqId":"…","method":"GET","url":"/healthz","statusCode":200,"responseTime":0.4,"msg":"request completed"}`
 */
export class OneLineRequestLog extends LogController {
  /** server-kit's fast writer of the completion line for the last parent logger seen (in practice, the only one). */
  #lines: { logger: FastifyBaseLogger; write: RequestLineWriter | undefined } | undefined;

  override incomingRequest(): void {
    // Logged with the outcome, in requestCompleted.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const log = reply.log;
    const parent =
      error || this.requestIdLogLabel !== 'reqId' || !(log instanceof DeferredChildLogger)
        ? undefined
        : log.parentWhileUnmade();
    if (parent !== undefined) {
      if (this.#lines?.logger !== parent)
        this.#lines = { logger: parent, write: requestLineWriter(parent, COMPLETED, 'debug') };
      if (this.#lines.write !== undefined) {
        this.#lines.write(
          request.id,
          request.method,
          loggedUrl(request.url),
          reply.statusCode,
          reply.elapsedTime,
        );
        return;
      }
      // An object literal with the binding first: what the child would write.
      parent.debug(
        {
          reqId: request.id,
          method: request.method,
          url: loggedUrl(request.url),
          statusCode: reply.statusCode,
          responseTime: reply.elapsedTime,
        },
        COMPLETED,
      );
      return;
    }
    const line = {
      method: request.method,
      url: loggedUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) log.error({ ...line, err: error }, 'request errored');
    else log.debug(line, COMPLETED);
  }
}
