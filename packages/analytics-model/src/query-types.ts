/**
 * The query API: what a visual asks of a dataset, and what comes back. The frame builds one of these per visual
 * (see content/visual-query.ts) and posts it to `/frame-api/query`, or a page's queries together to
 * `/frame-api/queries`.
 */
import type { ColumnValue, DataType, FieldRef } from './content-types.ts';

export interface OrderByItem {
  readonly field: FieldRef;
  /** `'Ascending'` / `'Descending'`, or models' SortDirection (1 / 2). */
  readonly direction: 'Ascending' | 'Descending' | 1 | 2;
}

/**
 * One visual's question. The selected columns are the grouping (GROUP BY), the selected measures are aggregated per
 * group; with no measure the answer is the distinct combinations of the columns (a slicer's list).
 *
 * ```ts
 * const query: VisualQuery = {
 *   select: [{ column: { table: 'Devices', column: 'Model' } }, { measure: { table: 'Meter readings', measure: 'Total pages' } }],
 *   filters: [new BasicFilter({ table: 'Devices', column: 'Site' }, 'In', 'Berlin').toJSON()],
 *   orderBy: [{ field: { measure: { table: 'Meter readings', measure: 'Total pages' } }, direction: 'Descending' }],
 *   top: 10,
 * };
 * ```
 */
export interface VisualQuery {
  /** Optional; when given it must be the report's dataset. */
  readonly datasetId?: string;
  readonly select: readonly FieldRef[];
  /** Report, page and visual filters together, as models' filter JSON (`$schema` optional). */
  readonly filters?: readonly unknown[];
  readonly orderBy?: readonly OrderByItem[];
  /** Most rows to return (default and maximum {@link MAX_QUERY_ROWS}). */
  readonly top?: number;
}

/** The most rows a summarized query (and a summarized export) returns, as in Power BI. */
export const MAX_QUERY_ROWS = 30_000;
/** The most rows an underlying-data export returns, as in Power BI. */
export const MAX_UNDERLYING_ROWS = 150_000;

export interface ResultColumn {
  /** The select item as it was asked for. */
  readonly field: FieldRef;
  readonly kind: 'column' | 'measure';
  /** `Devices.Model`, `Meter readings.Total pages`, `Sum of Pages`. */
  readonly queryName: string;
  readonly displayName: string;
  readonly dataType: DataType;
  readonly format?: string;
  /**
   * A column's listed values with their captions in the viewer's language (`relabelAnswer` adds them from the
   * dataset): the frame orders and captions the column's values by them; the rows keep the raw values.
   */
  readonly values?: readonly ColumnValue[];
}

export interface QueryAnswer {
  readonly columns: ResultColumn[];
  /** One array per row, in the order of `columns`. */
  readonly rows: (string | number | boolean | null)[][];
  /** True when more rows matched than `top` allowed. */
  readonly truncated: boolean;
}

/**
 * The most queries one `POST /frame-api/queries` takes: a page's visuals in one request (the frame splits a larger
 * page into several batches).
 */
export const MAX_BATCH_QUERIES = 32;

/**
 * One line of `POST /frame-api/queries`' answer (NDJSON, a line per query as soon as it is answered, in any order):
 * the answer of the query at `index` of the batch, or why that query alone failed (`status` and `code` as the
 * single-query route would have answered them: 400 INVALID_QUERY, 503 ENGINE_UNAVAILABLE with `source`, 500 INTERNAL).
 */
export type QueryBatchLine =
  | { readonly index: number; readonly answer: QueryAnswer }
  | {
      readonly index: number;
      readonly error: {
        readonly status: number;
        readonly code: string;
        readonly message: string;
        readonly source?: string;
      };
    };

/** Who is asking: the row-level-security identity and the clock relative filters count from. */
export interface QueryContext {
  /** The accounts the caller may see; every table of every query is restricted to them. */
  readonly databaseNames: readonly string[];
  /** "Now" for relative date and time filters; default the real clock. */
  readonly now?: Date;
}
