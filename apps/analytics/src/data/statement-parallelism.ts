/**
 * DuckDB's threads per statement, set by the load on the engine's connections.
 *
 * DuckDB runs a statement on the thread that asked for it (a libuv thread, for the node driver) and hands parts of it
 * to its worker threads (`threads` − 1 of them). That speeds up a lone statement, but under load every core is already
 * running a statement of its own, and the hand-off then costs CPU instead of saving time: at 100 viewers the same
 * statements cost DuckDB 22.5 ms of CPU a page beside the service's HTTP work against 18.1 alone, and 20.3 against
 * 20.4 with one thread per statement (bench/RESULTS.md, session 13). So while statements queue for a connection, each
 * runs on its own thread (`SET threads = 1`); once the queue has stayed empty for `settleMs`, DuckDB gets its threads
 * back for the next lone viewer's page.
 *
 * `threads` is one setting of the whole instance; DuckDB stops or starts its workers between tasks, and a statement
 * running through a change keeps going on whatever threads remain. Loads and a data folder's imports run on instances
 * of their own, with every thread.
 */

/** How the parallelism is applied: `SET threads = n` on the instance (a connection of its own, in practice). */
export type ApplyThreads = (threads: number) => Promise<void>;

export interface StatementParallelismOptions {
  /** DuckDB's threads when the engine is not saturated (ANALYTICS_DUCKDB_THREADS). */
  readonly threads: number;
  /** Connections of the pool: the statements that can run at once. */
  readonly connections: number;
  readonly apply: ApplyThreads;
  /** How long the queue stays empty before DuckDB gets its threads back, ms (default 1000). */
  readonly settleMs?: number;
  /** Called when applying a setting failed (the engine keeps working at whatever setting it had). */
  readonly onError?: (error: unknown) => void;
  /** Keeps `threads` whatever the load: DuckDB as a plain application runs it (a benchmark's baseline). */
  readonly fixed?: boolean;
}

export class StatementParallelism {
  /** The setting asked for last, and the one DuckDB has. */
  private wanted: number;
  private applied: number;
  private settling: NodeJS.Timeout | undefined;
  private applying: Promise<void> = Promise.resolve();
  private stopped = false;
  /** False where there is nothing to adapt (one thread, or fewer connections than threads to keep them busy). */
  readonly adaptive: boolean;

  constructor(private readonly options: StatementParallelismOptions) {
    this.wanted = options.threads;
    this.applied = options.threads;
    this.adaptive = options.fixed !== true && options.threads > 1 && options.connections >= options.threads;
  }

  /** DuckDB's threads now (the last setting applied). */
  get threads(): number {
    return this.applied;
  }

  /** A statement waits for a connection: every connection is running one, so each keeps to its own thread. */
  saturated(): void {
    if (!this.adaptive || this.stopped) return;
    clearTimeout(this.settling);
    this.settling = undefined;
    this.set(1);
  }

  /** A connection was released with no statement waiting: DuckDB gets its threads back if the queue stays empty. */
  drained(): void {
    if (!this.adaptive || this.stopped || this.wanted === this.options.threads || this.settling !== undefined)
      return;
    this.settling = setTimeout(() => {
      this.settling = undefined;
      this.set(this.options.threads);
    }, this.options.settleMs ?? 1000);
    this.settling.unref();
  }

  /** Resolves once the settings asked for so far are applied. */
  settled(): Promise<void> {
    return this.applying;
  }

  /** No change is asked for after this (the engine is closing); one being applied finishes. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.settling);
    this.settling = undefined;
  }

  private set(threads: number): void {
    if (this.wanted === threads) return;
    this.wanted = threads;
    // One change at a time, and only the latest wish is applied.
    this.applying = this.applying.then(async () => {
      const next = this.wanted;
      if (next === this.applied) return;
      try {
        await this.options.apply(next);
        this.applied = next;
      } catch (error) {
        // The next change of load asks again.
        if (this.wanted === next) this.wanted = this.applied;
        this.options.onError?.(error);
      }
    });
  }
}
