/**
 * The shapes of paginated reports shared by the service and the frame (no Node imports): parameter definitions as
 * the frame shows them, the lines a page is made of, and the answer of a page request.
 */

/** A cell of a line: text, a number, or blank. */
export type Cell = string | number | null;

/** How a column's numbers and dates are written, on screen, in the PDF and nowhere else (CSV keeps raw values). */
export type CellFormat = 'text' | 'integer' | 'money' | 'rate' | 'hours' | 'date' | 'datetime';

export interface ReportColumn {
  readonly title: string;
  /** Share of the page's usable width; a report's columns add up to 1. */
  readonly width: number;
  readonly align: 'left' | 'right';
  readonly format: CellFormat;
}

/**
 * One fixed-height line of the body: a group heading (`group`, `subgroup`: `label` spans the page), a detail row
 * (`detail`: `cells` under the columns), the rest of a detail row's wrapped text (`continuation`: the next line of
 * each cell that wraps, the others blank), a group's `subtotal` or a report `total` (a label and cells), or a `note`
 * (a label alone).
 */
export interface ReportLine {
  readonly kind: 'group' | 'subgroup' | 'detail' | 'continuation' | 'subtotal' | 'total' | 'note';
  readonly label: string;
  readonly cells: readonly Cell[];
}

export type ParameterType = 'String' | 'Date' | 'Month' | 'Decimal' | 'Boolean';

/** A parameter as the frame shows it: its definition, the values it may take here, and its current value(s). */
export interface ResolvedParameter {
  readonly name: string;
  readonly prompt: string;
  readonly type: ParameterType;
  readonly multiValue: boolean;
  /** A blank value is allowed and means "all" (shown as `allLabel`). */
  readonly nullable: boolean;
  readonly allLabel?: string;
  /** When set, the only values accepted; `label` is what the panel shows. */
  readonly validValues?: readonly { readonly value: string; readonly label: string }[];
  readonly min?: string;
  readonly max?: string;
  /** The effective value(s) as text; empty for a blank nullable parameter. */
  readonly values: readonly string[];
}

/** models' IParameterValue: what the load config and every request carry. */
export interface ParameterValue {
  readonly name: string;
  readonly value?: string | null;
}

/** `POST /frame-api/paginated-reports/:id/pages/:n` answers this. */
export interface PageAnswer {
  readonly reportId: string;
  readonly name: string;
  /** 1-based. */
  readonly pageNumber: number;
  readonly pageCount: number;
  /** Lines of the whole report (header block, body and totals). */
  readonly lineCount: number;
  readonly linesPerPage: number;
  readonly parameters: readonly ResolvedParameter[];
  /** The columns, their titles in the sheet's language. */
  readonly columns: readonly ReportColumn[];
  /** The BCP 47 locale the sheet writes its cells in (`formatCell(value, format, locale)`), as the PDF does. */
  readonly locale: string;
  /**
   * ISO 4217 code of the report's amounts (`EUR`), when it has some: its `money` and `rate` columns are written as
   * that currency in the sheet's locale (`formatCell(value, format, locale, currency)`: `€193.85`, `193,85 €`), on
   * screen and in the PDF.
   */
  readonly currency?: string;
  /** The page's footer, "Page 2 of 5", in the sheet's language. */
  readonly footer: string;
  /** The header block, on page 1 only: a title and a few lines of text (the column titles follow it). */
  readonly header?: { readonly title: string; readonly lines: readonly string[] };
  /** When the page starts inside a group: that group's heading, repeated in the page header. */
  readonly continued?: string;
  /** `continued` as the page header writes it: "Berlin (continued)" in the sheet's language. */
  readonly continuedLabel?: string;
  readonly lines: readonly ReportLine[];
}

/** What the list route answers for each report. */
export interface PaginatedReportInfo {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly workspaceId: string;
}
