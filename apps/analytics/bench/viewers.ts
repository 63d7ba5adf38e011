/** Closed-loop viewers for bench/many-viewers.ts: each opens a page (all its requests, a few at a time), then the next. */

export interface LoopOptions {
  readonly viewers: number;
  /** Pages finished before this are not counted. */
  readonly warmupMs: number;
  /** How long pages are counted after the warm-up. */
  readonly measureMs: number;
  /** Requests of one viewer in flight at once (a browser's 6 connections per host). */
  readonly sockets: number;
  /** The requests of viewer `i`'s page. */
  readonly page: (viewer: number) => readonly (() => Promise<unknown>)[];
}

export interface LoopResult {
  /** Latencies (ms) of the pages finished within the counting window. */
  readonly latencies: number[];
  /** Length of the counting window, ms. */
  readonly ms: number;
}

/** Runs `work` with at most `limit` of them at once. */
async function limited(work: readonly (() => Promise<unknown>)[], limit: number): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < work.length) {
      const job = work[next];
      next += 1;
      await job?.();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, work.length) }, lane));
}

/** Every viewer loads its page again and again until the window closes; resolves with the counted pages. */
export async function closedLoop(options: LoopOptions): Promise<LoopResult> {
  const started = performance.now();
  const from = started + options.warmupMs;
  const until = from + options.measureMs;
  const latencies: number[] = [];
  const viewer = async (i: number): Promise<void> => {
    while (performance.now() < until) {
      const t0 = performance.now();
      await limited(options.page(i), options.sockets);
      const t1 = performance.now();
      if (t1 >= from && t1 <= until) latencies.push(t1 - t0);
    }
  };
  await Promise.all(Array.from({ length: options.viewers }, (_, i) => viewer(i)));
  return { latencies, ms: options.measureMs };
}

/** The `p`-th percentile (0–100) of `values`, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
}
