import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Fastify's request lines (on arrival and on completion) at debug instead of info, so that a server's console at
 * the default level shows what a person needs (starts, warnings, errors) rather than a line per static file or
 * query; LOG_LEVEL=debug shows them again. A request that failed (the answer could not be sent) is still logged at
 * error. Pass as Fastify's `logController`.
 *
 * ```ts
 * Fastify({ logger: loggerOptions('info'), logController: new DebugRequestLog() });
 * ```
 */
export class DebugRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    _request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error)
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
