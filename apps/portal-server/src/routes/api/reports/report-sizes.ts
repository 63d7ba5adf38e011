import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CustomerAccount } from '../../../db/accounts.ts';
import type { ReportFormat, ReportKind } from '../../../documents/index.ts';
import { measureReport } from '../../../documents/size.ts';

/** Sizes kept at most; beyond it the oldest go (5 sample accounts × 9 kinds × 3 formats is 135). */
const MAX_ENTRIES = 2_000;

/** The UTC day whose data the reports end with: the day before `now`, as renderReport's default. */
export const dataEndDate = (now: Date): string =>
  new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);

export interface SizeRequest {
  account: CustomerAccount;
  kind: ReportKind;
  format: ReportFormat;
}

export interface ReportSizes {
  /** The size if it is known for today's data, else null. */
  known(request: SizeRequest): number | null;
  /** Measures in the background, one report at a time, those not known or queued yet, in the order given. */
  measure(requests: readonly SizeRequest[]): void;
  /** Resolves when nothing is queued or being measured (tests and benchmarks). */
  idle(): Promise<void>;
}

type Measure = (request: SizeRequest & { endDate: string }) => Promise<number>;

const measureInBackground: Measure = ({ account, kind, format, endDate }) =>
  measureReport({ kind, account, language: 'en', format, endDate }, { yieldToIo: true });

/**
 * The approximate size of each report an account can download: generated once in English (other languages differ
 * by a few labels) and remembered until the data moves on to the next day. Never measured on a request's path:
 * a request reads what is known and queues the rest, which one background worker measures a report at a time,
 * giving the event loop a turn between chunks, so the first open of a large folder answers at once (its sizes
 * follow) and other requests are not held up meanwhile. A failed measurement is forgotten (asked again later).
 */
export function reportSizes(
  now: () => Date = () => new Date(),
  measureOne: Measure = measureInBackground,
): ReportSizes {
  const sizes = new Map<string, number>();
  const queue = new Map<string, SizeRequest & { endDate: string }>();
  let running: Promise<void> | undefined;
  const keyOf = (endDate: string, { account, kind, format }: SizeRequest) =>
    `${endDate}\u0000${account.databaseName}\u0000${kind.id}\u0000${format}`;

  const remember = (key: string, endDate: string, bytes: number) => {
    if (sizes.size >= MAX_ENTRIES) {
      // Another day's entries go first, then the oldest, down to half.
      for (const old of sizes.keys()) {
        if (!old.startsWith(endDate) || sizes.size >= MAX_ENTRIES / 2) sizes.delete(old);
        if (sizes.size < MAX_ENTRIES / 2) break;
      }
    }
    sizes.set(key, bytes);
  };

  const work = async () => {
    // Not before the request that queued the work has been answered.
    await nextTurn();
    for (;;) {
      const next = queue.entries().next();
      if (next.done === true) return;
      const [key, request] = next.value;
      try {
        remember(key, request.endDate, await measureOne(request));
      } catch {
        // Not remembered: the next request that needs it queues it again.
      } finally {
        queue.delete(key);
      }
    }
  };

  const start = (): void => {
    running ??= work().finally(() => {
      running = undefined;
      if (queue.size > 0) start();
    });
  };

  return {
    known(request) {
      return sizes.get(keyOf(dataEndDate(now()), request)) ?? null;
    },
    measure(requests) {
      const endDate = dataEndDate(now());
      for (const request of requests) {
        const key = keyOf(endDate, request);
        if (!sizes.has(key) && !queue.has(key)) queue.set(key, { ...request, endDate });
      }
      start();
    },
    async idle() {
      while (running !== undefined) await running;
    },
  };
}
