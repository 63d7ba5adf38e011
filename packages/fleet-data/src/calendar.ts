import type { Region } from './accounts.ts';

/**
 * Dates as whole days since 1970-01-01 ("epoch days"), and the working calendar that shapes daily print volume.
 *
 * Every factor here is a function of the absolute date and region, never of the requested period, so a given day
 * has the same volume whichever `endDate` and `days` a caller asks for. Only exact arithmetic is used (no
 * `Math.sin`/`exp`, whose last bit may differ between engines): seasons are a table, the trend is linear.
 */

export const MS_PER_DAY = 86_400_000;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The epoch day of an ISO `YYYY-MM-DD` date; throws a RangeError naming `what` for anything else. */
export function parseIsoDate(text: string, what = 'date'): number {
  const match = ISO_DATE.exec(text);
  if (match === null)
    throw new RangeError(`${what} must be an ISO date (YYYY-MM-DD), got ${JSON.stringify(text)}`);
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (isoDate(ms / MS_PER_DAY) !== text) throw new RangeError(`${what} is not a calendar date: ${text}`);
  return ms / MS_PER_DAY;
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/**
 * The ISO `YYYY-MM-DD` string of an epoch day (years 0–9999). `isoDate(19723)` → `'2024-01-01'`. Integer
 * arithmetic (H. Hinnant's civil-from-days), several times faster than going through `Date`.
 */
export function isoDate(day: number): string {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1_460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const date = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(date)}`;
}

/** An ISO timestamp with whole seconds, e.g. `'2024-01-01T09:30:00Z'`. */
export function isoTimestamp(ms: number): string {
  const day = Math.floor(ms / MS_PER_DAY);
  const seconds = Math.floor((ms - day * MS_PER_DAY) / 1_000);
  const hh = Math.floor(seconds / 3_600);
  const mm = Math.floor((seconds % 3_600) / 60);
  return `${isoDate(day)}T${pad2(hh)}:${pad2(mm)}:${pad2(seconds % 60)}Z`;
}

/** Day of the week of an epoch day, 0 = Sunday (1970-01-01 was a Thursday). */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** Volume by day of the week, Sunday first: busiest early in the week, a quiet Friday afternoon, little at weekends. */
const WEEKDAY_FACTORS = [0.05, 1.04, 1.08, 1.05, 1.0, 0.83, 0.08] as const;

/** Volume by month, January first: summer holidays, year-end close, the Japanese fiscal year-end in March. */
const SEASON_FACTORS: Readonly<Record<Region, readonly number[]>> = {
  EMEA: [0.94, 1.0, 1.04, 0.98, 0.97, 0.98, 0.86, 0.74, 1.04, 1.06, 1.05, 0.86],
  Americas: [0.95, 1.0, 1.04, 1.0, 0.99, 0.94, 0.88, 0.92, 1.03, 1.06, 1.0, 0.85],
  APAC: [0.9, 1.0, 1.1, 1.02, 0.92, 1.0, 1.0, 0.9, 1.03, 1.04, 1.03, 0.9],
};

/** A public holiday's volume as a share of the same day's usual volume. */
const HOLIDAY_FACTOR = 0.12;

/** Slow decline of printing (about 3% a year), pinned to an absolute date so it never depends on the period. */
const TREND_ORIGIN_DAY = 18_262; // 2020-01-01
const TREND_PER_DAY = -0.00008;

/** Holidays with a fixed date, as `[month, day]` (1-based). */
const FIXED_HOLIDAYS: Readonly<Record<Region, readonly (readonly [number, number])[]>> = {
  EMEA: [
    [1, 1],
    [5, 1],
    [12, 24],
    [12, 25],
    [12, 26],
    [12, 31],
  ],
  Americas: [
    [1, 1],
    [7, 4],
    [12, 24],
    [12, 25],
    [12, 31],
  ],
  APAC: [
    [1, 1],
    [1, 2],
    [1, 3],
    [4, 29],
    [5, 3],
    [5, 4],
    [5, 5],
    [12, 29],
    [12, 30],
    [12, 31],
  ],
};

function dayOf(year: number, month: number, date: number): number {
  return Date.UTC(year, month - 1, date) / MS_PER_DAY;
}

/** The `n`-th given weekday of a month (`n` = -1 for the last one). */
function nthWeekday(year: number, month: number, dow: number, n: number): number {
  if (n < 0) {
    const last = dayOf(year, month + 1, 0);
    return last - ((weekday(last) - dow + 7) % 7);
  }
  const first = dayOf(year, month, 1);
  return first + ((dow - weekday(first) + 7) % 7) + 7 * (n - 1);
}

/** Easter Sunday (anonymous Gregorian algorithm). */
function easter(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const date = ((h + l - 7 * m + 114) % 31) + 1;
  return dayOf(year, month, date);
}

/** The public holidays of a region in one year, as epoch days. */
export function holidays(region: Region, year: number): number[] {
  const days = FIXED_HOLIDAYS[region].map(([month, date]) => dayOf(year, month, date));
  if (region === 'EMEA') days.push(easter(year) - 2, easter(year) + 1);
  if (region === 'Americas') {
    const thanksgiving = nthWeekday(year, 11, 4, 4);
    days.push(nthWeekday(year, 5, 1, -1), nthWeekday(year, 9, 1, 1), thanksgiving, thanksgiving + 1);
  }
  return days;
}

/** Per-day facts for a run of consecutive days, indexed by `day - firstDay`. */
export interface Calendar {
  readonly firstDay: number;
  readonly length: number;
  /** ISO date strings, shared by every row of that day (no string is built per row). */
  readonly dates: readonly string[];
  /** Expected volume relative to an ordinary Wednesday: weekday × season × holiday × trend. */
  readonly factor: Float64Array;
  /** 1 on Saturdays and Sundays. */
  readonly weekend: Uint8Array;
}

/** The calendar of `length` days from `firstDay` for a region. */
export function buildCalendar(region: Region, firstDay: number, length: number): Calendar {
  const dates: string[] = [];
  const factor = new Float64Array(length);
  const weekend = new Uint8Array(length);
  const holidaySet = new Set<number>();
  const firstYear = new Date(firstDay * MS_PER_DAY).getUTCFullYear();
  const lastYear = new Date((firstDay + length) * MS_PER_DAY).getUTCFullYear();
  for (let year = firstYear; year <= lastYear; year++) {
    for (const day of holidays(region, year)) holidaySet.add(day);
  }
  const season = SEASON_FACTORS[region];
  for (let i = 0; i < length; i++) {
    const day = firstDay + i;
    const date = isoDate(day);
    const dow = weekday(day);
    const month = Number(date.slice(5, 7));
    const trend = Math.min(1.2, Math.max(0.6, 1 + TREND_PER_DAY * (day - TREND_ORIGIN_DAY)));
    const holiday = holidaySet.has(day) ? HOLIDAY_FACTOR : 1;
    dates.push(date);
    factor[i] = (WEEKDAY_FACTORS[dow] ?? 1) * (season[month - 1] ?? 1) * holiday * trend;
    weekend[i] = dow === 0 || dow === 6 ? 1 : 0;
  }
  return { firstDay, length, dates, factor, weekend };
}
