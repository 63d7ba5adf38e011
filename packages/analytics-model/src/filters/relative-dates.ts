/**
 * The ranges relative date and relative time filters stand for, computed from "now" in UTC. Weeks start on Sunday
 * (Power BI's default). Every range is half-open: `from` ≤ value < `to`.
 */
import { RelativeDateFilterTimeUnit as Unit, RelativeDateOperators as Op } from '@portico/models';

const DAY_MS = 86_400_000;

/** A day as epoch days, and back as `YYYY-MM-DD`. */
const dayOf = (date: Date): number => Math.floor(date.getTime() / DAY_MS);
/** Ranges reaching past the years 1 or 9999 are cut there: no data lies beyond, and SQL dates end there. */
const FIRST_DAY = -719_162; // 0001-01-01
const LAST_DAY = 2_932_896; // 9999-12-31
const isoDay = (day: number): string =>
  new Date(Math.min(Math.max(day, FIRST_DAY), LAST_DAY) * DAY_MS).toISOString().slice(0, 10);

/** `day` plus `months` calendar months, the day of month clamped (31 January + 1 month = 28/29 February). */
function addMonths(day: number, months: number): number {
  const date = new Date(day * DAY_MS);
  const total = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return dayOf(new Date(Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay))));
}

const weekStart = (day: number): number => day - new Date(day * DAY_MS).getUTCDay();
const monthStart = (day: number): number => day - new Date(day * DAY_MS).getUTCDate() + 1;
const yearStart = (day: number): number =>
  dayOf(new Date(Date.UTC(new Date(day * DAY_MS).getUTCFullYear(), 0, 1)));

export interface DateRange {
  /** First day in the range (`YYYY-MM-DD`). */
  readonly from: string;
  /** First day after the range. */
  readonly to: string;
}

/** Rolling units: a number of days, or of months for Months and Years. */
function rolling(unit: Unit, count: number): { days: number } | { months: number } | undefined {
  if (unit === Unit.Days) return { days: count };
  if (unit === Unit.Weeks) return { days: 7 * count };
  if (unit === Unit.Months) return { months: count };
  if (unit === Unit.Years) return { months: 12 * count };
  return undefined;
}

/** The calendar period containing `today`, and how to step from one period to the next. */
function calendarPeriod(
  unit: Unit,
  today: number,
): { start: number; step: (day: number, n: number) => number } {
  if (unit === Unit.CalendarWeeks || unit === Unit.Weeks) {
    return { start: weekStart(today), step: (day, n) => day + 7 * n };
  }
  if (unit === Unit.CalendarMonths || unit === Unit.Months)
    return { start: monthStart(today), step: addMonths };
  if (unit === Unit.CalendarYears || unit === Unit.Years) {
    return { start: yearStart(today), step: (day, n) => addMonths(day, 12 * n) };
  }
  return { start: today, step: (day, n) => day + n };
}

/**
 * The days a relative date filter keeps. `includeToday` applies to rolling units (Days, Weeks, Months, Years);
 * calendar units always mean whole periods before or after the current one.
 *
 * ```ts
 * relativeDateRange(Op.InLast, 7, Unit.Days, true, new Date('2024-06-30T12:00:00Z'));
 * // { from: '2024-06-24', to: '2024-07-01' }
 * ```
 */
export function relativeDateRange(
  operator: Op,
  count: number,
  unit: Unit,
  includeToday: boolean,
  now: Date,
): DateRange {
  const today = dayOf(now);
  if (operator === Op.InThis) {
    const { start, step } = calendarPeriod(unit, today);
    return { from: isoDay(start), to: isoDay(step(start, 1)) };
  }
  const roll = rolling(unit, count);
  if (roll !== undefined) {
    // Rolling: n units back from today (or forward), counted as Power BI does: on 20 February the last month with
    // today is 21 January to 20 February, and without today 20 January to 19 February.
    const move = (day: number, sign: 1 | -1): number =>
      'days' in roll ? day + sign * roll.days : addMonths(day, sign * roll.months);
    const shift = includeToday ? 0 : 1;
    if (operator === Op.InLast)
      return { from: isoDay(move(today, -1) + 1 - shift), to: isoDay(today + 1 - shift) };
    return { from: isoDay(today + shift), to: isoDay(move(today, 1) + shift) };
  }
  const { start, step } = calendarPeriod(unit, today);
  if (operator === Op.InLast) return { from: isoDay(step(start, -count)), to: isoDay(start) };
  const next = step(start, 1);
  return { from: isoDay(next), to: isoDay(step(next, count)) };
}

export interface TimeRange {
  readonly from: Date;
  /** Exclusive. */
  readonly to: Date;
}

/**
 * The instants a relative time filter keeps: the last or next `count` minutes or hours up to or from now (to the
 * millisecond), or the current minute or hour.
 *
 * ```ts
 * relativeTimeRange(Op.InLast, 2, Unit.Hours, new Date('2024-06-30T12:00:00Z')); // 10:00 ≤ t < 12:00:00.001
 * ```
 */
export function relativeTimeRange(operator: Op, count: number, unit: Unit, now: Date): TimeRange {
  const size = unit === Unit.Hours ? 3_600_000 : 60_000;
  const at = now.getTime();
  if (operator === Op.InThis) {
    const start = Math.floor(at / size) * size;
    return { from: new Date(start), to: new Date(start + size) };
  }
  if (operator === Op.InLast) return { from: new Date(at - count * size), to: new Date(at + 1) };
  return { from: new Date(at), to: new Date(at + count * size + 1) };
}
