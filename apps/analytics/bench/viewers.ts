/** Closed-loop viewers for bench/many-viewers.ts: each opens a page (all its requests, a few at a time), then the next. */

export interface LoopOptions {
  readonly viewers: number;
  /** The least time before pages are counted. */
  readonly warmupMs: number;
  /** How long pages are counted after the warm-up. */
  readonly measureMs: number;
  /** Requests of one viewer in flight at once (a browser's 6 connections per host). */
  readonly sockets: number;
  /** The requests of viewer `i`'s page. */
  readonly page: (viewer: number) => readonly (() => Promise<unknown>)[];
}

export interface LoopResult {
  /**
   * Pages a second: each viewer's pages finished within the counting window over the time it spent on them, summed
   * over the viewers. Counting the pages that fall in the window instead quantises: closed-loop viewers finish in
   * waves, and at 100 viewers a 10 s window held 800, 900 or 1,000 of the engine side's pages, a tenth apart.
   */
  readonly pagesPerSecond: number;
  /** Latencies (ms) of the pages finished within the counting window. */
  readonly latencies: number[];
  /** Length of the counting window, ms. */
  readonly ms: number;
  /** Every page finished, counted or not (warm-up and first pages included): the divisor of CPU per page. */
  readonly pages: number;
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

/**
 * Every viewer loads its page again and again until the window closes; resolves with the counted pages. The window
 * opens after the warm-up and once every viewer has finished its first page (so the viewers' first, cold and
 * simultaneous, pages are not counted and the loops are out of step), and lasts `measureMs` — longer (up to 4×) while
 * it has counted fewer pages than there are viewers, so a slow point still has a page per viewer to rank.
 */
export async function closedLoop(options: LoopOptions): Promise<LoopResult> {
  const { viewers, measureMs } = options;
  const warm = performance.now() + options.warmupMs;
  let firstsLeft = viewers;
  let from: number | undefined;
  /** When the window closed, once a page has finished after it. */
  let end: number | undefined;
  let pages = 0;
  const latencies: number[] = [];
  /** Per viewer: its counted pages and the time they took. */
  const counted = Array.from({ length: viewers }, () => ({ pages: 0, ms: 0 }));
  const extended = (at: number, start: number): boolean =>
    latencies.length < viewers && at <= start + 4 * measureMs;
  const open = (at: number): boolean =>
    end === undefined && (from === undefined || at <= from + measureMs || extended(at, from));
  const count = (i: number, t0: number, t1: number): void => {
    if (from === undefined || t1 < from || end !== undefined) return;
    if (t1 <= from + measureMs || extended(t1, from)) {
      latencies.push(t1 - t0);
      const own = counted[i];
      if (own !== undefined) {
        own.pages += 1;
        own.ms += t1 - t0;
      }
      if (t1 > from + measureMs && latencies.length >= viewers) end = t1;
    } else end = latencies.length >= viewers ? from + measureMs : from + 4 * measureMs;
  };
  const viewer = async (i: number): Promise<void> => {
    let first = true;
    while (open(performance.now())) {
      const t0 = performance.now();
      await limited(options.page(i), options.sockets);
      const t1 = performance.now();
      pages += 1;
      if (first) {
        first = false;
        firstsLeft -= 1;
        if (firstsLeft === 0) from = Math.max(warm, t1);
      } else count(i, t0, t1);
    }
  };
  await Promise.all(Array.from({ length: viewers }, (_, i) => viewer(i)));
  const start = from ?? warm;
  const ms = end === undefined ? (latencies.length >= viewers ? measureMs : 4 * measureMs) : end - start;
  const pagesPerSecond = counted.reduce(
    (sum, own) => sum + (own.ms > 0 ? own.pages / (own.ms / 1000) : 0),
    0,
  );
  return { pagesPerSecond, latencies, ms, pages };
}

/** The `p`-th percentile (0–100) of `values`, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
}
