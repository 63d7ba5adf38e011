import type { AccountData } from '@portico/fleet-data';
import type { ColumnKey, FactKey, ParameterName, ReportKindId, SectionKey } from './i18n/messages.ts';

/**
 * How a column's values are written: machine form in CSV and XML (ISO dates, plain numbers, codes), localised
 * form in HTML and DOCX (Intl dates and numbers, translated supply and severity names).
 */
export type ColumnType =
  'text' | 'integer' | 'percent' | 'date' | 'month' | 'timestamp' | 'boolean' | 'supply' | 'severity';

export type Cell = string | number | boolean | null;

export interface Column {
  readonly key: ColumnKey;
  readonly type: ColumnType;
}

/** Shorthand for column lists: `columns(['deviceId', 'text'], ['monoPages', 'integer'])`. */
export const columns = (...list: readonly (readonly [ColumnKey, ColumnType])[]): readonly Column[] =>
  list.map(([key, type]) => ({ key, type }));

/** Validated parameter values, by name (each kind declares the names it reads). */
export type ParameterValues = ReadonlyMap<ParameterName, string>;

/** What a tabular kind's rows are made from: the account's data and the validated parameters. */
export interface RowSource {
  readonly data: AccountData;
  readonly parameters: ParameterValues;
}

/** A kind that is one long table: offered as CSV, XML and HTML, streamed row by row. */
export interface TabularDefinition {
  readonly id: ReportKindId;
  readonly office: false;
  readonly fileBaseName: string;
  readonly parameters: readonly ParameterName[];
  readonly columns: readonly Column[];
  /** A fresh pass over the rows, in `columns` order; lazily generated, never held whole. */
  rows(source: RowSource): Iterable<readonly Cell[]>;
}

/** A small table of an office report; bounded (tens of rows) by construction. */
export interface SummaryTable {
  readonly heading: SectionKey;
  readonly columns: readonly Column[];
  readonly rows: readonly (readonly Cell[])[];
}

export interface SummaryFact {
  readonly label: FactKey | ColumnKey;
  readonly value: Cell;
  readonly type: ColumnType;
}

/** The content of an office report, computed in one pass per row set with bounded aggregates. */
export interface Summary {
  readonly facts: readonly SummaryFact[];
  readonly tables: readonly SummaryTable[];
}

/** A kind that is a summary document: offered as DOCX only (spec §4). */
export interface OfficeDefinition {
  readonly id: ReportKindId;
  readonly office: true;
  readonly fileBaseName: string;
  readonly parameters: readonly ParameterName[];
  summarise(source: RowSource): Summary;
}

export type ReportDefinition = TabularDefinition | OfficeDefinition;
