/**
 * RFC 4180 CSV: CRLF line ends, every field that holds a comma, a quote or a line break quoted, quotes doubled. Text
 * that a spreadsheet would take for a formula (starting with =, +, -, @, tab or CR) is prefixed with an apostrophe,
 * as OWASP advises for CSV files meant to be opened in spreadsheets.
 */
import type { QueryAnswer } from '@portico/analytics-model';

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

function field(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A query answer as CSV, headed by the columns' display names.
 *
 * ```ts
 * toCsv({ columns: [{ displayName: 'Model', … }], rows: [['A, B']], truncated: false }); // 'Model\r\n"A, B"\r\n'
 * ```
 */
export function toCsv(answer: Pick<QueryAnswer, 'columns' | 'rows'>): string {
  const lines = [answer.columns.map((c) => field(c.displayName)).join(',')];
  for (const row of answer.rows) lines.push(row.map(field).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
