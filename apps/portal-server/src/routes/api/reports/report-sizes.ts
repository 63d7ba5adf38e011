import type { CustomerAccount } from '../../../db/accounts.ts';
import type { ReportFormat, ReportKind } from '../../../documents/index.ts';
import { measureReport } from '../../../documents/size.ts';

/** Sizes kept at most; beyond it the oldest go (5 sample accounts × 9 kinds × 3 formats is 135). */
const MAX_ENTRIES = 2_000;

/** The UTC day whose data the reports end with: the day before `now`, as renderReport's default. */
export const dataEndDate = (now: Date): string =>
  new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);

/**
 * The approximate size of each report an account can download: generated once in English (other languages differ
 * by a few labels) and remembered until the data moves on to the next day. A size being measured is shared by the
 * callers that ask for it meanwhile.
 */
export function reportSizes(now: () => Date = () => new Date()) {
  const sizes = new Map<string, Promise<number>>();
  return function sizeOf(account: CustomerAccount, kind: ReportKind, format: ReportFormat): Promise<number> {
    const endDate = dataEndDate(now());
    const key = `${endDate}\u0000${account.databaseName}\u0000${kind.id}\u0000${format}`;
    let size = sizes.get(key);
    if (size === undefined) {
      if (sizes.size >= MAX_ENTRIES) {
        for (const old of sizes.keys()) {
          if (!old.startsWith(endDate) || sizes.size >= MAX_ENTRIES) sizes.delete(old);
          if (sizes.size < MAX_ENTRIES / 2) break;
        }
      }
      size = measureReport({ kind, account, language: 'en', format, endDate });
      // A failure is not remembered: the next caller measures again.
      size.catch(() => sizes.delete(key));
      sizes.set(key, size);
    }
    return size;
  };
}
