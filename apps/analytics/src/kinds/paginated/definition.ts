/**
 * What a paginated report is on the server: its parameters, columns and page layout, and the SQL of its ordered
 * line stream and of its one-row summary (header block and totals). Statements are written for the engine's
 * {@link Dialect} (sql.ts): values are parameters (DuckDB) or typed literals (ClickHouse), and every table enters a
 * statement restricted to the token's databaseNames.
 */
import type { CellValue } from '../../data/engine.ts';
import type { Dialect, StatementValues } from '../../query/dialect.ts';
import type { PageLayout } from './pagination.ts';
import type { ParameterContext, ParameterDefinition, ParameterValues } from './parameters.ts';
import type { Sheet } from './sheet.ts';
import type { LineKeys } from './sql.ts';
import type { PaginatedReportInfo, ReportColumn, ReportLine } from '@portico/analytics-model';

/** A statement's text with its bound values. */
export interface BoundSql {
  readonly sql: string;
  readonly statement: StatementValues;
}

export type SummaryRow = Readonly<Record<string, CellValue>>;

/**
 * A column of the sheet. `values` names the model column its cells come from when that column lists its values
 * (`values:` in the model file): the sheet then shows each value's caption in the viewer's language ("Warnung" for
 * `warning`), on screen and in the PDF, while sorting, grouping and the CSV keep the raw value.
 */
export interface SheetColumn extends ReportColumn {
  readonly values?: { readonly table: string; readonly column: string };
  /**
   * A column of the CSV's records that the sheet does not draw (screen and PDF): the line stream still carries its
   * cell, at its place among the columns, and the CSV writes it raw under `title`; its `width` is 0.
   */
  readonly csvOnly?: boolean;
  /**
   * A `values` column whose captions wrap onto `continuation` lines rather than being cut: the report's line stream
   * adds, after a detail line, as many continuation lines as its longest wrapped caption needs (`LineWraps`).
   */
  readonly wrap?: boolean;
}

/**
 * For each wrapping column (by index), the raw values whose caption in the sheet's language needs more than
 * `k + 1` lines in the PDF's font, for k = 0, 1, …: `over[k]`. A report's `lines` adds continuation line `k + 1`
 * after every detail line with such a value in a wrapping column.
 */
export type LineWraps = ReadonlyMap<number, readonly (readonly string[])[]>;

/**
 * A paginated report. `lines` yields, in the order of `keys`, rows with the columns `kind`, `label`, `context`,
 * `g1…gG` (the `groupColumns`, for CSV), `c1…cN` (the `columns`) and the key columns `k1…`. Keys are text or integers
 * and never null, so that together they order the lines totally. Given `wraps`, it adds a `continuation` line (its
 * label the line's number k after the detail, its wrapping columns' raw values) right after each detail line with a
 * value in `wraps` for that k.
 */
export interface PaginatedReport extends PaginatedReportInfo {
  /** The semantic model whose tables the statements read; its captions label the `values` columns' cells. */
  readonly datasetId: string;
  /**
   * The ISO 4217 code of the report's amounts, when it has some: its `money` and `rate` columns are written in it on
   * screen and in the PDF (the page answer's `currency`), and the CSV, whose values are raw numbers, carries it in a
   * last `Currency` column on every record.
   */
  readonly currency?: string;
  readonly parameters: readonly ParameterDefinition[];
  readonly columns: readonly SheetColumn[];
  readonly groupColumns: readonly string[];
  readonly keys: LineKeys;
  /** `headerLines` counts the title, the header's lines and the column titles under them (`TITLE_LINES`). */
  readonly layout: PageLayout;
  lines(
    values: ParameterValues,
    databaseNames: readonly string[],
    dialect: Dialect,
    wraps?: LineWraps,
  ): BoundSql;
  summary(values: ParameterValues, databaseNames: readonly string[], dialect: Dialect): BoundSql;
  /**
   * The header block in the sheet's language: the title and `layout.headerLines - 1 - TITLE_LINES` lines (the column
   * titles follow it).
   */
  header(
    summary: SummaryRow,
    values: ParameterValues,
    context: ParameterContext,
    sheet: Sheet,
  ): { title: string; lines: string[] };
  /** The totals in the sheet's language: `layout.footerLines` lines. */
  totals(summary: SummaryRow, values: ParameterValues, sheet: Sheet): ReportLine[];
  /**
   * The titles of the columns the sheet draws (`sheetColumns`), in the sheet's language (`columns[].title` are the
   * stable English names the CSV keeps).
   */
  columnTitles(sheet: Sheet): readonly string[];
  /** A line's label as the sheet shows it (the line stream's label is language-neutral: a heading, or counts). */
  label(line: ReportLine, sheet: Sheet): string;
}

export const text = (value: CellValue | undefined): string =>
  value === null || value === undefined ? '' : String(value);
export const num = (value: CellValue | undefined): number => (typeof value === 'number' ? value : 0);

/**
 * The columns the sheet draws, on screen and in the PDF: every column but the CSV's own (`csvOnly`), in order.
 *
 * ```ts
 * sheetColumns(DEVICE_ALERTS_REPORT.columns).map((c) => c.title); // no 'Code': the CSV alone carries it
 * ```
 */
export const sheetColumns = (columns: readonly SheetColumn[]): SheetColumn[] =>
  columns.filter((column) => column.csvOnly !== true);

/** `line`'s cells under the columns the sheet draws (`sheetColumns`); a line without cells as it is. */
export function sheetLine(line: ReportLine, columns: readonly SheetColumn[]): ReportLine {
  if (line.cells.length === 0 || columns.every((column) => column.csvOnly !== true)) return line;
  return { ...line, cells: line.cells.filter((_, index) => columns[index]?.csvOnly !== true) };
}
