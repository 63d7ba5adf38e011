/**
 * How cells are written on screen and in the PDF (the CSV keeps raw values): fixed, locale-free formats, so both
 * show the same text and a line always fits its column.
 */
import type { Cell, CellFormat } from './types.ts';

const grouped = (value: number, digits: number): string => {
  const [whole = '0', fraction] = Math.abs(value).toFixed(digits).split('.');
  const withCommas = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${withCommas}${fraction === undefined ? '' : `.${fraction}`}`;
};

/**
 * `formatCell(1234.5, 'money')` → `'1,234.50'`; `formatCell('2024-06-07T22:42:21Z', 'datetime')` → `'2024-06-07 22:42'`.
 */
export function formatCell(value: Cell, format: CellFormat): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    switch (format) {
      case 'integer':
        return grouped(value, 0);
      case 'money':
        return grouped(value, 2);
      case 'rate':
        return value.toFixed(4);
      case 'hours':
        return grouped(value, 1);
      default:
        return String(value);
    }
  }
  if (format === 'datetime' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) {
    return `${value.slice(0, 10)} ${value.slice(11, 16)}`;
  }
  return value;
}
