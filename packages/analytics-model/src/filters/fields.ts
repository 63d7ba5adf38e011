/**
 * Select items and filter targets resolved against the model: a column of a table, or a measure (a named one, or
 * an implicit aggregation of a column such as "Sum of Pages").
 */
import type { Aggregation, DataType, FieldRef, ModelColumn } from '../content-types.ts';
import { QueryError } from './query-error.ts';
import type { ModelIndex } from './model-index.ts';

export interface ColumnField {
  readonly kind: 'column';
  readonly table: string;
  readonly column: ModelColumn;
  readonly queryName: string;
  readonly displayName: string;
  readonly dataType: DataType;
  readonly format?: string;
}

/** What a measure computes: an aggregation of one column, or one aggregation divided by another. */
export type MeasureFormula =
  | { readonly aggregation: Aggregation; readonly column: ModelColumn }
  | {
      readonly numerator: { readonly aggregation: Aggregation; readonly column: ModelColumn };
      readonly denominator: { readonly aggregation: Aggregation; readonly column: ModelColumn };
    };

export interface MeasureField {
  readonly kind: 'measure';
  /** The measure's home table: the table it aggregates. */
  readonly table: string;
  readonly formula: MeasureFormula;
  readonly queryName: string;
  readonly displayName: string;
  readonly dataType: DataType;
  readonly format?: string;
}

export type ResolvedField = ColumnField | MeasureField;

/** models' AggregateFunction names (and their usual spellings) → the model's aggregations. */
const AGGREGATIONS: Readonly<Record<string, Aggregation>> = {
  sum: 'sum',
  average: 'avg',
  avg: 'avg',
  count: 'count',
  distinctcount: 'distinctCount',
  min: 'min',
  max: 'max',
};
const AGGREGATION_LABEL: Readonly<Record<Aggregation, string>> = {
  sum: 'Sum',
  avg: 'Average',
  count: 'Count',
  distinctCount: 'Count (distinct)',
  min: 'Min',
  max: 'Max',
};
const NUMERIC: ReadonlySet<DataType> = new Set(['integer', 'decimal']);

function aggregationOf(name: unknown): Aggregation {
  const found = typeof name === 'string' ? AGGREGATIONS[name.toLowerCase()] : undefined;
  if (found === undefined) {
    throw new QueryError(
      `Unknown aggregation function '${String(name).slice(0, 50)}' (use Sum, Average, Count, DistinctCount, Min or Max)`,
    );
  }
  return found;
}

function aggregateType(aggregation: Aggregation, column: ModelColumn): DataType {
  if (aggregation === 'count' || aggregation === 'distinctCount') return 'integer';
  if (aggregation === 'avg') return 'decimal';
  return column.dataType;
}

function checkAggregation(aggregation: Aggregation, column: ModelColumn, where: string): void {
  if ((aggregation === 'sum' || aggregation === 'avg') && !NUMERIC.has(column.dataType)) {
    throw new QueryError(
      `${AGGREGATION_LABEL[aggregation]} needs a numeric column; ${where} is ${column.dataType}`,
    );
  }
}

/** An implicit measure: `{ table: 'Meter readings', column: 'Pages', aggregationFunction: 'Sum' }`. */
export function aggregationField(
  index: ModelIndex,
  table: unknown,
  column: unknown,
  fn: unknown,
): MeasureField {
  const found = index.column(table, column);
  const aggregation = aggregationOf(fn);
  const name = `${found.table.model.name}.${found.column.name}`;
  checkAggregation(aggregation, found.column, name);
  const keepFormat = aggregation !== 'count' && aggregation !== 'distinctCount' && found.column.format;
  return {
    kind: 'measure',
    table: found.table.model.name,
    formula: { aggregation, column: found.column },
    queryName: `${AGGREGATION_LABEL[aggregation]}(${name})`,
    displayName: `${AGGREGATION_LABEL[aggregation]} of ${found.column.displayName}`,
    dataType: aggregateType(aggregation, found.column),
    ...(keepFormat ? { format: keepFormat } : {}),
  };
}

export function columnField(index: ModelIndex, table: unknown, column: unknown): ColumnField {
  const found = index.column(table, column);
  return {
    kind: 'column',
    table: found.table.model.name,
    column: found.column,
    queryName: `${found.table.model.name}.${found.column.name}`,
    displayName: found.column.displayName,
    dataType: found.column.dataType,
    ...(found.column.format === undefined ? {} : { format: found.column.format }),
  };
}

export function measureField(index: ModelIndex, table: unknown, measure: unknown): MeasureField {
  const found = index.measure(table, measure);
  const m = found.measure;
  const tableName = found.table.model.name;
  const part = (name: string) => {
    const inner = index.measure(tableName, name).measure;
    if (!('aggregation' in inner)) throw new QueryError(`Measure '${tableName}'.'${name}' cannot be nested`);
    return { aggregation: inner.aggregation, column: index.column(tableName, inner.column).column };
  };
  const formula: MeasureFormula =
    'aggregation' in m
      ? { aggregation: m.aggregation, column: index.column(tableName, m.column).column }
      : { numerator: part(m.ratio.numerator), denominator: part(m.ratio.denominator) };
  return {
    kind: 'measure',
    table: tableName,
    formula,
    queryName: `${tableName}.${m.name}`,
    displayName: m.displayName,
    dataType: 'aggregation' in formula ? aggregateType(formula.aggregation, formula.column) : 'decimal',
    format: m.format,
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Resolves a select item or an order-by field.
 *
 * ```ts
 * resolveField(index, { measure: { table: 'Meter readings', measure: 'Total pages' } }).kind; // 'measure'
 * ```
 */
export function resolveField(index: ModelIndex, ref: FieldRef | unknown): ResolvedField {
  if (!isObject(ref)) throw new QueryError('A field must be an object such as { column: { table, column } }');
  const { column, measure, aggregation, hierarchyLevel } = ref;
  if (isObject(column)) return columnField(index, column['table'], column['column']);
  if (isObject(measure)) return measureField(index, measure['table'], measure['measure']);
  if (isObject(aggregation)) {
    return aggregationField(index, aggregation['table'], aggregation['column'], aggregation['function']);
  }
  if (isObject(hierarchyLevel)) {
    const found = index.hierarchyLevel(
      hierarchyLevel['table'],
      hierarchyLevel['hierarchy'],
      hierarchyLevel['level'],
    );
    return columnField(index, found.table.model.name, found.column.name);
  }
  throw new QueryError('A field needs one of column, measure, aggregation or hierarchyLevel');
}

/** Two fields ask for the same thing (same column, or same measure formula on the same table). */
export function sameField(a: ResolvedField, b: ResolvedField): boolean {
  return a.kind === b.kind && a.table === b.table && a.queryName === b.queryName;
}
