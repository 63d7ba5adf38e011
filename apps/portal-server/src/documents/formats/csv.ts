import type { ReportContext } from '../context.ts';
import { CHUNK_CHARS } from './chunks.ts';
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

// Only free text needs the quoting and formula checks; numbers, booleans, ISO dates and codes are written as they
// are (`undefined`: no call at all on the hot path). Text repeats (a device id runs for hundreds of rows), so each
// text column remembers its last encoding.
function encoderFor(column: Column): Encoder | undefined {
  if (column.type !== 'text') return undefined;
  let lastValue: Cell = null;
  let lastText = '';
  return (value) => {
    if (value === lastValue) return lastText;
    lastValue = value;
    lastText = value === null ? '' : csvText(String(value));
    return lastText;
  };
}

/**
 * The CSV of a tabular report in pieces of about a chunk: BOM, one header row of localised column names, then one
 * line per row with CRLF endings (RFC 4180). Values stay in machine form whatever the language (see the README).
 */
export function* csvLines(
  columns: readonly Column[],
  rows: Iterable<readonly Cell[]>,
  context: ReportContext,
): Generator<string> {
  const encoders = columns.map(encoderFor);
  const width = columns.length;
  const header = columns.map((c) => csvField(context.messages.columns[c.key])).join(',');
  yield `${BOM}${header}\r\n`;
  // The hot path of the largest reports (see bench/report-csv.ts): an indexed loop, and lines gathered into
  // chunk-sized pieces here rather than yielded one by one.
  let piece = '';
  for (const row of rows) {
    for (let i = 0; i < width; i++) {
      const value = row[i] ?? null;
      const encode = encoders[i];
      const field = encode !== undefined ? encode(value) : value === null ? '' : String(value);
      piece += i === 0 ? field : ',' + field;
    }
    piece += '\r\n';
    if (piece.length >= CHUNK_CHARS) {
      yield piece;
      piece = '';
    }
  }
  if (piece !== '') yield piece;
}
