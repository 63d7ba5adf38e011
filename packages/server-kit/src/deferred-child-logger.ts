import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

/**
 * A request's logger that makes its pino child only when something logs through it. Fastify gives every request a
 * child logger carrying the request id (`reqId`); making one (pino's `child`: its bindings serialized, a new logger
 * object) is about as costly as writing a line, and most requests write nothing but their completion line, which
 * can be written through the parent with the bindings spelled out (`parentWhileUnmade`), the same bytes. Anything else (`info`, `error`, `child`…) makes the
 * child once and goes through it, so every line of the request still carries its id.
 */
export class DeferredChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    readonly parent: FastifyBaseLogger,
    readonly bindings: Bindings,
    readonly options: ChildLoggerOptions,
  ) {}

  /** The pino child, made on first use. */
  logger(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  /**
   * The parent, while a line written through it with the bindings as its first fields would be what the child
   * writes: the child is not made yet and no level of its own is asked for. Otherwise undefined: log through this.
   *
   * ```ts
   * const parent = log.parentWhileUnmade();
   * if (parent) parent.info({ reqId: request.id, statusCode }, 'request completed'); // the bindings, written out
   * else log.info({ statusCode }, 'request completed');
   * ```
   */
  parentWhileUnmade(): FastifyBaseLogger | undefined {
    return this.#child === undefined && this.options.level === undefined ? this.parent : undefined;
  }

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  fatal(...args: unknown[]): void {
    const child = this.logger();
    Reflect.apply(child.fatal, child, args);
  }

  error(...args: unknown[]): void {
    const child = this.logger();
    Reflect.apply(child.error, child, args);
  }

  warn(...args: unknown[]): void {
    const child = this.logger();
    Reflect.apply(child.warn, child, args);
  }

  info(...args: unknown[]): void {
    const child = this.logger();
    Reflect.apply(child.info, child, args);
  }

  debug(...args: unknown[]): void {
    const child = this.logger();
    Reflect.apply(child.debug, child, args);
  }

  trace(...args: unknown[]): void {
    const child = this.logger();
    Reflect.apply(child.trace, child, args);
  }

  silent(...args: unknown[]): void {
    const child = this.logger();
    Reflect.apply(child.silent, child, args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: each request's logger is a `DeferredChildLogger`.
 *
 * ```ts
 * Fastify({ logger, childLoggerFactory: deferredChildLogger });
 * ```
 */
export const deferredChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new DeferredChildLogger(logger, bindings, options);
