/**
 * The one format-string interpreter, with Excel's and Power BI's meaning of custom format strings (`0`, `#,0.00`,
 * `0.0%`, `$#,0;($#,0);"none"`, `0.0"%"`, `yyyy-MM-dd HH:mm`, `MMM yyyy`, `dddd`) and the named formats (`General
 * Number`, `Percent`, `Short Date`, `Long Date`…), in a locale through `Intl`: the report frame writes visuals' values
 * with the model's format strings in the embed's language, and paginated reports write their cells (on screen and in
 * the PDF) through the same strings in the viewer's language (`formatCell`). Numbers: `format/number.ts`; dates and times: `format/date.ts`;
 * sections and literals: `format/tokens.ts`. The semantics table is in the package README.
 */
import type { Cell, CellFormat } from './paginated-types.ts';
import { dateParts, dateTimeFormat, formatDateSection, isDateSection } from './format/date.ts';
import type { DateParts } from './format/date.ts';
import { isNumericShape, numericDateFormat, numericShape, shapedDate } from './format/date-shapes.ts';
import { naturalDate } from './format/date-runs.ts';
import {
  formatNumberSection,
  isNumberSection,
  isPercentSection,
  numberFormat,
  roundsToZero,
  withoutFraction,
} from './format/number.ts';
import { splitSections, tokenize } from './format/tokens.ts';

export { yearlessFormat } from './format/date-runs.ts';

type Value = string | number | boolean | null | undefined;

/** The locale when none is given: paginated reports and the service's own text. */
export const DEFAULT_FORMAT_LOCALE = 'en-US';

/** Named numeric formats as custom format strings (Power BI's "Fixed", "Standard", "Percent", "Scientific"). */
const NAMED_NUMBER_FORMATS: Readonly<Record<string, string>> = {
  fixed: '0.00',
  standard: '#,0.00',
  percent: '0.00%',
  scientific: '0.00E+00',
};

/** Named yes/no formats: a non-zero number or true is the first word. */
const NAMED_BOOLEAN_FORMATS: Readonly<Record<string, readonly [string, string]>> = {
  'yes/no': ['Yes', 'No'],
  'true/false': ['True', 'False'],
  'on/off': ['On', 'Off'],
};

/** Named date formats as `Intl.DateTimeFormat` options in the locale. */
const NAMED_DATE_FORMATS: Readonly<Record<string, Intl.DateTimeFormatOptions>> = {
  'short date': { dateStyle: 'short' },
  'medium date': { dateStyle: 'medium' },
  'long date': { dateStyle: 'full' },
  'short time': { timeStyle: 'short' },
  'medium time': { hour: '2-digit', minute: '2-digit', hour12: true },
  'long time': { timeStyle: 'medium' },
  'general date': { dateStyle: 'short', timeStyle: 'medium' },
};

/** A number without a format string: grouped, as many decimals as it has (up to 10). */
function generalNumber(value: number, locale: string, grouping: boolean): string {
  return numberFormat(locale, { maximumFractionDigits: 10, useGrouping: grouping }).format(value + 0);
}

/** A section without a digit placeholder (`"none"`, `-`) is its literal text. */
const literalText = (section: string): string =>
  tokenize(section, new Set())
    .map((t) => t.text)
    .join('');

function formatNumber(value: number, format: string, locale: string): string {
  if (!Number.isFinite(value)) return String(value);
  const sections = splitSections(format);
  const [positive = '', negative, zero] = sections;
  const write = (v: number, section: string) =>
    isNumberSection(section) ? formatNumberSection(v, section, locale) : literalText(section);
  if (value === 0 || roundsToZero(value, positive)) {
    // Zero takes the third section when there is one; a value that rounds to zero prints without a sign.
    return zero !== undefined && zero !== '' ? write(0, zero) : write(0, positive);
  }
  if (value < 0) {
    if (negative !== undefined && negative !== '') return write(value, negative);
    return `-${write(value, positive)}`;
  }
  return write(value, positive);
}

function formatDateText(parts: DateParts, format: string, locale: string): string {
  const named = NAMED_DATE_FORMATS[format.trim().toLowerCase()];
  const date = new Date(
    Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second),
  );
  if (named) {
    // "General Date" of a date without a time writes the date alone, as Power BI does.
    const midnight = parts.hour === 0 && parts.minute === 0 && parts.second === 0;
    const options =
      format.trim().toLowerCase() === 'general date' && midnight ? { dateStyle: 'short' as const } : named;
    return dateTimeFormat(locale, options).format(date);
  }
  const section = splitSections(format)[0] ?? '';
  // A common shape (`MMM yyyy`, `d MMM yyyy`, `yyyy-MM-dd`) in the language's own writing of it (date-shapes.ts);
  // any other format's days, months and weekdays in the language's order and words (date-runs.ts).
  return (
    shapedDate(date, section, locale) ??
    (isNumericShape(section) ? undefined : naturalDate(parts, section, locale)) ??
    formatDateSection(parts, numericShape(section, locale), locale)
  );
}

/**
 * A value as its format string writes it in `locale` (a BCP 47 tag; en-US by default). Blank is `(Blank)`, a boolean
 * `True`/`False`; a string is a date or date-time when it is ISO text and the format is a date format, else as it is.
 *
 * @example formatValue(1234.5, '#,0') // → '1,235'
 * @example formatValue(0.256, '0.0%') // → '25.6%'
 * @example formatValue(59.37, '0.0"%"', 'de') // → '59,4%'
 * @example formatValue('2026-11-08T09:05:00Z', 'yyyy-MM-dd HH:mm') // → '2026-11-08 09:05'
 */
export function formatValue(value: Value, format?: string, locale: string = DEFAULT_FORMAT_LOCALE): string {
  if (value === null || value === undefined) return '(Blank)';
  const named = format?.trim().toLowerCase() ?? '';
  const words = NAMED_BOOLEAN_FORMATS[named];
  if (typeof value === 'boolean') return words ? words[value ? 0 : 1] : value ? 'True' : 'False';
  if (typeof value === 'string') {
    if (format === undefined) return value;
    const parts = dateParts(value);
    return parts && (NAMED_DATE_FORMATS[named] || isDateSection(format))
      ? formatDateText(parts, format, locale)
      : value;
  }
  if (format === undefined || format === '') return generalNumber(value, locale, true);
  if (words) return words[value !== 0 ? 0 : 1];
  if (named === 'general number' || named === 'general') return generalNumber(value, locale, false);
  const custom = NAMED_NUMBER_FORMATS[named] ?? format;
  const sections = splitSections(custom);
  if (!sections.some(isNumberSection) && sections.some(isDateSection)) {
    // A date format on a number (a year as `yyyy`) has nothing to read: the number as it is, ungrouped.
    return generalNumber(value, locale, false);
  }
  return formatNumber(value, custom, locale);
}

/**
 * Whether a format string writes its numbers multiplied by 100 with a percent sign: the named `Percent`, or a custom
 * format whose first section (the one positive numbers take) has a `%` placeholder (`0.0%`, `0%;-0%`). A quoted
 * `"%"` or an escaped `\%` is literal text after a number already in percent (`0.0"%"` writes 59.4 as 59.4%), and a
 * `%` in a section without digits (`"%"`, `-`) writes no number: neither is this.
 *
 * @example isPercentFormat('0.0%') // → true
 * @example isPercentFormat('0.0"%"') // → false
 */
export function isPercentFormat(format: string | undefined): boolean {
  if (format === undefined) return false;
  const custom = NAMED_NUMBER_FORMATS[format.trim().toLowerCase()] ?? format;
  return isPercentSection(splitSections(custom)[0] ?? '');
}

/**
 * How a percent axis writes its ticks: the format's first section without its decimals (ticks are round numbers, and
 * a tick written 20.0% says nothing 20% does not). Quoted and escaped text stays as it was.
 *
 * @example percentTicksFormat('0.0%;-0.0%') // → '0%'
 * @example percentTicksFormat('Percent') // → '0%'
 */
export function percentTicksFormat(format: string): string {
  const custom = NAMED_NUMBER_FORMATS[format.trim().toLowerCase()] ?? format;
  return withoutFraction(splitSections(custom)[0] ?? '');
}

/**
 * Large numbers for axes in the locale's compact notation: 1.2K, 3.4M (de: 3,4 Mio.).
 *
 * @example compactNumber(1234) // → '1.2K'
 */
export function compactNumber(value: number, locale: string = DEFAULT_FORMAT_LOCALE): string {
  return numberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/**
 * An ISO date or date-time (as the service answers them) in a date format string; any other text as it is.
 *
 * @example formatDate('2024-03-01', 'MMM yyyy') // → 'Mar 2024'
 */
export function formatDate(text: string, format: string, locale: string = DEFAULT_FORMAT_LOCALE): string {
  return formatValue(text, format, locale);
}

/** The format string of each paginated cell format; dates by the locale's language (`numericDateFormat`). */
const CELL_FORMATS: Readonly<Partial<Record<CellFormat, string>>> = {
  integer: '#,0',
  money: '#,0.00',
  rate: '0.0000',
  hours: '#,0.0',
};

/**
 * The format string a paginated cell format writes with in `locale`.
 *
 * @example cellFormatString('datetime', 'de-AT') // → 'dd.MM.yyyy HH:mm'
 */
export function cellFormatString(
  format: CellFormat,
  locale: string = DEFAULT_FORMAT_LOCALE,
): string | undefined {
  if (format !== 'date' && format !== 'datetime') return CELL_FORMATS[format];
  const date = numericDateFormat(locale);
  return format === 'date' ? date : `${date} HH:mm`;
}

/**
 * An amount (`money`: two decimals) or a unit price (`rate`: as many decimals as it has, two to five) in `currency`
 * (ISO 4217) as `locale` writes it: `€193.85`, `193,85 €`, `€0.008`.
 */
function formatCurrency(value: number, format: 'money' | 'rate', locale: string, currency: string): string {
  const decimals = format === 'money' ? { min: 2, max: 2 } : { min: 2, max: 5 };
  const options: Intl.NumberFormatOptions = {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals.min,
    maximumFractionDigits: decimals.max,
  };
  let written: Intl.NumberFormat;
  try {
    written = new Intl.NumberFormat(locale, options);
  } catch {
    written = new Intl.NumberFormat(DEFAULT_FORMAT_LOCALE, options);
  }
  // -0 (a rounded refund of nothing) is written as 0.
  return written.format(value === 0 ? 0 : value);
}

/**
 * A paginated report's cell as text in `locale` (en-US by default; the CSV keeps raw values): amounts and unit
 * prices (`money`, `rate`) of a report with a `currency` in that currency; other numbers and dates
 * through their format string (a date-time in UTC, as the service answers it), anything else as it is; blank is
 * empty.
 *
 * @example formatCell(1234.5, 'money') // → '1,234.50'
 * @example formatCell(3551, 'integer', 'de') // → '3.551'
 * @example formatCell('2024-06-07T22:42:21Z', 'datetime') // → '2024-06-07 22:42'
 * @example formatCell('2024-06-07T22:42:21Z', 'datetime', 'ja') // → '2024/06/07 22:42'
 * @example formatCell(193.85, 'money', 'de', 'EUR') // → '193,85 €' (a report in euros)
 */
export function formatCell(
  value: Cell,
  format: CellFormat,
  locale: string = DEFAULT_FORMAT_LOCALE,
  currency?: string,
): string {
  if (value === null) return '';
  if (typeof value === 'number' && currency !== undefined && (format === 'money' || format === 'rate'))
    return formatCurrency(value, format, locale, currency);
  const formatString = cellFormatString(format, locale);
  if (typeof value === 'number')
    return formatString === undefined || format === 'date' || format === 'datetime'
      ? String(value)
      : formatValue(value, formatString, locale);
  if (
    (format === 'datetime' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) ||
    (format === 'date' && /^\d{4}-\d{2}-\d{2}/.test(value))
  )
    return formatValue(value, formatString, locale);
  return value;
}
