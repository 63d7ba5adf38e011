/**
 * Whole calendar periods of the data: a time series over months, weeks or years whose first or last period is only
 * partly covered by the data (the sample starts mid-November; the current month is not over) would draw that period
 * as a dip. Dates are `YYYY-MM-DD` texts, computed in UTC.
 */

/** The first and last day the dataset's calendar holds for the viewer. */
export interface CalendarSpan {
  readonly first: string;
  readonly last: string;
}

export type Period = 'month' | 'week' | 'year';

const DAY_MS = 86_400_000;
const parse = (iso: string): Date => new Date(`${iso}T00:00:00Z`);
const format = (date: Date): string => date.toISOString().slice(0, 10);
const addDays = (iso: string, days: number): string => format(new Date(parse(iso).getTime() + days * DAY_MS));

/** The first day of the period holding `iso` (weeks start on Sunday, as the calendar's Week column does). */
export function periodStart(period: Period, iso: string): string {
  const date = parse(iso);
  if (period === 'year') return `${iso.slice(0, 4)}-01-01`;
  if (period === 'month') return `${iso.slice(0, 7)}-01`;
  return addDays(iso, -date.getUTCDay());
}

/** The first day after the period that starts on `start`. */
export function periodEnd(period: Period, start: string): string {
  const date = parse(start);
  if (period === 'week') return addDays(start, 7);
  if (period === 'year') return `${date.getUTCFullYear() + 1}-01-01`;
  return format(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)));
}

export interface WholePeriods {
  /** The first day of the first whole period. */
  readonly from: string;
  /** The day after the last whole period. */
  readonly to: string;
  /** Starts of the periods the span covers only in part (at most two: the first and the last). */
  readonly partial: readonly string[];
}

/**
 * The whole periods inside `span`, or undefined when there is none.
 *
 * ```ts
 * wholePeriods({ first: '2024-11-15', last: '2026-11-27' }, 'month');
 * // { from: '2024-12-01', to: '2026-11-01', partial: ['2024-11-01', '2026-11-01'] }
 * ```
 */
export function wholePeriods(span: CalendarSpan, period: Period): WholePeriods | undefined {
  const firstStart = periodStart(period, span.first);
  const from = firstStart === span.first ? firstStart : periodEnd(period, firstStart);
  const lastStart = periodStart(period, span.last);
  const to =
    periodEnd(period, lastStart) === addDays(span.last, 1) ? periodEnd(period, lastStart) : lastStart;
  if (from >= to) return undefined;
  const partial = [
    ...(firstStart === from ? [] : [firstStart]),
    ...(lastStart === to && lastStart !== firstStart ? [lastStart] : []),
  ];
  return { from, to, partial };
}
