import { LogController } from 'fastify';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';

type Bindings = Record<string, unknown>;
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * A request's logger (Fastify's `request.log`, `reply.log`), made only when something logs through it: pino builds a
 * child logger for every request (its bindings serialized, its prototype chain set up), and most requests log nothing
 * but the completion line, which `infoWithBindings` writes through the parent with the same fields.
 */
export class LazyRequestLogger implements FastifyBaseLogger {
  #logger: FastifyBaseLogger | undefined;

  constructor(
    readonly parent: FastifyBaseLogger,
    readonly bindings: Bindings,
    readonly options: ChildOptions,
  ) {}

  /** The child logger, made on first use. */
  get logger(): FastifyBaseLogger {
    this.#logger ??= this.parent.child(this.bindings, this.options);
    return this.#logger;
  }

  get level(): string {
    return this.#logger?.level ?? this.options?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#log('error', args);
  }
  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }
  info(...args: unknown[]): void {
    this.#log('info', args);
  }
  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }

  /**
   * `info(fields, message)` with this request's bindings: through the parent when no child exists and the route sets
   * neither a level nor serializers of its own (the same JSON line: bindings first, then the fields), else the child.
   */
  infoWithBindings(fields: Bindings, message: string): void {
    if (
      this.#logger === undefined &&
      this.options?.level === undefined &&
      this.options?.serializers === undefined
    )
      this.parent.info({ ...this.bindings, ...fields }, message);
    else this.logger.info(fields, message);
  }

  #log(method: LogMethod, args: unknown[]): void {
    (this.logger[method] as (...a: unknown[]) => void)(...args);
  }
}

/** Fastify's `childLoggerFactory`: a `LazyRequestLogger` per request. */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options);
}

/**
 * Fastify's request logging, one line per request instead of two: nothing when a request arrives, and on completion
 * one structured line at info (error when the answer failed) with the method, URL, status and time taken, beside the
 * `reqId` binding every request's lines carry. Every other line Fastify writes (error-handler logs, stream errors,
 * refusals while closing) is unchanged. Pass as Fastify's `logController`, with `lazyRequestLogger` as its
 * `childLoggerFactory` so that a request that logs nothing else costs no child logger.
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
    const log = reply.log;
    if (error) log.error({ ...line, err: error }, 'request errored');
    else if (log instanceof LazyRequestLogger) log.infoWithBindings(line, 'request completed');
    else log.info(line, 'request completed');
  }
}
