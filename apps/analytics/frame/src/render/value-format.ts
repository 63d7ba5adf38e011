/**
 * The one place the frame turns values into text: the model's format strings (`formatValue` of
 * `@portico/analytics-model`) in the embed's locale (`frameLanguage`: the load's `localeSettings.language`, else the
 * embed URL's `language`). Axis labels, tooltips, data labels, cards, tables, matrices, slicers, the filters pane's
 * values and copied text all write through a `ValueFormatter`, so a German embed shows `7.585.653` and `März 2026`
 * everywhere and an English one `7,585,653` and `Mar 2026`. A value of a column whose model lists its values (`critical`)
 * shows its caption in the dataset's language (`Kritisch`): pass the column (an answer's `ResultColumn` or the
 * dataset's column) instead of its format. Only the text changes; filters, selections and exports keep the raw value.
 */
import type { ColumnValue } from '@portico/analytics-model';
import {
  compactNumber,
  DEFAULT_FORMAT_LOCALE,
  formatValue,
  isPercentFormat,
  percentTicksFormat,
  valueCaption,
} from '@portico/analytics-model';

type Value = string | number | boolean | null | undefined;

/** The column a value comes from, as far as writing it goes: its format and its listed values' captions. */
export interface ValueSource {
  readonly format?: string | undefined;
  readonly values?: readonly ColumnValue[] | undefined;
}

export interface ValueFormatter {
  /** The BCP 47 locale the values are written in. */
  readonly locale: string;
  /**
   * A value as the viewer reads it: a listed value's caption, else the value with its format string (a column's or
   * measure's, or the column itself), as `formatValue` writes it in the locale.
   */
  readonly value: (value: Value, source?: string | ValueSource) => string;
  /**
   * A value axis' number: compact (1.2K, 3,4 Mio.), or with the measure's format when that is a percentage. Given the
   * axis' largest value (`top`), a tick the locale would not shorten is written in the unit the top is shortened to,
   * so one axis never mixes `1,2 Mio.` with `800.000` (it reads `0,8 Mio.`).
   */
  readonly axis: (value: number, format?: string, top?: number) => string;
}

/** The locale for a language tag: the tag when `Intl` knows it, else en-US. */
export function formatLocale(language: string | undefined): string {
  if (!language) return DEFAULT_FORMAT_LOCALE;
  try {
    const [canonical] = Intl.getCanonicalLocales(language);
    return canonical && Intl.NumberFormat.supportedLocalesOf(canonical).length > 0
      ? canonical
      : DEFAULT_FORMAT_LOCALE;
  } catch {
    return DEFAULT_FORMAT_LOCALE;
  }
}

const formatters = new Map<string, ValueFormatter>();

/** @example ceilToFirstDigit(1_490_000) // → 2000000 */
function ceilToFirstDigit(value: number): number {
  const magnitude = Math.abs(value);
  if (!(magnitude > 0) || !Number.isFinite(magnitude)) return magnitude;
  const step = 10 ** Math.floor(Math.log10(magnitude));
  return Math.ceil(magnitude / step) * step;
}

/** The unit a locale's compact notation shortens `top` to: what it divides by and the words around the digits. */
interface CompactUnit {
  readonly divisor: number;
  readonly prefix: string;
  readonly suffix: string;
}

const NUMERIC_PARTS: ReadonlySet<string> = new Set(['integer', 'group', 'decimal', 'fraction']);

/**
 * @example compactUnit(1_490_000, 'de') // → { divisor: 1000000, prefix: '', suffix: '\u00a0Mio.' }
 * @example compactUnit(800_000, 'de') // → undefined (German writes 800.000 in full)
 */
function compactUnit(top: number, locale: string): CompactUnit | undefined {
  const magnitude = Math.abs(top);
  if (!Number.isFinite(magnitude) || magnitude === 0) return undefined;
  const parts = new Intl.NumberFormat(locale, {
    notation: 'compact',
    maximumFractionDigits: 1,
  }).formatToParts(magnitude);
  if (!parts.some((p) => p.type === 'compact')) return undefined;
  const first = parts.findIndex((p) => NUMERIC_PARTS.has(p.type));
  const last = parts.length - 1 - [...parts].reverse().findIndex((p) => NUMERIC_PARTS.has(p.type));
  const shown = Number(
    parts
      .filter((p) => p.type === 'integer' || p.type === 'fraction' || p.type === 'decimal')
      .map((p) => (p.type === 'decimal' ? '.' : p.value))
      .join(''),
  );
  if (first < 0 || !(shown > 0)) return undefined;
  const text = (from: number, to: number) =>
    parts
      .slice(from, to)
      .map((p) => p.value)
      .join('');
  return {
    divisor: 10 ** Math.round(Math.log10(magnitude / shown)),
    prefix: text(0, first),
    suffix: text(last + 1, parts.length),
  };
}

/** Digits, a sign and separators only: a compact number the locale did not shorten with a word or symbol. */
const PLAIN_NUMBER = /^[-−+]?[\d.,'\s\u00a0\u202f]+$/u;

/**
 * @example valueFormatter('de').value(7585653, '#,0') // → '7.585.653'
 * @example valueFormatter(undefined).value('2026-03-01', 'MMM yyyy') // → 'Mar 2026'
 */
export function valueFormatter(language: string | undefined): ValueFormatter {
  const locale = formatLocale(language);
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = {
      locale,
      value: (value, source) => {
        if (typeof source === 'string' || source === undefined) return formatValue(value, source, locale);
        return valueCaption(source.values, value) ?? formatValue(value, source.format, locale);
      },
      // A share's axis reads 0%–100% as its labels do, not 0–1; every other axis is compact, in the measure's
      // unit ('59.1%' of a `0.0"%"` measure ticks 0%–70%, a `$#,0` one $1.2M).
      axis: (value, format, top) => {
        if (format !== undefined && isPercentFormat(format)) {
          return formatValue(value, percentTicksFormat(format), locale);
        }
        const { prefix, suffix } = formatAffixes(format, locale);
        const number = axisNumber(value, top, locale);
        if (prefix === '' && suffix === '') return number;
        const negative = /^[-−]/u.test(number);
        return `${negative ? number[0] : ''}${prefix}${negative ? number.slice(1) : number}${suffix}`;
      },
    };
    formatters.set(locale, formatter);
  }
  return formatter;
}

/**
 * The text a number format writes around its digits (`$` of `$#,0`, `%` of `0.0"%"`, ` h` of `0.0 "h"`), for an
 * axis whose numbers are written compact but keep their unit. None for a date format or none at all.
 *
 * @example formatAffixes('0.0"%"', 'en-US') // → { prefix: '', suffix: '%' }
 */
export function formatAffixes(
  format: string | undefined,
  locale: string,
): { prefix: string; suffix: string } {
  const none = { prefix: '', suffix: '' };
  if (format === undefined || format.trim() === '') return none;
  const text = formatValue(1, format, locale);
  const first = text.search(/\p{Nd}/u);
  if (first < 0) return none;
  const last =
    text.length -
    [...text]
      .reverse()
      .join('')
      .search(/\p{Nd}/u);
  const prefix = text.slice(0, first);
  const suffix = text.slice(last);
  // Scientific notation (1.00E+00) has digits after its digits: no unit to keep.
  return /\p{Nd}/u.test(prefix + suffix) || /^e[+-]/i.test(suffix) ? none : { prefix, suffix };
}

/** A value axis' number without its unit: compact, in the unit of the axis' top where the locale shortens it. */
function axisNumber(value: number, top: number | undefined, locale: string): string {
  // Every tick of an axis whose top the locale shortens takes the top's unit ('0,8 Mio.' under '1,2 Mio.',
  // never '800.000'; ru '0,9 млн' under '1,5 млн', never '900 тыс.'; en '0.8M', never '800K'), as Power BI's
  // automatic display units write a whole axis in one unit.
  // The top rounded up to its first digit: ECharts' last tick can pass the data (950.000 → a 1 Mio. tick).
  const unit = top === undefined || value === 0 ? undefined : compactUnit(ceilToFirstDigit(top), locale);
  const compact = compactNumber(value, locale);
  // A tick the locale already writes in the top's unit stays as it writes it ('7,6 Mio.'), unless it has a second
  // decimal in that unit: a 0.25M step's 1.25M tick read "1.3M" in compact's one decimal.
  const inTopUnit = unit !== undefined && compact.startsWith(unit.prefix) && compact.endsWith(unit.suffix);
  const hundredths = unit === undefined ? 0 : (Math.abs(value) / unit.divisor) * 100;
  const twoDecimals =
    Math.abs(hundredths - Math.round(hundredths)) < 1e-6 && Math.round(hundredths) % 10 !== 0;
  if (unit && (!inTopUnit || twoDecimals)) {
    const digits = formatValue(Math.abs(value) / unit.divisor, '#,0.##', locale);
    return `${value < 0 ? '-' : ''}${unit.prefix}${digits}${unit.suffix}`;
  }
  if (!PLAIN_NUMBER.test(compact)) return compact;
  // A number the locale does not shorten (German below a million: '4000') is written as data labels and
  // cards write it, grouped ('4.000'), at most one decimal as a compact tick has.
  return formatValue(value, '#,0.#', locale);
}

/** en-US: where no language is known (unit tests, tools). */
export const ENGLISH_VALUES = valueFormatter(undefined);
