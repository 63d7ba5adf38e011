/**
 * The only place SQL text is assembled from pieces. Identifiers come from the semantic model and are quoted;
 * values never enter the text: each becomes a positional parameter (`$2`), optionally cast to the column's type.
 */
import { LIST, listValue, VARCHAR } from '@duckdb/node-api';
import type { DuckDBType, DuckDBValue } from '@duckdb/node-api';
import type { Aggregation, DataType, MeasureFormula, ModelColumn } from '@portico/analytics-model';
import { QueryError } from '@portico/analytics-model';

/**
 * The most values one statement binds. Each costs DuckDB about 0.15 ms to bind, so without a cap a 2 MiB request of
 * many filters (100 of 1,000 values each took 15 s) would hold a connection for tens of seconds. Twice the 10,000
 * values a single filter may hold, because a filter is repeated in each measure table's subquery.
 */
export const MAX_BOUND_VALUES = 20_000;

/** `"name"`, with embedded quotes doubled. Only ever called with names from the model or generated aliases. */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A value ready to bind: the JS value and, for dates and timestamps, the cast that gives it its type in SQL. */
export interface BoundValue {
  readonly value: string | number | boolean;
  readonly cast?: 'DATE' | 'TIMESTAMP';
}

/** Collects the parameters of one statement. `$1` is always the row-level-security list of databaseNames. */
export class SqlParams {
  readonly values: DuckDBValue[];
  /** The declared types of the leading parameters: `$1` is a VARCHAR list even when it is empty. */
  readonly types: readonly DuckDBType[] = [LIST(VARCHAR)];

  constructor(databaseNames: readonly string[]) {
    this.values = [listValue([...databaseNames])];
  }

  /** The placeholder of the row-level-security list. */
  get rls(): string {
    return '$1';
  }

  /** Adds a parameter and returns its placeholder: `$3` or `CAST($3 AS DATE)`. */
  add(bound: BoundValue): string {
    if (this.values.length > MAX_BOUND_VALUES) {
      throw new QueryError(
        `The query binds more than ${MAX_BOUND_VALUES} filter values in all: narrow its filters`,
      );
    }
    this.values.push(bound.value);
    const placeholder = `$${this.values.length}`;
    return bound.cast === undefined ? placeholder : `CAST(${placeholder} AS ${bound.cast})`;
  }
}

/** `"t0"."model"` */
export function columnRef(alias: string, column: ModelColumn): string {
  return `${ident(alias)}.${ident(column.source)}`;
}

function aggregate(aggregation: Aggregation, expr: string): string {
  switch (aggregation) {
    case 'sum':
      return `sum(${expr})`;
    case 'avg':
      return `avg(${expr})`;
    case 'count':
      return `count(${expr})`;
    case 'distinctCount':
      return `count(DISTINCT ${expr})`;
    case 'min':
      return `min(${expr})`;
    case 'max':
      return `max(${expr})`;
  }
}

/** The aggregate expression of a measure over the table aliased `alias`. */
export function measureExpr(alias: string, formula: MeasureFormula): string {
  if ('aggregation' in formula) return aggregate(formula.aggregation, columnRef(alias, formula.column));
  const numerator = aggregate(formula.numerator.aggregation, columnRef(alias, formula.numerator.column));
  const denominator = aggregate(
    formula.denominator.aggregation,
    columnRef(alias, formula.denominator.column),
  );
  return `(CAST(${numerator} AS DOUBLE) / nullif(${denominator}, 0))`;
}

/** SQL type for a column's values when a predicate has to cast a parameter. */
export function castFor(dataType: DataType): BoundValue['cast'] {
  if (dataType === 'date') return 'DATE';
  if (dataType === 'dateTime') return 'TIMESTAMP';
  return undefined;
}
