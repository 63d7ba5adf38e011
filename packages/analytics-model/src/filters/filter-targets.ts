/**
 * What a filter acts on: a column, a measure, a hierarchy level, or a column or level with an aggregation, resolved
 * against the model.
 */
import { QueryError } from './query-error.ts';
import { aggregationField, columnField, measureField } from './fields.ts';
import type { ColumnField, ResolvedField } from './fields.ts';
import type { ModelIndex } from './model-index.ts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A filter target: a column, a measure, a hierarchy level, or a column or level with an aggregation. */
export function resolveTarget(index: ModelIndex, target: unknown): ResolvedField {
  if (!isObject(target)) throw new QueryError('target must be an object such as { table, column }');
  if (target['percentOfGrandTotal'] === true)
    throw new QueryError('percentOfGrandTotal targets are not supported');
  const { table, column, measure, hierarchy, hierarchyLevel, aggregationFunction } = target;
  if (measure !== undefined) return measureField(index, table, measure);
  let columnName = column;
  if (column === undefined && hierarchy !== undefined) {
    columnName = index.hierarchyLevel(table, hierarchy, hierarchyLevel).column.name;
  }
  if (columnName === undefined) throw new QueryError('target needs a column, measure or hierarchy level');
  return aggregationFunction === undefined
    ? columnField(index, table, columnName)
    : aggregationField(index, table, columnName, aggregationFunction);
}

export function columnTarget(index: ModelIndex, target: unknown, what: string): ColumnField {
  const field = resolveTarget(index, target);
  if (field.kind !== 'column') throw new QueryError(`${what} must target a column, not ${field.queryName}`);
  return field;
}

export function columnTargets(index: ModelIndex, raw: unknown, what: string): ColumnField[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 10) {
    throw new QueryError(`${what} needs a target array of 1 to 10 columns`);
  }
  return raw.map((target: unknown) => columnTarget(index, target, what));
}
