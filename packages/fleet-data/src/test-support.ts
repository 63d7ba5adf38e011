import type { GenerateOptions } from './types.ts';

/** A small, fixed-date data set: quick to generate, identical on every run. */
export const SMALL: GenerateOptions = { endDate: '2024-06-30', days: 120, devicesPerAccount: 12 };

/** The full default size with a fixed end date. */
export const FULL: GenerateOptions = { endDate: '2024-06-30' };

/** Groups rows by a key, keeping their order. */
export function groupBy<T>(rows: Iterable<T>, keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [row]);
    else group.push(row);
  }
  return groups;
}

/**
 * The first few rows breaking a rule; `expect(failures(rows, rule)).toEqual([])` checks hundreds of thousands of
 * rows with one assertion and shows the culprits when it fails.
 */
export function failures<T>(rows: Iterable<T>, rule: (row: T, index: number) => boolean, limit = 5): T[] {
  const failing: T[] = [];
  let index = 0;
  for (const row of rows) {
    if (!rule(row, index++)) failing.push(row);
    if (failing.length >= limit) break;
  }
  return failing;
}
