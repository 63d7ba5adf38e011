/**
 * What a paginated report is on the server: its parameters, columns and page layout, and the SQL of its ordered
 * line stream and of its one-row summary (header block and totals). Statements are built with {@link Statement}:
 * `$1` is always the token's databaseNames, and every table enters a statement through {@link restricted}.
 */
import { BOOLEAN, DOUBLE, INTEGER, LIST, listValue, VARCHAR } from '@duckdb/node-api';
import type { DuckDBType, DuckDBValue } from '@duckdb/node-api';
import type { CellValue } from '../../data/engine.ts';
import type { FleetTable } from '../../data/fleet-schema.ts';
import type { PageLayout } from './pagination.ts';
import type { ParameterContext, ParameterDefinition, ParameterValues } from './parameters.ts';
import type { PaginatedReportInfo, ReportColumn, ReportLine } from '@portico/analytics-model';

/** A parameterised statement under construction; `$1` is the row-level-security list. */
export class Statement {
  readonly values: DuckDBValue[];
  readonly types: DuckDBType[];

  constructor(databaseNames: readonly string[]) {
    this.values = [listValue([...databaseNames])];
    this.types = [LIST(VARCHAR)];
  }

  private bind(value: DuckDBValue, type: DuckDBType): string {
    this.values.push(value);
    this.types.push(type);
    return `$${this.values.length}`;
  }

  text(value: string | null): string {
    return this.bind(value, VARCHAR);
  }

  texts(values: readonly string[]): string {
    return this.bind(listValue([...values]), LIST(VARCHAR));
  }

  number(value: number): string {
    return this.bind(value, DOUBLE);
  }

  integer(value: number): string {
    return this.bind(value, INTEGER);
  }

  boolean(value: boolean): string {
    return this.bind(value, BOOLEAN);
  }
}

/** `(SELECT * FROM devices WHERE list_contains($1, database_name))`: the only way a table enters a statement. */
export const restricted = (table: FleetTable): string =>
  `(SELECT * FROM ${table} WHERE list_contains($1, database_name))`;

/** A statement's text with its bound values. */
export interface BoundSql {
  readonly sql: string;
  readonly statement: Statement;
}

export type SummaryRow = Readonly<Record<string, CellValue>>;

/**
 * A paginated report. `lines` yields, in the order of `keys`, rows with the columns `kind`, `label`, `context`,
 * `g1…gG` (the `groupColumns`, for CSV), `c1…cN` (the `columns`) and the key columns. Keys are VARCHAR or INTEGER
 * and never null, so that together they order the lines totally.
 */
export interface PaginatedReport extends PaginatedReportInfo {
  readonly parameters: readonly ParameterDefinition[];
  readonly columns: readonly ReportColumn[];
  readonly groupColumns: readonly string[];
  readonly keys: readonly { readonly name: string; readonly type: 'VARCHAR' | 'INTEGER' }[];
  readonly layout: PageLayout;
  lines(values: ParameterValues, databaseNames: readonly string[]): BoundSql;
  summary(values: ParameterValues, databaseNames: readonly string[]): BoundSql;
  /** The header block: `layout.headerLines` lines in all, the title included. */
  header(
    summary: SummaryRow,
    values: ParameterValues,
    context: ParameterContext,
  ): { title: string; lines: string[] };
  /** The totals: `layout.footerLines` lines. */
  totals(summary: SummaryRow, values: ParameterValues): ReportLine[];
}

export const text = (value: CellValue | undefined): string =>
  value === null || value === undefined ? '' : String(value);
export const num = (value: CellValue | undefined): number => (typeof value === 'number' ? value : 0);
