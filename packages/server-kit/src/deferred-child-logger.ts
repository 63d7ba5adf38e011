import type { FastifyBaseLogger } from 'fastify';
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

  /** `makeChild` is the parent's own way of making a child (pino's `child`), called with the parent as `this`. */
  constructor(
    readonly parent: FastifyBaseLogger,
    readonly bindings: Bindings,
    readonly options: ChildLoggerOptions,
    private readonly makeChild: MakeChild = parent.child,
  ) {}

  /** The pino child, made on first use. */
  logger(): FastifyBaseLogger {
    this.#child ??= this.makeChild.call(this.parent, this.bindings, this.options);
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

type MakeChild = (
  this: FastifyBaseLogger,
  bindings: Bindings,
  options?: ChildLoggerOptions,
) => FastifyBaseLogger;

/**
 * Makes `logger` (a pino logger, changed in place) and every child made from it answer `child()` with a
 * `DeferredChildLogger`, so the child Fastify makes for each request is made for real only when used. In place rather
 * than as Fastify's `childLoggerFactory`: Fastify checks every logger a custom factory returns, on every request,
 * which costs about what deferring saves; with the default factory it just calls `logger.child`.
 *
 * ```ts
 * const app = Fastify({ logger: loggerOptions('info') });
 * deferChildren(app.log);
 * ```
 */
export function deferChildren<L extends FastifyBaseLogger>(logger: L): L {
  const makeChild: MakeChild = logger.child;
  if ((makeChild as { deferring?: true }).deferring) return logger;
  const child = Object.assign(
    function deferredChild(this: FastifyBaseLogger, bindings: Bindings, options?: ChildLoggerOptions) {
      return new DeferredChildLogger(this, bindings, options ?? {}, makeChild);
    },
    { deferring: true as const },
  );
  Object.defineProperty(logger, 'child', { value: child, configurable: true, writable: true });
  return logger;
}
