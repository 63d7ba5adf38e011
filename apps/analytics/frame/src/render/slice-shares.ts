/**
 * The shares a pie's or donut's slices are labelled with, in one place for the slices' labels and the tooltips.
 *
 * Whole percents ("60%") unless whole percents would mislead, then one decimal on every slice of the chart
 * ("50.5%", "49.5%"):
 * - two slices of different sizes would read the same (50.5 % and 49.5 % both read "50%" with ECharts' rounding),
 * - a slice with a share would read "0%", or
 * - the labels would not add up to 100 % (33 + 33 + 33).
 * Never more than one decimal: a reader compares slices by their angles, and the tooltip gives each slice's value.
 * Shares are worked out from the values (of the positive ones' sum; a slice without a positive value has none), not
 * from ECharts' `percent`, which it rounds to two decimals and adjusts so they sum to 100.
 *
 * @example sliceShares([101, 99]) // → { decimals: 1, percents: [50.5, 49.5] }
 */
import type { ValueFormatter } from './value-format.ts';

export interface SliceShares {
  /** Decimals every label of the chart is written with: 0 or 1. */
  readonly decimals: 0 | 1;
  /** Each slice's share in percent, rounded to `decimals`. */
  readonly percents: readonly number[];
}

const rounded = (percent: number, decimals: 0 | 1): number =>
  decimals === 0 ? Math.round(percent) : Math.round(percent * 10) / 10;

export function sliceShares(values: readonly (number | null)[]): SliceShares {
  const positive = values.map((v) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0));
  const total = positive.reduce((sum, v) => sum + v, 0);
  // In percent, multiplied before divided: 101 of 200 is 50.5 exactly, not 50.49999….
  const exact = positive.map((v) => (total > 0 ? (v * 100) / total : 0));
  const whole = exact.map((p) => rounded(p, 0));
  const misleading =
    total > 0 &&
    (whole.some((p, i) => p === 0 && (exact[i] ?? 0) > 0) ||
      whole.reduce((sum, p) => sum + p, 0) !== 100 ||
      whole.some((p, i) => whole.some((q, j) => j > i && q === p && positive[j] !== positive[i])));
  const decimals = misleading ? 1 : 0;
  return { decimals, percents: decimals === 0 ? whole : exact.map((p) => rounded(p, 1)) };
}

/**
 * Each slice's share as the viewer reads it, in the formatter's locale ("50,5%" in German).
 *
 * @example shareLabels([101, 99], ENGLISH_VALUES) // → ['50.5%', '49.5%']
 */
export function shareLabels(values: readonly (number | null)[], format: ValueFormatter): string[] {
  const { decimals, percents } = sliceShares(values);
  return percents.map((p) => format.value(p / 100, decimals === 0 ? '0%' : '0.0%'));
}
