/**
 * PDF export with pdfkit's built-in Helvetica: the same fixed-height pages as the screen (header block, body lines
 * in batches, totals; every `linesPerPage` lines a new page), a page header with the column titles and the group a
 * page continues, and a footer "Page X of Y". Pages are written as their lines arrive, and the producer waits
 * while the reader is behind, so memory stays at a batch of lines plus pdfkit's buffer.
 */
import PDFDocument from 'pdfkit';
import { formatCell } from './format.ts';
import type { ReportRun } from './run.ts';
import type { ReportColumn, ReportLine } from './types.ts';

const PAGE = { width: 595.28, height: 841.89, margin: 36 } as const;
const WIDTH = PAGE.width - 2 * PAGE.margin;
const BODY_TOP = 84;
const LINE_HEIGHT = 12.5;
const FONT_SIZE = 8;
/** Past this much unread output the producer waits for the reader. */
const HIGH_WATER = 1 << 20;
const BATCH_PAGES = 100;

type Doc = InstanceType<typeof PDFDocument>;

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

/** `text` cut with an ellipsis to fit `width` at the current font. */
function fit(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${text.slice(0, mid)}…`) <= width) low = mid;
    else high = mid - 1;
  }
  return `${text.slice(0, low)}…`;
}

/** Writes `text` in a box without pdfkit's line wrapper (the slow part of text layout). */
function put(doc: Doc, text: string, x: number, y: number, width: number, align: 'left' | 'right'): void {
  const shown = fit(doc, text, width - 4);
  if (shown === '') return;
  const left = align === 'right' ? x + width - 2 - doc.widthOfString(shown) : x + 2;
  doc.text(shown, left, y, { lineBreak: false });
}

class PdfWriter {
  private readonly columns: Column[];
  private position = 0;
  private pageNumber = 0;

  constructor(
    private readonly doc: Doc,
    private readonly run: ReportRun,
  ) {
    this.columns = placeColumns(run.report.columns);
  }

  private get linesPerPage(): number {
    return this.run.report.layout.linesPerPage;
  }

  private startPage(continued: string | undefined): void {
    const { doc, run } = this;
    this.pageNumber += 1;
    doc.addPage({ size: [PAGE.width, PAGE.height], margin: PAGE.margin });
    doc.font('Helvetica-Bold').fontSize(11);
    put(doc, run.report.name, PAGE.margin, PAGE.margin, WIDTH, 'left');
    if (continued !== undefined) {
      doc.font('Helvetica-Oblique').fontSize(FONT_SIZE);
      put(doc, `${continued} (continued)`, PAGE.margin, 54, WIDTH, 'left');
    }
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
    for (const column of this.columns) put(doc, column.title, column.x, 68, column.w, column.align);
    doc
      .moveTo(PAGE.margin, 79)
      .lineTo(PAGE.width - PAGE.margin, 79)
      .lineWidth(0.5)
      .stroke();
    doc.font('Helvetica').fontSize(FONT_SIZE);
    const footerY = PAGE.height - PAGE.margin - 10;
    put(doc, run.report.name, PAGE.margin, footerY, WIDTH / 2, 'left');
    put(
      doc,
      `Page ${this.pageNumber} of ${run.pageCount}`,
      PAGE.margin + WIDTH / 2,
      footerY,
      WIDTH / 2,
      'right',
    );
  }

  /** The y of the next line, opening a page first when the current one is full. */
  private nextLine(continued: string | undefined): number {
    if (this.position % this.linesPerPage === 0) this.startPage(continued);
    const y = BODY_TOP + (this.position % this.linesPerPage) * LINE_HEIGHT;
    this.position += 1;
    return y;
  }

  headerLine(text: string, title: boolean): void {
    const y = this.nextLine(undefined);
    this.doc.font(title ? 'Helvetica-Bold' : 'Helvetica').fontSize(title ? 11 : FONT_SIZE);
    put(this.doc, text, PAGE.margin, y, WIDTH, 'left');
  }

  line(line: ReportLine, context: string | undefined): void {
    const { doc, columns } = this;
    const y = this.nextLine(line.kind === 'group' ? undefined : context);
    const bold = line.kind !== 'detail' && line.kind !== 'note';
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(line.kind === 'group' ? 9 : FONT_SIZE);
    if (line.label !== '') {
      const firstCell = line.cells.findIndex((c) => c !== null);
      const end = firstCell <= 0 ? PAGE.margin + WIDTH : (columns[firstCell]?.x ?? PAGE.margin + WIDTH);
      const indent = line.kind === 'subgroup' ? 8 : 0;
      put(doc, line.label, PAGE.margin + indent, y, end - PAGE.margin - indent, 'left');
    }
    line.cells.forEach((value, index) => {
      const column = columns[index];
      if (column === undefined || value === null) return;
      put(doc, formatCell(value, column.format), column.x, y, column.w, column.align);
    });
    if (line.kind === 'total') {
      doc
        .moveTo(PAGE.margin, y - 2)
        .lineTo(PAGE.width - PAGE.margin, y - 2)
        .lineWidth(0.5)
        .stroke();
    }
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
export function renderPdf(run: ReportRun, options: { signal?: AbortSignal } = {}): Doc {
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    info: { Title: run.report.name, Creator: 'Portico analytics' },
  });
  const writer = new PdfWriter(doc, run);
  const produce = async (): Promise<void> => {
    const header = run.header;
    writer.headerLine(header.title, true);
    for (const text of header.lines) writer.headerLine(text, false);
    for await (const batch of run.batches(run.report.layout.linesPerPage * BATCH_PAGES)) {
      for (const streamed of batch) writer.line(streamed.line, streamed.context);
      await drained(doc, options.signal);
      if (options.signal?.aborted || doc.destroyed) {
        doc.destroy();
        return;
      }
    }
    for (const line of run.totals) writer.line(line, undefined);
    if (writer.pages !== run.pageCount) {
      throw new Error(`the PDF has ${writer.pages} pages where the report counted ${run.pageCount}`);
    }
    doc.end();
  };
  produce().catch((error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))));
  return doc;
}
