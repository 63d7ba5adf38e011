/**
 * Captions and natural order of a column's values. A model lists the values of a small fixed vocabulary on the column
 * (`values: [{ value: critical, caption: Critical }, …]`), in the order viewers expect (critical, warning, info, not
 * the alphabet's critical, info, warning); a culture translates the captions (`Kritisch`). Only what is drawn changes:
 * filters, selections, bookmarks and exports keep the raw value.
 *
 * ```ts
 * valueCaption(column, 'critical'); // 'Kritisch' in a German dataset, 'critical' for a column without values
 * inNaturalOrder(['info', 'critical', 'warning'], column.values, (v) => v); // critical, warning, info
 * ```
 */
import type { ColumnValue } from './content-types.ts';

type Raw = string | number | boolean | null | undefined;

/** The caption of a raw value, or undefined when the column does not list it (it then shows as formatted). */
export function valueCaption(values: readonly ColumnValue[] | undefined, value: Raw): string | undefined {
  if (values === undefined || typeof value !== 'string') return undefined;
  return values.find((v) => v.value === value)?.caption;
}

/**
 * `items` with the listed values first, in the list's order; items whose value is not listed (or without a list) keep
 * their order after them. Stable, never drops an item.
 */
export function inNaturalOrder<T>(
  items: readonly T[],
  values: readonly ColumnValue[] | undefined,
  valueOf: (item: T) => unknown,
): T[] {
  if (values === undefined || values.length === 0) return [...items];
  const rank = new Map(values.map((v, i) => [v.value, i]));
  const rankOf = (item: T): number => {
    const value = valueOf(item);
    return typeof value === 'string' ? (rank.get(value) ?? values.length) : values.length;
  };
  return items
    .map((item, i) => ({ item, i, rank: rankOf(item) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((e) => e.item);
}
