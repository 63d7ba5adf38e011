import {
  AlignmentType,
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { headerPairs, type ReportContext } from '../context.ts';
import type { ColumnKey, FactKey } from '../i18n/messages.ts';
import type { Cell, Column, Summary, SummaryFact, SummaryTable } from '../model.ts';
import { createLocalFormatter, isNumeric, type LocalFormatter } from '../values.ts';

const HEADER_FILL = '00796B';
const FULL_WIDTH = { size: 100, type: WidthType.PERCENTAGE } as const;

const cell = (text: string, numeric: boolean, header = false) =>
  new TableCell({
    children: [
      new Paragraph({
        alignment: numeric ? AlignmentType.RIGHT : AlignmentType.LEFT,
        children: [new TextRun(header ? { text, bold: true, color: 'FFFFFF' } : { text })],
      }),
    ],
    ...(header ? { shading: { type: ShadingType.CLEAR, fill: HEADER_FILL, color: 'auto' } } : {}),
  });

const factLabel = (label: SummaryFact['label'], { messages }: ReportContext): string =>
  label in messages.facts ? messages.facts[label as FactKey] : messages.columns[label as ColumnKey];

/** A table whose header row Word repeats on every page (`tableHeader`). */
function table(
  columns: readonly Column[],
  rows: readonly (readonly Cell[])[],
  context: ReportContext,
  format: LocalFormatter,
) {
  return new Table({
    width: FULL_WIDTH,
    rows: [
      new TableRow({
        tableHeader: true,
        children: columns.map((c) => cell(context.messages.columns[c.key], isNumeric(c.type), true)),
      }),
      ...rows.map(
        (row) =>
          new TableRow({
            cantSplit: true,
            children: columns.map((c, i) => cell(format(row[i] ?? null, c.type), isNumeric(c.type))),
          }),
      ),
    ],
  });
}

function section(summaryTable: SummaryTable, context: ReportContext, format: LocalFormatter) {
  const heading = new Paragraph({
    heading: HeadingLevel.HEADING_2,
    children: [new TextRun(context.messages.sections[summaryTable.heading])],
  });
  if (summaryTable.rows.length === 0) return [heading, new Paragraph(context.messages.labels.none)];
  return [heading, table(summaryTable.columns, summaryTable.rows, context, format)];
}

/**
 * A Word document of an office report: title, header facts (account, customer, period, generation time,
 * parameters), key figures and one headed table per section, all localised.
 */
export function buildDocx(summary: Summary, context: ReportContext): Document {
  const { messages } = context;
  const format = createLocalFormatter(context.language, messages);
  const header = headerPairs(context, format).map(
    ([label, value]) =>
      new Paragraph({ children: [new TextRun({ text: `${label}: `, bold: true }), new TextRun(value)] }),
  );
  const figures = new Table({
    width: FULL_WIDTH,
    rows: summary.facts.map(
      (fact) =>
        new TableRow({
          children: [
            cell(factLabel(fact.label, context), false),
            cell(format(fact.value, fact.type), isNumeric(fact.type)),
          ],
        }),
    ),
  });
  return new Document({
    creator: 'Portico',
    title: context.title,
    description: `${context.title} – ${context.account.databaseName}`,
    styles: { default: { document: { run: { font: 'Calibri', size: 20 } } } },
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(context.title)] }),
          ...header,
          new Paragraph({
            heading: HeadingLevel.HEADING_2,
            children: [new TextRun(messages.sections.keyFigures)],
          }),
          figures,
          ...summary.tables.flatMap((t) => section(t, context, format)),
        ],
      },
    ],
  });
}

/** The packed document as bytes. DOCX is a zip, so it is assembled whole; office reports are bounded summaries. */
export async function* docxBytes(document: Document): AsyncGenerator<Buffer> {
  yield await Packer.toBuffer(document);
}
