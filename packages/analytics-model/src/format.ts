/**
 * The one format-string interpreter: the report frame writes visuals' values with the model's format strings (`#,0`,
 * `#,0.0`, `0.0%`, `yyyy-MM-dd`; enough of the .NET syntax for the sample models, falling back to the plain value),
 * and paginated reports write their cells (on screen and in the PDF) through the same strings.
 */
import type { Cell, CellFormat } from './paginated-types.ts';

type Value = string | number | boolean | null | undefined;

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(decimals: number, grouping: boolean, percent: boolean): Intl.NumberFormat {
  const key = `${decimals}|${grouping}|${percent}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: grouping,
      ...(percent ? { style: 'percent' } : {}),
    });
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * @example formatValue(1234.5, '#,0') // → '1,235'
 * @example formatValue(0.256, '0.0%') // → '25.6%'
 */
export function formatValue(value: Value, format?: string): string {
  if (value === null || value === undefined) return '(Blank)';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'string') return format === undefined ? value : formatDate(value, format);
  if (format === undefined || !/[#0]/.test(format)) {
    return Number.isInteger(value) ? numberFormat(0, true, false).format(value) : String(value);
  }
  const decimals = /\.([0#]+)/.exec(format)?.[1]?.length ?? 0;
  return numberFormat(decimals, format.includes(','), format.includes('%')).format(value);
}

/** Large numbers for axes: 1.2K, 3.4M. */
export function compactNumber(value: number): string {
  return new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * An ISO date (`2024-03-01`, as the service answers dates) in a date format string (`yyyy`, `MMMM`, `MMM`, `MM`,
 * `dd`); any other text as it is.
 *
 * @example formatDate('2024-03-01', 'MMM yyyy') // → 'Mar 2024'
 */
export function formatDate(text: string, format: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!match || !/[yMd]/.test(format)) return text;
  const [, year = '', month = '', day = ''] = match;
  const index = Number(month) - 1;
  return format.replace(/yyyy|MMMM|MMM|MM|dd/g, (token) => {
    switch (token) {
      case 'yyyy':
        return year;
      case 'MMMM':
        return LONG_MONTHS[index] ?? month;
      case 'MMM':
        return MONTHS[index] ?? month;
      case 'MM':
        return month;
      default:
        return day;
    }
  });
}

/** The format string of each numeric paginated cell format (locale-free, so screen and PDF show the same text). */
const CELL_FORMATS: Readonly<Partial<Record<CellFormat, string>>> = {
  integer: '#,0',
  money: '#,0.00',
  rate: '0.0000',
  hours: '#,0.0',
};

/**
 * A paginated report's cell as text (the CSV keeps raw values): numbers through their format string, a `datetime`
 * as `yyyy-MM-dd HH:mm` (UTC, as the service answers it), anything else as it is; blank is empty.
 *
 * @example formatCell(1234.5, 'money') // → '1,234.50'
 * @example formatCell('2024-06-07T22:42:21Z', 'datetime') // → '2024-06-07 22:42'
 */
export function formatCell(value: Cell, format: CellFormat): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    const formatString = CELL_FORMATS[format];
    // `+ 0` turns a negative zero into 0, which prints without a sign.
    return formatString === undefined ? String(value) : formatValue(value + 0, formatString);
  }
  if (format === 'datetime' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) {
    return `${value.slice(0, 10)} ${value.slice(11, 16)}`;
  }
  return value;
}
