/** Where a `BatchedDestination` hands its batches: pino's `pino.destination({ sync: true })` in production. */
export interface LineSink {
  write(chunk: string): unknown;
}

/** A pino destination that also flushes on demand (`flushSync`), as pino expects of one it may flush at exit. */
export interface BatchedDestination {
  write(line: string): boolean;
  /** Hands what is pending to the sink now. */
  flushSync(): void;
  /** The same, then calls back: what `logger.flush(callback)` uses. */
  flush(callback?: (error?: Error) => void): void;
}

/**
 * Log lines gathered during one turn of the event loop and handed to `sink` as one chunk when the turn ends
 * (`setImmediate`): a server answering many requests per turn makes one write per turn instead of one per line, and
 * a line waits no longer than the turn that wrote it. pino's asynchronous destination batches too, but costs a
 * thread-pool hop per write and recounts the bytes of everything it holds on every line. What is pending when the
 * process exits is written then.
 *
 * ```ts
 * Fastify({ logger: { level: 'info', stream: batchedDestination(pino.destination({ dest: 1, sync: true })) } });
 * ```
 */
export function batchedDestination(
  sink: LineSink,
  process: { once(event: 'exit', listener: () => void): unknown } = globalThis.process,
): BatchedDestination {
  let pending: string[] = [];
  let scheduled = false;
  const flushSync = (): void => {
    scheduled = false;
    if (pending.length === 0) return;
    const chunk = pending.join('');
    pending = [];
    sink.write(chunk);
  };
  process.once('exit', flushSync);
  return {
    write(line) {
      pending.push(line);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flushSync);
      }
      return true;
    },
    flushSync,
    flush(callback) {
      flushSync();
      callback?.();
    },
  };
}
