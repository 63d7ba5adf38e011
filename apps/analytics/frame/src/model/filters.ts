/**
 * Filter bookkeeping, free of React and the DOM: how an update operation changes a list of filters, and the filters
 * a slicer selection or a clicked data point makes. Which filters reach a visual is the model package's
 * `filtersReachingVisual`.
 */
import { BasicFilter, FiltersOperations } from '@portico/models';
import type { IFilter } from '@portico/models';
import type { FieldRef } from '@portico/analytics-model';

/** The column (or measure) a filter targets, as `table|column` — what `Replace` matches on. */
export function filterTargetKey(filter: IFilter): string {
  const target = (filter as unknown as { target?: Record<string, unknown> }).target ?? {};
  const name = target.column ?? target.measure ?? target.level ?? target.hierarchy ?? '';
  return `${String(target.table ?? '')}|${String(name)}`;
}

/**
 * The filters after one `POST …/filters` operation (powerbi-client's `updateFilters`).
 *
 * @example applyFiltersOperation([a], FiltersOperations.Add, [b]) // → [a, b]
 */
export function applyFiltersOperation(
  current: readonly IFilter[],
  operation: FiltersOperations,
  filters: readonly IFilter[],
): IFilter[] {
  switch (operation) {
    case FiltersOperations.RemoveAll:
      return [];
    case FiltersOperations.ReplaceAll:
      return [...filters];
    case FiltersOperations.Add:
      return [...current, ...filters];
    case FiltersOperations.Replace: {
      const replaced = new Map(filters.map((f) => [filterTargetKey(f), f]));
      const kept = current.map((f) => replaced.get(filterTargetKey(f)) ?? f);
      const keys = new Set(current.map(filterTargetKey));
      return [...kept, ...filters.filter((f) => !keys.has(filterTargetKey(f)))];
    }
    default:
      throw new RangeError(`Unknown filters operation ${String(operation)}`);
  }
}

/** The column a field reads, when it is a column (cross-filters and slicers filter on columns). */
export function columnOf(field: FieldRef | undefined): { table: string; column: string } | undefined {
  if (field === undefined) return undefined;
  if ('column' in field) return { table: field.column.table, column: field.column.column };
  if ('hierarchyLevel' in field) {
    return { table: field.hierarchyLevel.table, column: field.hierarchyLevel.level };
  }
  return undefined;
}

/** A basic `In` filter on a column, as plain JSON (what a slicer selection or a clicked bar produces). */
export function inFilter(
  target: { table: string; column: string },
  values: readonly (string | number | boolean)[],
): IFilter {
  return new BasicFilter(target, 'In', [...values]).toJSON();
}
