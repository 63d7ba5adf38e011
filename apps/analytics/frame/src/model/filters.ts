/**
 * Filter bookkeeping, free of React and the DOM: how an update operation changes a list of filters, and which
 * filters a visual's query carries (report + page + its own + the page's slicers + the page's cross-filter).
 */
import { BasicFilter, FiltersOperations } from '@portico/models';
import type { IFilter } from '@portico/models';
import type { FieldRef, ReportDefinition, ReportPage, ReportVisual } from '../../../src/content/types.ts';

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

/** A selected data point of a visual: what it cross-filters the rest of its page by. */
export interface CrossFilter {
  readonly page: string;
  readonly visual: string;
  readonly filters: readonly IFilter[];
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

/**
 * Every filter the query of `visual` carries: the report's, the page's, its own (a slicer's own filters are its
 * selection, so they go to the other visuals instead), every other slicer's selection on the page, and the page's
 * cross-filter unless the visual made it.
 */
export function effectiveFilters(
  definition: Pick<ReportDefinition, 'filters'>,
  page: ReportPage,
  visual: ReportVisual,
  crossFilter?: CrossFilter,
): IFilter[] {
  const own = visual.type === 'slicer' ? [] : visual.filters;
  const slicers = page.visuals
    .filter((other) => other.type === 'slicer' && other.name !== visual.name)
    .flatMap((slicer) => slicer.filters);
  const cross =
    crossFilter && crossFilter.page === page.name && crossFilter.visual !== visual.name
      ? crossFilter.filters
      : [];
  return [...definition.filters, ...page.filters, ...own, ...slicers, ...cross];
}
