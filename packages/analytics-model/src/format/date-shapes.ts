/**
 * Date format strings that name a shape rather than a spelling, written the way the viewer's language writes that
 * shape. The model's format strings are written in English (`MMM yyyy`, `d MMM yyyy`, `yyyy-MM-dd`); read token by
 * token in Japanese they give "11月 2025" and "24 11月 2025" where a Japanese reader expects "2025年11月" and
 * "2025年11月24日". So, as Power BI's built-in date formats follow the culture, a format string that is one of the
 * common shapes below is written by `Intl.DateTimeFormat` in the locale: the order, the month's form (nominative alone,
 * genitive beside a day: ru "ноябрь 2025", "24 ноября 2025"), the abbreviation's dot (de "Nov. 2025") and the
 * characters between (ja 年 月 日) are the language's. English writes every format string as it is written, so an
 * English chart reads exactly what the model's author wrote. A format with anything else (a weekday, a time other
 * than a trailing `HH:mm`, quoted text) is written run by run in the language's way (`date-runs.ts`).
 */
import { dateTimeFormat } from './date.ts';

/**
 * Russian (and Bulgarian) add "г." (year) after a year; a chart's axis, a tooltip and a table cell read "24 нояб.
 * 2024" without it, as Russian dashboards write it.
 */
export const YEAR_WORD = /[\s\u00a0]г\.(?=,|$)/gu;

/**
 * Numeric dates by language (the primary subtag): the day, month and year order and separators a reader of that
 * language expects, four-digit years. English keeps ISO order (read the same in the US and the UK).
 */
export const NUMERIC_DATE_FORMATS: Readonly<Record<string, string>> = {
  en: 'yyyy-MM-dd',
  de: 'dd.MM.yyyy',
  es: 'dd/MM/yyyy',
  fr: 'dd/MM/yyyy',
  ja: 'yyyy/MM/dd',
  pl: 'dd.MM.yyyy',
  ru: 'dd.MM.yyyy',
};

/** The primary language subtag of a locale, lower case ('de-AT' → 'de'). */
export const languageOf = (locale: string): string => locale.toLowerCase().split(/[-_]/)[0] ?? '';

/** The numeric date format of a locale's language; English's (ISO) for a language not listed. */
export function numericDateFormat(locale: string): string {
  return NUMERIC_DATE_FORMATS[languageOf(locale)] ?? NUMERIC_DATE_FORMATS['en'] ?? 'yyyy-MM-dd';
}

const MONTH_YEAR_SHORT: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short' };
const MONTH_YEAR_LONG: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long' };
const DAY_MONTH_YEAR_SHORT: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const DAY_MONTH_YEAR_LONG: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };
const DAY_MONTH_SHORT: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
const DAY_MONTH_LONG: Intl.DateTimeFormatOptions = { month: 'long', day: 'numeric' };

/** Shapes with a month name, by their format string with single spaces and no trailing comma or dot. */
const NAMED_SHAPES: Readonly<Record<string, Intl.DateTimeFormatOptions>> = {
  yyyy: { year: 'numeric' },
  'MMM yyyy': MONTH_YEAR_SHORT,
  'MMMM yyyy': MONTH_YEAR_LONG,
  'd MMM yyyy': DAY_MONTH_YEAR_SHORT,
  'dd MMM yyyy': DAY_MONTH_YEAR_SHORT,
  'MMM d, yyyy': DAY_MONTH_YEAR_SHORT,
  'MMM dd, yyyy': DAY_MONTH_YEAR_SHORT,
  'd MMMM yyyy': DAY_MONTH_YEAR_LONG,
  'dd MMMM yyyy': DAY_MONTH_YEAR_LONG,
  'MMMM d, yyyy': DAY_MONTH_YEAR_LONG,
  'MMM d': DAY_MONTH_SHORT,
  'd MMM': DAY_MONTH_SHORT,
  'dd MMM': DAY_MONTH_SHORT,
  'MMMM d': DAY_MONTH_LONG,
  'd MMMM': DAY_MONTH_LONG,
};

/** Numeric dates in any of the usual orders and separators, optionally with a 24-hour time after them. */
const NUMERIC_SHAPE =
  /^(?:yyyy-MM-dd|yyyy\/MM\/dd|dd\/MM\/yyyy|MM\/dd\/yyyy|d\/M\/yyyy|M\/d\/yyyy|dd\.MM\.yyyy|d\.M\.yyyy)( HH:mm(?::ss)?)?$/;

/** Intl's text for a shape, without a year word after the year. */
function shapeText(date: Date, options: Intl.DateTimeFormatOptions, locale: string): string {
  return dateTimeFormat(locale, options).format(date).replace(YEAR_WORD, '');
}

/**
 * A date in the locale's own writing of the shape its format string names, or undefined when the format is no such
 * shape or the locale is English (then the format string is read token by token).
 *
 * @example shapedDate(new Date('2025-11-01T00:00:00Z'), 'MMM yyyy', 'ja') // → '2025年11月'
 * @example shapedDate(new Date('2025-11-24T00:00:00Z'), 'd MMM yyyy', 'ru') // → '24 нояб. 2025'
 * @example shapedDate(new Date('2025-11-24T00:00:00Z'), 'yyyy-MM-dd', 'de') // → undefined (read as 'dd.MM.yyyy')
 */
export function shapedDate(date: Date, format: string, locale: string): string | undefined {
  if (languageOf(locale) === 'en') return undefined;
  const shape = format.trim().replace(/\s+/g, ' ');
  const options = NAMED_SHAPES[shape];
  return options ? shapeText(date, options, locale) : undefined;
}

/** True for a numeric date in one of the usual orders (`yyyy-MM-dd`, `dd.MM.yyyy HH:mm`…), which `numericShape` rewrites. */
export function isNumericShape(format: string): boolean {
  return NUMERIC_SHAPE.test(format.trim().replace(/\s+/g, ' '));
}

/**
 * The locale's numeric date format in place of a numeric date shape (`yyyy-MM-dd HH:mm` → de `dd.MM.yyyy HH:mm`), the
 * format itself for anything else, in English and in a language `NUMERIC_DATE_FORMATS` does not list.
 *
 * @example numericShape('yyyy-MM-dd', 'ja') // → 'yyyy/MM/dd'
 * @example numericShape('dd.MM.yyyy', 'en-US') // → 'dd.MM.yyyy'
 */
export function numericShape(format: string, locale: string): string {
  const numeric = NUMERIC_DATE_FORMATS[languageOf(locale)];
  if (languageOf(locale) === 'en' || numeric === undefined) return format;
  const match = NUMERIC_SHAPE.exec(format.trim().replace(/\s+/g, ' '));
  return match ? `${numeric}${match[1] ?? ''}` : format;
}
