import type { ReportContext } from '../context.ts';
import { ByteChunks } from './byte-chunk.ts';
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

const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;

/**
 * The CSV of a tabular report in chunks of about 64 KB of UTF-8: BOM, one header row of localised column names,
 * then one line per row with CRLF endings (RFC 4180). Values stay in machine form whatever the language (see the
 * README).
 */
export function* csvLines(
  columns: readonly Column[],
  rows: Iterable<readonly Cell[]>,
  context: ReportContext,
): Generator<Buffer> {
  const encoders = columns.map(encoderFor);
  const width = columns.length;
  const out = new ByteChunks();
  out.string(`${BOM}${columns.map((c) => csvField(context.messages.columns[c.key])).join(',')}\r\n`);
  // The hot path of the largest reports (see bench/report-csv.ts): values go into the chunk's bytes as they are
  // read (an integer digit by digit), with no string per value or per line.
  for (const row of rows) {
    for (let i = 0; i < width; i++) {
      if (i > 0) out.byte(COMMA);
      const value = row[i] ?? null;
      const encode = encoders[i];
      if (encode !== undefined) out.string(encode(value));
      else if (typeof value === 'number') out.number(value);
      else if (value !== null) out.string(String(value));
    }
    out.byte(CR);
    out.byte(LF);
    if (out.full) yield out.take();
  }
  const rest = out.rest();
  if (rest.length > 0) yield rest;
}
