import type {
  FastifyBaseLogger,
  FastifyError,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { pino } from 'pino';
import type { LoggerOptions } from 'pino';
import { PLAIN_TEXT } from './error-handler.ts';
import { REQUEST_ID_HEADER } from './request-id.ts';

/** What an app's `buildApp({ logger })` takes: a pino logger to use, `false` for none, `undefined` for its default. */
export type LoggerChoice = FastifyBaseLogger | false | undefined;

export interface LoggingOptions {
  /**
   * Write the default logger's lines to stdout asynchronously (`pino.destination({ sync: false })`): under load a line
   * waits for the previous write instead of blocking on a syscall of its own, so lines are batched; pino flushes what
   * is left when the process exits. Default false (one synchronous write per line, pino's default).
   */
  readonly asynchronous?: boolean;
}

/**
 * The Fastify options for an app's logger choice: the given logger as it is, no logger for `false`, otherwise pino
 * with `defaults` (which the app builds with `loggerOptions`). The stdout destination is only opened for the default.
 *
 * ```ts
 * Fastify({ ...loggingOptions(options.logger, loggerOptions(config.logLevel), { asynchronous: true }), genReqId });
 * ```
 */
export function loggingOptions(
  choice: LoggerChoice,
  defaults: LoggerOptions,
  options: LoggingOptions = {},
): Pick<FastifyServerOptions, 'logger'> | { loggerInstance: FastifyBaseLogger } {
  if (choice === false) return { logger: false };
  if (choice !== undefined) return { loggerInstance: choice };
  if (options.asynchronous !== true) return { logger: defaults };
  return { logger: { ...defaults, stream: pino.destination({ dest: 1, sync: false }) } };
}

export interface RejectBeforeRoutingOptions {
  /** `{ message, code: 'BAD_REQUEST' }` (the default) or the message as plain text, as `registerErrorHandler`'s. */
  readonly badRequestAs?: 'json' | 'text';
}

const MALFORMED = 'The request is malformed.';

/**
 * Fastify's `frameworkErrors`: what Fastify refuses before routing (a URL that is not valid percent-encoding) is
 * answered 400 in the app's error shape, with the request id (no onRequest hook has run to echo it), and logged at
 * info as `rejected before routing`.
 *
 * ```ts
 * Fastify({ genReqId, frameworkErrors: rejectBeforeRouting({ badRequestAs: 'text' }) });
 * ```
 */
export function rejectBeforeRouting(
  options: RejectBeforeRoutingOptions = {},
): NonNullable<FastifyServerOptions['frameworkErrors']> {
  const asText = options.badRequestAs === 'text';
  const answer = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    request.log.info({ err: error }, 'rejected before routing');
    reply.code(400).header(REQUEST_ID_HEADER, request.id);
    if (asText) void reply.type(PLAIN_TEXT).send(MALFORMED);
    else void reply.send({ message: MALFORMED, code: 'BAD_REQUEST' });
  };
  // Fastify types the option as generic in the route's types; before routing there are none.
  return (error, request, reply) => answer(error, request, reply);
}
