/**
 * The one order of values in every statement the service writes, on every engine: text by its lower case first, so
 * that a reader finds "i-SENSYS" and "imageRUNNER" among the I's rather than after "VersaLink", then by the text
 * itself, so that values differing only in case still come back in one order. Visual and underlying-data queries,
 * the top N ranking's tie-break, and the paginated reports' line streams (their ORDER BY and their keyset condition)
 * all sort through here.
 */
import type { Dialect } from './dialect.ts';

/**
 * The expressions that order `expr`, most significant first: `[lower(expr), expr]` for text, `[expr]` otherwise.
 *
 * ```ts
 * sortKeys(duckDbDialect, '"site"', true); // ['lower(CAST("site" AS VARCHAR))', '"site"']
 * ```
 */
export function sortKeys(dialect: Dialect, expr: string, text: boolean): readonly string[] {
  return text ? [dialect.lowerText(expr), expr] : [expr];
}

/**
 * The ORDER BY (or window ORDER BY) term of `expr`, NULLs last.
 *
 * ```ts
 * orderTerm(clickHouseDialect, 'q.g0', true, false); // 'lowerUTF8(toString(q.g0)) ASC NULLS LAST, q.g0 ASC NULLS LAST'
 * ```
 */
export function orderTerm(dialect: Dialect, expr: string, text: boolean, descending: boolean): string {
  return sortKeys(dialect, expr, text)
    .map((key) => dialect.order(key, descending))
    .join(', ');
}

/**
 * The same order for text the service sorts itself (a parameter's choices gathered from several accounts): by its
 * lower case, then by its UTF-8 bytes, as both engines compare text.
 *
 * ```ts
 * ['VersaLink', 'imageRUNNER', 'IM C3000'].sort(compareText); // ['IM C3000', 'imageRUNNER', 'VersaLink']
 * ```
 */
export function compareText(a: string, b: string): number {
  return (
    Buffer.compare(Buffer.from(a.toLowerCase()), Buffer.from(b.toLowerCase())) ||
    Buffer.compare(Buffer.from(a), Buffer.from(b))
  );
}
