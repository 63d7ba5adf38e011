import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Fastify's request logging, one line per request instead of two: nothing when a request arrives, and on completion
 * one structured line at info (error when the answer failed) with the method, URL, status and time taken, beside the
 * `reqId` binding every request's lines carry. Every other line Fastify writes (error-handler logs, stream errors,
 * refusals while closing) is unchanged. Pass as Fastify's `logController`.
 *
 * The fields are top-level rather than Fastify's `req`/`res` objects: pino runs its redaction (of `req.headers…` and
 * `res.headers…`) on every line holding a `req` or `res`, and this line, written for every request, holds no header.
 *
 * `{"level":30,"reqId":"…","method":"GET","url":"/healthz","statusCode":200,"responseTime":0.4,"msg":"request completed"}`
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {
    // Logged with the outcome, in requestCompleted.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
