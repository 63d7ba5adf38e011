/**
 * The shares a pie's or donut's slices are labelled with, in one place for the slices' labels and the tooltips.
 *
 * One rule for every pie and donut of every report (decided here): one decimal, always ("60.0%", "16.3%", "50.5%"),
 * so two charts side by side write their shares alike and two slices of different sizes never read the same (50.5 %
 * and 49.5 % both read "50%" in whole percents). A share that would read "0.0%" reads "<0.1%". Never more than one
 * decimal: a reader compares slices by their angles, and the tooltip gives each slice's value. (Whole percents where
 * they told the slices apart, else one decimal, wrote "41%" on one pie and "16.3%" on the next.)
 * Shares are worked out from the values (of the positive ones' sum; a slice without a positive value has none), not
 * from ECharts' `percent`, which it rounds to two decimals and adjusts so they sum to 100.
 *
 * @example sliceShares([101, 99]) // → [50.5, 49.5]
 */
import type { ValueFormatter } from './value-format.ts';

/** Each slice's share in percent, rounded to one decimal. */
export function sliceShares(values: readonly (number | null)[]): number[] {
  const positive = values.map((v) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0));
  const total = positive.reduce((sum, v) => sum + v, 0);
  // In percent, multiplied before divided: 101 of 200 is 50.5 exactly, not 50.49999….
  return positive.map((v) => (total > 0 ? Math.round((v * 100 * 10) / total) / 10 : 0));
}

/**
 * Each slice's share as the viewer reads it, in the formatter's locale ("50,5%" in German).
 *
 * @example shareLabels([101, 99], ENGLISH_VALUES) // → ['50.5%', '49.5%']
 */
export function shareLabels(values: readonly (number | null)[], format: ValueFormatter): string[] {
  return sliceShares(values).map((p, i) => {
    const value = values[i];
    const tiny = p === 0 && typeof value === 'number' && value > 0;
    return tiny ? `<${format.value(0.001, '0.0%')}` : format.value(p / 100, '0.0%');
  });
}
