/**
 * The pieces of SQL text every compiled statement shares, written through its engine's {@link Dialect}.
 * Identifiers come from the semantic model and are quoted; values never enter the text raw: each becomes a
 * parameter (DuckDB) or a typed literal (ClickHouse), see dialect.ts.
 */
import type { DataType, ModelColumn } from '@portico/analytics-model';
import type { BoundValue, Dialect } from './dialect.ts';
import type { MeasureFormula } from '@portico/analytics-model';

export { MAX_BOUND_VALUES } from './dialect.ts';
export type { BoundValue, StatementValues } from './dialect.ts';

/** `"t0"."model"` (DuckDB) or `` `t0__model` `` (ClickHouse). */
export function columnRef(dialect: Dialect, alias: string, column: Pick<ModelColumn, 'source'>): string {
  return dialect.columnRef(alias, column);
}

/** The aggregate expression of a measure over the table aliased `alias`. */
export function measureExpr(dialect: Dialect, alias: string, formula: MeasureFormula): string {
  if ('aggregation' in formula) {
    return dialect.aggregate(formula.aggregation, columnRef(dialect, alias, formula.column));
  }
  const numerator = dialect.aggregate(
    formula.numerator.aggregation,
    columnRef(dialect, alias, formula.numerator.column),
  );
  const denominator = dialect.aggregate(
    formula.denominator.aggregation,
    columnRef(dialect, alias, formula.denominator.column),
  );
  return `(${dialect.toDouble(numerator)} / nullif(${denominator}, 0))`;
}

/** SQL type for a column's values when a predicate has to cast a value. */
export function castFor(dataType: DataType): BoundValue['cast'] {
  if (dataType === 'date') return 'DATE';
  if (dataType === 'dateTime') return 'TIMESTAMP';
  return undefined;
}
