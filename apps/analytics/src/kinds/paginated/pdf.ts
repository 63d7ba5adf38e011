/**
 * PDF export: the same fixed-height pages as the screen (header block, body lines in batches, totals; every
 * `linesPerPage` lines a new page), a page header with the column titles and the group a page continues, and a
 * footer "Page X of Y". Pages are written as their lines arrive, and the producer waits while the reader is behind,
 * so memory stays at a batch of lines plus pdfkit's buffer.
 *
 * pdfkit makes the document (pages, compressed content streams, objects, streaming), but the text is written
 * below its text API, which lays out, measures and encodes every string it is given (most of an export's time when
 * each cell was one call). Here a line is one text object: the font set only when it changes on the page, one
 * absolute position, then each cell as a string moved to its column's fixed x (`Td`), right-aligned numbers placed by
 * the sum of their glyphs' widths from the fonts' metric tables. A sheet in English, German, Spanish or French is
 * written in the standard Helvetica family in WinAnsiEncoding (nothing embedded); Polish, Russian and Japanese need
 * glyphs WinAnsi lacks, so their sheets embed a subset of an installed font (`pdf-fonts.ts`: Noto Sans, Noto Sans CJK
 * JP) whose glyphs pdfkit encodes.
 */
import PDFDocument from 'pdfkit';
import type { ReportColumn, ReportLine } from '@portico/analytics-model';
import type { PaginatedReport } from './definition.ts';
import { TITLE_LINES } from './pagination.ts';
import { embeddedFaces } from './pdf-fonts.ts';
import type { EmbeddedFace } from './pdf-fonts.ts';
import type { StreamedLine } from './run.ts';
import type { Sheet } from './sheet.ts';

const PAGE = { width: 595.28, height: 841.89, margin: 36 } as const;
const WIDTH = PAGE.width - 2 * PAGE.margin;
/** The first body line's top: under the page header (name, "continued", two lines of column titles, a rule). */
const BODY_TOP = 97;
/**
 * Page 1's first line's top: page 1 has no page header (its header block's title names the report, and its column
 * titles are under that block), so the block starts where the report's name stands on the other pages.
 */
const FIRST_BODY_TOP = PAGE.margin;
const LINE_HEIGHT = 12.5;
const FONT_SIZE = 8;
/** Past this much unread output the producer waits for the reader. */
const HIGH_WATER = 1 << 20;
/**
 * Pages read per statement: 100 first (the first bytes go out early), then twice as many each time up to 800
 * (each statement evaluates the line stream again; 800 pages are about 42k lines in memory).
 */
const batchPages = (batch: number): number => Math.min(100 * 2 ** batch, 800);
/** Space kept between a cell's text and its column's edges. */
const PADDING = 2;

type Doc = InstanceType<typeof PDFDocument>;

/** What the writer reads of a report run (`ReportRun` is one): all its text in the sheet's language. */
export interface PdfSource {
  readonly report: Pick<PaginatedReport, 'layout' | 'currency'>;
  /** The report's name, the columns with their titles, the sheet (locale, language). */
  readonly name: string;
  readonly columns: readonly ReportColumn[];
  readonly sheet: Pick<Sheet, 'language' | 'format'>;
  /** "Page 2 of 5", "Berlin (continued)". */
  pageLabel(pageNumber: number): string;
  continuedLabel(group: string): string;
  readonly pageCount: number;
  readonly header: { readonly title: string; readonly lines: readonly string[] };
  readonly totals: readonly ReportLine[];
  /** The body lines in order, `batchSize(n)` in the n-th batch. */
  batches(
    batchSize: (batch: number) => number,
  ): AsyncIterable<readonly Pick<StreamedLine, 'line' | 'context'>[]>;
}

// --- Fonts -----------------------------------------------------------------------------------------------------

const FACES = {
  regular: { baseFont: 'Helvetica', resource: 'PR' },
  bold: { baseFont: 'Helvetica-Bold', resource: 'PB' },
  oblique: { baseFont: 'Helvetica-Oblique', resource: 'PI' },
} as const;
type Face = keyof typeof FACES;
/** The Helvetica family's ascender (its AFM files), in thousandths of the font size: the baseline below a line's top. */
const ASCENDER = 718;

/** WinAnsiEncoding's bytes 0x80–0x9F (Windows-1252) by the Unicode character they stand for. */
const WIN_ANSI_HIGH = new Map<number, number>([
  [0x20ac, 0x80],
  [0x201a, 0x82],
  [0x0192, 0x83],
  [0x201e, 0x84],
  [0x2026, 0x85],
  [0x2020, 0x86],
  [0x2021, 0x87],
  [0x02c6, 0x88],
  [0x2030, 0x89],
  [0x0160, 0x8a],
  [0x2039, 0x8b],
  [0x0152, 0x8c],
  [0x017d, 0x8e],
  [0x2018, 0x91],
  [0x2019, 0x92],
  [0x201c, 0x93],
  [0x201d, 0x94],
  [0x2022, 0x95],
  [0x2013, 0x96],
  [0x2014, 0x97],
  [0x02dc, 0x98],
  [0x2122, 0x99],
  [0x0161, 0x9a],
  [0x203a, 0x9b],
  [0x0153, 0x9c],
  [0x017e, 0x9e],
  [0x0178, 0x9f],
]);
const QUESTION_MARK = 0x3f;
const ELLIPSIS = 0x85;

/** Spaces WinAnsi lacks that Intl writes (French grouping and currency: `1 234,50 €`): a no-break space. */
const NARROW_SPACES = new Set([0x2009, 0x202f]);
const NO_BREAK_SPACE = 0xa0;

/**
 * The WinAnsi byte of a UTF-16 code unit: controls become spaces, thin and narrow no-break spaces a no-break space,
 * characters the encoding lacks '?'.
 */
function winAnsi(code: number): number {
  if (code < 0x20) return 0x20;
  if (NARROW_SPACES.has(code)) return NO_BREAK_SPACE;
  if (code < 0x7f || (code >= 0xa0 && code <= 0xff)) return code;
  return WIN_ANSI_HIGH.get(code) ?? QUESTION_MARK;
}

/** Each face's advance width of every WinAnsi byte, in thousandths of the font size; read once from pdfkit's AFMs. */
let widthTables: Record<Face, Float64Array> | undefined;

function widths(): Record<Face, Float64Array> {
  if (widthTables !== undefined) return widthTables;
  const characters = new Map<number, string>();
  for (let code = 0x20; code <= 0xff; code += 1) characters.set(code, String.fromCharCode(code));
  for (const [unicode, code] of WIN_ANSI_HIGH) characters.set(code, String.fromCharCode(unicode));
  const scratch = new PDFDocument({ autoFirstPage: false });
  const table = (face: Face): Float64Array => {
    scratch.font(FACES[face].baseFont).fontSize(1000);
    const row = new Float64Array(256);
    const unknown = scratch.widthOfString('?');
    for (let code = 0; code < 256; code += 1) {
      const character = characters.get(code);
      row[code] = character === undefined || code === 0x7f ? unknown : scratch.widthOfString(character);
    }
    return row;
  };
  widthTables = { regular: table('regular'), bold: table('bold'), oblique: table('oblique') };
  return widthTables;
}

/** A PDF number: at most two decimals, no exponent. */
const pdfNumber = (value: number): string => String(Math.round(value * 100) / 100);

/**
 * `text` as a PDF literal string in WinAnsi bytes, and its width in points at `size`; cut with an ellipsis to fit
 * `room` points. One pass over the characters, the widths read from a table.
 */
function encodeFitted(
  text: string,
  table: Float64Array,
  size: number,
  room: number,
): { literal: string; width: number } {
  const limit = (room * 1000) / size;
  const codes: number[] = [];
  let width = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = winAnsi(text.charCodeAt(i));
    codes.push(code);
    width += table[code] ?? 0;
  }
  if (width > limit) {
    const ellipsis = table[ELLIPSIS] ?? 0;
    while (codes.length > 0 && width + ellipsis > limit) width -= table[codes.pop() ?? 0] ?? 0;
    codes.push(ELLIPSIS);
    width += ellipsis;
  }
  let literal = '(';
  for (const code of codes) {
    if (code === 0x28 || code === 0x29 || code === 0x5c) literal += `\\${String.fromCharCode(code)}`;
    else if (code < 0x7f) literal += String.fromCharCode(code);
    else literal += `\\${code.toString(8)}`;
  }
  return { literal: `${literal})`, width: (width * size) / 1000 };
}

/** One string of a text line: at `x` (the column's left edge), `room` points wide, left- or right-aligned. */
interface Run {
  readonly text: string;
  readonly x: number;
  readonly room: number;
  readonly align: 'left' | 'right';
}

interface Column extends ReportColumn {
  readonly x: number;
  readonly w: number;
}

function placeColumns(columns: readonly ReportColumn[]): Column[] {
  let x = PAGE.margin;
  return columns.map((column) => {
    const placed = { ...column, x, w: column.width * WIDTH };
    x += placed.w;
    return placed;
  });
}

/** A face as the writer draws with it: its page resource, and a text as a string operand cut to fit. */
interface WriterFace {
  readonly resource: string;
  /** `text` as a PDF string operand, cut with an ellipsis to `room` points at `size`, and its width in points. */
  fit(text: string, size: number, room: number): { operand: string; width: number };
  /** The face's width of `text` at `size`, uncut. */
  width(text: string, size: number): number;
  /** Names the face in the current page's resources. */
  install(doc: Doc): void;
}

/** The standard Helvetica faces in WinAnsiEncoding, not embedded. */
function standardFaces(doc: Doc): Record<Face, WriterFace> {
  const tables = widths();
  const face = (name: Face): WriterFace => {
    const ref = doc.ref({
      Type: 'Font',
      Subtype: 'Type1',
      BaseFont: FACES[name].baseFont,
      Encoding: 'WinAnsiEncoding',
    });
    ref.end(undefined);
    const table = tables[name];
    return {
      resource: FACES[name].resource,
      fit: (text, size, room) => {
        const { literal, width } = encodeFitted(text, table, size, room);
        return { operand: literal, width };
      },
      width: (text, size) => encodeFitted(text, table, size, Infinity).width,
      install: (target) => {
        (target.page.fonts as Record<string, unknown>)[FACES[name].resource] = ref;
      },
    };
  };
  return { regular: face('regular'), bold: face('bold'), oblique: face('oblique') };
}

/**
 * An embedded face (pdfkit encodes its glyphs into the subset it embeds at the end). Text is encoded a character at
 * a time, each character's glyph and width asked of pdfkit once (no shaping: the sheets' scripts need none, and a
 * sheet's lines repeat the same few hundred characters).
 */
function embeddedFace(font: EmbeddedFace): WriterFace {
  const known = new Map<number, { id: string; width: number }>();
  const glyphOf = (codePoint: number) => {
    let glyph = known.get(codePoint);
    if (glyph === undefined) {
      const [ids] = font.encode(String.fromCodePoint(codePoint < 0x20 ? 0x20 : codePoint));
      const id = ids.join('');
      glyph = { id, width: ids.reduce((sum, one) => sum + (font.widths[parseInt(one, 16)] ?? 0), 0) };
      known.set(codePoint, glyph);
    }
    return glyph;
  };
  const glyphs = (text: string): { ids: string[]; widths: number[] } => {
    const ids: string[] = [];
    const widths: number[] = [];
    for (const character of text) {
      const glyph = glyphOf(character.codePointAt(0) ?? 0x20);
      ids.push(glyph.id);
      widths.push(glyph.width);
    }
    return { ids, widths };
  };
  const ellipsis = glyphs('…');
  const ellipsisWidth = ellipsis.widths.reduce((a, b) => a + b, 0);
  const fit = (text: string, size: number, room: number) => {
    const limit = (room * 1000) / size;
    const { ids, widths: advances } = glyphs(text);
    let width = advances.reduce((a, b) => a + b, 0);
    if (width > limit) {
      while (ids.length > 0 && width + ellipsisWidth > limit) {
        ids.pop();
        width -= advances.pop() ?? 0;
      }
      ids.push(...ellipsis.ids);
      width += ellipsisWidth;
    }
    return { operand: `<${ids.join('')}>`, width: (width * size) / 1000 };
  };
  return {
    resource: font.id,
    fit,
    width: (text, size) => fit(text, size, Infinity).width,
    install: (target) => {
      (target.page.fonts as Record<string, unknown>)[font.id] = font.ref();
    },
  };
}

/**
 * A column title on at most two lines: whole words while they fit, the rest on the second line. A title breaks at
 * spaces and at zero-width spaces (where a Japanese title may break), else between any two characters.
 *
 * @example wrapTitle('Preis je Seite', 40, measure) // → ['Preis je', 'Seite']
 */
export function wrapTitle(title: string, room: number, measure: (text: string) => number): string[] {
  const plain = title.replace(/\u200b/g, '').trim();
  if (measure(plain) <= room) return [plain];
  // Words and the separators between them: a space joins two words on a line, a zero-width space joins them tight.
  const parts = /[\s\u200b]/.test(title.trim())
    ? title.trim().split(/(\s+|\u200b)/)
    : [...plain].flatMap((c) => ['', c]).slice(1);
  const join = (separator: string) => (/\s/.test(separator) ? ' ' : '');
  let first = parts[0] ?? '';
  let index = 1;
  while (
    index + 1 < parts.length &&
    measure(first + join(parts[index] ?? '') + (parts[index + 1] ?? '')) <= room
  ) {
    first += join(parts[index] ?? '') + (parts[index + 1] ?? '');
    index += 2;
  }
  const rest = parts
    .slice(index + 1)
    .map((part, i) => (i % 2 === 1 ? join(part) : part))
    .join('');
  return rest === '' ? [first] : [first, rest];
}

/**
 * A cell's text on as many lines as it needs, each fitting `room` (as `wrapTitle` breaks them; a single word wider
 * than the room stays whole, to be cut with an ellipsis), at most `most` lines (the last holds the rest).
 *
 * @example wrapCell('Device offline: not reachable on the network', 120, measure) // → ['Device offline: not', 'reachable on the network']
 */
export function wrapCell(text: string, room: number, measure: (text: string) => number, most = 4): string[] {
  const lines: string[] = [];
  let rest = text.trim();
  while (rest !== '' && lines.length < most - 1) {
    const [first = '', next = ''] = wrapTitle(rest, room, measure);
    lines.push(first);
    rest = next.trim();
  }
  if (rest !== '') lines.push(rest);
  return lines.length === 0 ? [''] : lines;
}

/** Han, kana and full-width forms: text that breaks between any two characters. */
const CJK = /[\u3000-\u9fff\uff00-\uffef]/;

/**
 * Each column's room for a cell's text in points and the width of a text in the sheet's regular face at the lines'
 * size, as `line()` draws detail cells (a wider text is cut with an ellipsis): to check that listed values' captions
 * fit their column in every language.
 */
export function cellRooms(
  columns: readonly ReportColumn[],
  language: string,
): { room: number; width: (text: string) => number }[] {
  const doc = new PDFDocument({ autoFirstPage: false });
  const embedded = embeddedFaces(doc, language);
  const regular = embedded === undefined ? standardFaces(doc).regular : embeddedFace(embedded.regular);
  return placeColumns(columns).map((column) => ({
    room: column.w - 2 * PADDING,
    width: (text: string) => regular.width(text, FONT_SIZE),
  }));
}

/**
 * How a sheet in `language` writes its column titles: each title's lines and whether every line fits its column
 * (a title that does not is cut with an ellipsis).
 */
export function columnTitleLines(
  columns: readonly ReportColumn[],
  language: string,
): { lines: string[]; fits: boolean }[] {
  const doc = new PDFDocument({ autoFirstPage: false });
  const embedded = embeddedFaces(doc, language);
  const bold = embedded === undefined ? standardFaces(doc).bold : embeddedFace(embedded.bold);
  return placeColumns(columns).map((column) => {
    const room = column.w - 2 * PADDING;
    const measure = (text: string) => bold.width(text, FONT_SIZE);
    const lines = wrapTitle(column.title, room, measure);
    // A word is never broken, except in a language written without spaces.
    const plain = column.title
      .replace(/\u200b/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    const whole = lines.length === 1 || CJK.test(plain) || lines.join(' ') === plain;
    return {
      lines,
      fits: whole && lines.length <= TITLE_LINES && lines.every((line) => measure(line) <= room + 0.01),
    };
  });
}

class PdfWriter {
  private readonly columns: Column[];
  private readonly faces: Record<Face, WriterFace>;
  private position = 0;
  private pageNumber = 0;
  /** The text state of the current page: its font is kept from one text object to the next. */
  private font: string | undefined;

  constructor(
    private readonly doc: Doc,
    private readonly source: PdfSource,
  ) {
    this.columns = placeColumns(source.columns);
    const embedded = embeddedFaces(doc, source.sheet.language);
    this.faces =
      embedded === undefined
        ? standardFaces(doc)
        : {
            regular: embeddedFace(embedded.regular),
            bold: embeddedFace(embedded.bold),
            oblique: embeddedFace(embedded.oblique),
          };
  }

  private get linesPerPage(): number {
    return this.source.report.layout.linesPerPage;
  }

  /** One text object: `runs` on the line whose top is `top`, in one face and size. */
  private text(face: Face, size: number, top: number, runs: readonly Run[]): void {
    const writer = this.faces[face];
    let content = 'BT';
    const font = `/${writer.resource} ${size} Tf`;
    if (font !== this.font) content += ` ${font}`;
    let lineStart: number | undefined;
    for (const run of runs) {
      if (run.text === '') continue;
      const { operand, width } = writer.fit(run.text, size, run.room - 2 * PADDING);
      const x = run.align === 'right' ? run.x + run.room - PADDING - width : run.x + PADDING;
      // The page's space is pdfkit's (y down); the text matrix flips the glyphs upright again.
      content +=
        lineStart === undefined
          ? ` 1 0 0 -1 ${pdfNumber(x)} ${pdfNumber(top + (ASCENDER * size) / 1000)} Tm`
          : ` ${pdfNumber(x - lineStart)} 0 Td`;
      content += ` ${operand} Tj`;
      lineStart = x;
    }
    // A line with nothing to draw writes nothing, and leaves the page's font as it was.
    if (lineStart === undefined) return;
    this.doc.addContent(`${content} ET`);
    this.font = font;
  }

  private rule(y: number): void {
    this.doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.width - PAGE.margin, y)
      .lineWidth(0.5)
      .stroke();
  }

  /**
   * The column titles in two lines from `top`, each wrapped onto two lines rather than cut; a one-line title sits on
   * the second line, right above the values. A rule under them.
   */
  private titles(top: number): void {
    const bold = this.faces.bold;
    const room = (c: Column) => c.w - 2 * PADDING;
    const wrapped = this.columns.map((c) => wrapTitle(c.title, room(c), (t) => bold.width(t, FONT_SIZE)));
    for (let row = 0; row < TITLE_LINES; row += 1) {
      const runs = this.columns.map((c, index): Run => {
        const lines = wrapped[index] ?? [];
        const text = lines[row - (TITLE_LINES - lines.length)] ?? '';
        return { text, x: c.x, room: c.w, align: c.align };
      });
      this.text('bold', FONT_SIZE, top + row * LINE_HEIGHT, runs);
    }
    // Under the descenders of the second line, clear of the next line's capitals.
    this.rule(top + TITLE_LINES * LINE_HEIGHT - 2.5);
  }

  private startPage(continued: string | undefined): void {
    const { doc, source } = this;
    this.pageNumber += 1;
    doc.addPage({ size: [PAGE.width, PAGE.height], margin: PAGE.margin });
    this.font = undefined;
    for (const face of Object.values(this.faces)) face.install(doc);
    const whole = (text: string): Run[] => [{ text, x: PAGE.margin, room: WIDTH, align: 'left' }];
    // Page 1 opens with the header block, its title in the name's place and its column titles under it; the report's
    // name heads every other page (printed twice on page 1 it read "Device alerts by site" over itself).
    if (this.pageNumber > 1) {
      this.text('bold', 11, PAGE.margin, whole(source.name));
      if (continued !== undefined)
        this.text('oblique', FONT_SIZE, 54, whole(source.continuedLabel(continued)));
      this.titles(BODY_TOP - 3 - TITLE_LINES * LINE_HEIGHT);
    }
    const half = WIDTH / 2;
    this.text('regular', FONT_SIZE, PAGE.height - PAGE.margin - 10, [
      { text: source.name, x: PAGE.margin, room: half, align: 'left' },
      {
        text: source.pageLabel(this.pageNumber),
        x: PAGE.margin + half,
        room: half,
        align: 'right',
      },
    ]);
  }

  /** The top of the next line, opening a page first when the current one is full. */
  private nextLine(continued: string | undefined): number {
    if (this.position % this.linesPerPage === 0) this.startPage(continued);
    const y =
      (this.pageNumber === 1 ? FIRST_BODY_TOP : BODY_TOP) + (this.position % this.linesPerPage) * LINE_HEIGHT;
    this.position += 1;
    return y;
  }

  headerLine(text: string, title: boolean): void {
    const y = this.nextLine(undefined);
    this.text(title ? 'bold' : 'regular', title ? 11 : FONT_SIZE, y, [
      { text, x: PAGE.margin, room: WIDTH, align: 'left' },
    ]);
  }

  /** The column titles under the header block (page 1): `TITLE_LINES` lines. */
  headerTitles(): void {
    const top = this.nextLine(undefined);
    for (let row = 1; row < TITLE_LINES; row += 1) this.nextLine(undefined);
    this.titles(top);
  }

  line(line: ReportLine, context: string | undefined): void {
    const { columns } = this;
    const y = this.nextLine(line.kind === 'group' ? undefined : context);
    const bold = line.kind !== 'detail' && line.kind !== 'continuation' && line.kind !== 'note';
    const runs: Run[] = [];
    if (line.label !== '') {
      const firstCell = line.cells.findIndex((c) => c !== null);
      const end = firstCell <= 0 ? PAGE.margin + WIDTH : (columns[firstCell]?.x ?? PAGE.margin + WIDTH);
      const indent = line.kind === 'subgroup' ? 8 : 0;
      runs.push({
        text: line.label,
        x: PAGE.margin + indent,
        room: end - PAGE.margin - indent,
        align: 'left',
      });
    }
    line.cells.forEach((value, index) => {
      const column = columns[index];
      if (column === undefined || value === null) return;
      runs.push({
        text: this.source.sheet.format(value, column.format, this.source.report.currency),
        x: column.x,
        room: column.w,
        align: column.align,
      });
    });
    this.text(bold ? 'bold' : 'regular', line.kind === 'group' ? 9 : FONT_SIZE, y, runs);
    if (line.kind === 'total') this.rule(y - 2);
  }

  get pages(): number {
    return this.pageNumber;
  }
}

/** Resolves once the reader has taken enough of the output (or the export was abandoned). */
async function drained(doc: Doc, signal: AbortSignal | undefined): Promise<void> {
  while (doc.readableLength > HIGH_WATER && !signal?.aborted && !doc.destroyed) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * The report as a PDF stream. Pages are produced while the stream is read; `signal` stops the work when the
 * client goes away.
 *
 * ```ts
 * reply.type('application/pdf').send(renderPdf(run, { signal }));
 * ```
 */
export function renderPdf(source: PdfSource, options: { signal?: AbortSignal } = {}): Doc {
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    info: { Title: source.name, Creator: 'Portico analytics' },
  });
  const writer = new PdfWriter(doc, source);
  const produce = async (): Promise<void> => {
    const header = source.header;
    writer.headerLine(header.title, true);
    for (const text of header.lines) writer.headerLine(text, false);
    writer.headerTitles();
    const { linesPerPage } = source.report.layout;
    for await (const batch of source.batches((n) => linesPerPage * batchPages(n))) {
      for (const streamed of batch) writer.line(streamed.line, streamed.context);
      await drained(doc, options.signal);
      if (options.signal?.aborted || doc.destroyed) {
        doc.destroy();
        return;
      }
    }
    for (const line of source.totals) writer.line(line, undefined);
    if (writer.pages !== source.pageCount) {
      throw new Error(`the PDF has ${writer.pages} pages where the report counted ${source.pageCount}`);
    }
    doc.end();
  };
  produce().catch((error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))));
  return doc;
}
