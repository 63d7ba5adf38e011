/**
 * Native memory that only a major garbage collection returns: DuckDB's node driver frees a result's data chunks (about
 * 35 KB each, however few their rows) only in the finalizers of their JS objects, and V8 does not count that memory
 * when it decides to collect. Under load those objects outlive a few young-generation collections and are promoted,
 * so their memory waits for the next major collection, which V8 times by its own heap alone: under 100 viewers the
 * heap's old space grew from 30 to 125 MB in 30 s before its first major collection while the process grew from
 * 300 to 800 MB, then fell back to 370 MB in one collection (README "Memory").
 *
 * The watch asks V8 for a major collection when the resident memory has grown by `growthMb` since the lowest it was
 * seen after the last one: the native memory is bounded by what a few seconds of queries hold, not by V8's heap
 * growth. Growth that a collection does not return (DuckDB's buffer pool filling, a bigger working set) raises the
 * floor it is measured from, so it costs one collection per `growthMb`, not one per check.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** What the watch decides at each check. */
export type GrowthDecision = 'collect' | 'wait';

/**
 * The watch's rule, without clocks or processes: feed it the resident bytes at each check; it answers `collect` when
 * they exceed the floor by `growthBytes`. The first check after a collection sets the floor afresh (what the
 * collection returned shows by then).
 */
export function growthRule(growthBytes: number): { check(residentBytes: number): GrowthDecision } {
  let floor = Number.POSITIVE_INFINITY;
  let settling = false;
  return {
    check(residentBytes) {
      if (settling) {
        settling = false;
        floor = residentBytes;
        return 'wait';
      }
      floor = Math.min(floor, residentBytes);
      if (residentBytes - floor < growthBytes) return 'wait';
      settling = true;
      return 'collect';
    },
  };
}

type Collector = (options: { type: 'major'; execution: 'async' }) => unknown;

/**
 * V8's `gc()`: the one of `node --expose-gc`, else exposed now (a fresh context's global has it once the flag is set);
 * undefined where neither works (a runtime that refuses the flag after start), and the watch is then off.
 */
function garbageCollector(): Collector | undefined {
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === 'function') return exposed as Collector;
  try {
    setFlagsFromString('--expose-gc');
    const fresh: unknown = runInNewContext('gc');
    return typeof fresh === 'function' ? (fresh as Collector) : undefined;
  } catch {
    return undefined;
  }
}

export interface NativeMemoryWatchOptions {
  /** Growth of the resident memory (MB) that asks for a collection; 0 turns the watch off. */
  readonly growthMb: number;
  /** How often the resident memory is read, ms (default 1000). */
  readonly intervalMs?: number;
  /** Called with the resident bytes that asked for each collection (the service logs it at debug). */
  readonly onCollect?: (residentBytes: number) => void;
}

/**
 * Starts the watch on this process; `stop()` ends it, `active` says whether it runs (off for a growth of 0, or where
 * V8's `gc()` cannot be had). The timer does not keep the process alive.
 */
export function watchNativeMemory(options: NativeMemoryWatchOptions): {
  readonly active: boolean;
  stop(): void;
} {
  const gc = options.growthMb > 0 ? garbageCollector() : undefined;
  if (gc === undefined) return { active: false, stop: () => undefined };
  const rule = growthRule(options.growthMb * 1024 * 1024);
  const timer = setInterval(() => {
    const resident = process.memoryUsage.rss();
    if (rule.check(resident) === 'wait') return;
    // Incremental marking on V8's tasks rather than one pause of the main thread.
    void gc({ type: 'major', execution: 'async' });
    options.onCollect?.(resident);
  }, options.intervalMs ?? 1000);
  timer.unref();
  return { active: true, stop: () => clearInterval(timer) };
}
