import type { ReportContext } from '../context.ts';
import type { Cell, Column } from '../model.ts';

/** Excel and LibreOffice read a UTF-8 file as UTF-8 only when it starts with a byte-order mark. */
export const BOM = '\uFEFF';
const NEEDS_QUOTES = /[",\r\n]/;
const QUOTE = /"/g;
// A cell starting with one of these is run as a formula by spreadsheets (CSV injection, OWASP).
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One RFC 4180 field: quoted (with inner quotes doubled) only when it holds a comma, quote or line break.
 *
 * @example csvField('Tower 1, Floor 4') // '"Tower 1, Floor 4"'
 */
export function csvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(QUOTE, '""')}"` : text;
}

/** A text cell made safe for spreadsheets: a leading formula character gets an apostrophe before it. */
export const csvText = (text: string): string => csvField(FORMULA_START.test(text) ? `'${text}` : text);

type Encoder = (value: Cell) => string;

// Numbers, booleans, ISO dates and codes never need quoting; only free text goes through the checks.
function encoderFor(column: Column): Encoder {
  if (column.type === 'text') return (value) => (value === null ? '' : csvText(String(value)));
  return (value) => (value === null ? '' : String(value));
}

/**
 * The CSV of a tabular report, line by line: BOM, one header row of localised column names, then one line per
 * row with CRLF endings (RFC 4180). Values stay in machine form whatever the language (see the README).
 */
export function* csvLines(
  columns: readonly Column[],
  rows: Iterable<readonly Cell[]>,
  context: ReportContext,
): Generator<string> {
  const encoders = columns.map(encoderFor);
  const header = columns.map((c) => csvField(context.messages.columns[c.key])).join(',');
  yield `${BOM}${header}\r\n`;
  for (const row of rows) {
    let line = '';
    for (const [i, encode] of encoders.entries())
      line += i === 0 ? encode(row[i] ?? null) : `,${encode(row[i] ?? null)}`;
    yield `${line}\r\n`;
  }
}
