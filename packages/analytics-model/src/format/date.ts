/**
 * A date or date-time in one section of a date format string, with .NET's and Power BI's tokens: `yyyy` `yy` the
 * year, `MMMM` `MMM` `MM` `M` the month (names from the locale), `dddd` `ddd` `dd` `d` the day (the long and short
 * names of its weekday), `HH` `H` 24-hour and `hh` `h` 12-hour hours, `mm` `m` minutes, `ss` `s` seconds, `tt` `t`
 * AM/PM (the locale's day period); everything else (quoted, escaped, `-`, `/`, `:`, spaces) is literal.
 *
 * Values are the service's text: `2024-03-01` for dates, `2024-03-01T08:15:00Z` for date-times, written as the
 * service stored them (UTC), never moved to the browser's time zone.
 */
import { tokenize } from './tokens.ts';

const DATE_PLACEHOLDERS: ReadonlySet<string> = new Set(['y', 'M', 'd', 'H', 'h', 'm', 's', 't', 'f']);

export interface DateParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

/** The parts of an ISO date or date-time text; undefined for any other text. */
export function dateParts(text: string): DateParts | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match;
  return {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour ?? 0),
    minute: Number(minute ?? 0),
    second: Number(second ?? 0),
  };
}

/** True when the section has a date or time placeholder. */
export function isDateSection(section: string): boolean {
  return tokenize(section, DATE_PLACEHOLDERS).some((t) => t.kind === 'char');
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** One cached `Intl.DateTimeFormat` per locale and option set, always in UTC (the parts are UTC already). */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    dateFormats.set(key, format);
  }
  return format;
}

const partOf = (format: Intl.DateTimeFormat, date: Date, type: Intl.DateTimeFormatPartTypes): string =>
  format.formatToParts(date).find((p) => p.type === type)?.value ?? '';

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * @example formatDateSection(dateParts('2026-03-01T15:04:00Z')!, 'dd MMM yyyy HH:mm', 'de') // → '01 März 2026 15:04'
 */
export function formatDateSection(parts: DateParts, section: string, locale: string): string {
  const tokens = tokenize(section, DATE_PLACEHOLDERS);
  const date = new Date(
    Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second),
  );
  // A month name beside a day takes the form a date has (Russian "1 марта"), alone its own ("март 2026").
  const withDay = tokens.some((t) => t.kind === 'char' && t.text === 'd');
  let out = '';
  for (let i = 0; i < tokens.length;) {
    const token = tokens[i];
    if (!token) break;
    if (token.kind === 'literal') {
      out += token.text;
      i++;
      continue;
    }
    let count = 1;
    while (tokens[i + count]?.kind === 'char' && tokens[i + count]?.text === token.text) count++;
    i += count;
    out += dateToken(token.text, count, parts, date, locale, withDay);
  }
  return out;
}

function dateToken(
  char: string,
  count: number,
  parts: DateParts,
  date: Date,
  locale: string,
  withDay: boolean,
): string {
  const hour12 = parts.hour % 12 === 0 ? 12 : parts.hour % 12;
  switch (char) {
    case 'y':
      return count <= 2 ? pad(parts.year % 100, count) : pad(parts.year, count);
    case 'M': {
      if (count <= 2) return pad(parts.month, count);
      const width = count === 3 ? 'short' : 'long';
      return withDay
        ? partOf(dateTimeFormat(locale, { day: 'numeric', month: width }), date, 'month')
        : dateTimeFormat(locale, { month: width }).format(date);
    }
    case 'd':
      if (count <= 2) return pad(parts.day, count);
      return dateTimeFormat(locale, { weekday: count === 3 ? 'short' : 'long' }).format(date);
    case 'H':
      return pad(parts.hour, Math.min(count, 2));
    case 'h':
      return pad(hour12, Math.min(count, 2));
    case 'm':
      return pad(parts.minute, Math.min(count, 2));
    case 's':
      return pad(parts.second, Math.min(count, 2));
    case 't': {
      const period = partOf(dateTimeFormat(locale, { hour: 'numeric', hour12: true }), date, 'dayPeriod');
      return count === 1 ? period.slice(0, 1) : period;
    }
    default:
      // `f`: fractions of a second, which the service's text does not carry.
      return '0'.repeat(count);
  }
}
