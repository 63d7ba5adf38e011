import type {
  FastifyBaseLogger,
  FastifyError,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { pino } from 'pino';
import type { LoggerOptions } from 'pino';
import { batchedDestination } from './batched-destination.ts';
import { PLAIN_TEXT } from './error-handler.ts';
import { REQUEST_ID_HEADER } from './request-id.ts';

/** What an app's `buildApp({ logger })` takes: a pino logger to use, `false` for none, `undefined` for its default. */
export type LoggerChoice = FastifyBaseLogger | false | undefined;

export interface LoggingOptions {
  /**
   * Gather the default logger's lines over a turn of the event loop and write them to stdout together
   * (`batchedDestination`): under load one write per turn instead of one per line. Default false: pino's own
   * stdout destination, one synchronous write per line.
   */
  readonly batched?: boolean;
}

/**
 * The Fastify options for an app's logger choice: the given logger as it is, no logger for `false`, otherwise pino
 * with `defaults` (which the app builds with `loggerOptions`). The stdout destination is only opened for the default.
 *
 * ```ts
 * Fastify({ ...loggingOptions(options.logger, loggerOptions(config.logLevel), { batched: true }), genReqId });
 * ```
 */
export function loggingOptions(
  choice: LoggerChoice,
  defaults: LoggerOptions,
  options: LoggingOptions = {},
): Pick<FastifyServerOptions, 'logger'> | { loggerInstance: FastifyBaseLogger } {
  if (choice === false) return { logger: false };
  if (choice !== undefined) return { loggerInstance: choice };
  if (options.batched !== true) return { logger: defaults };
  return { logger: { ...defaults, stream: batchedDestination(pino.destination({ dest: 1, sync: true })) } };
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
