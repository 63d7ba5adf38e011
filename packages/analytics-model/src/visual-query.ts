/**
 * How a visual turns into a query: which data roles each visual type reads, in which order, and which filters
 * reach it. The one place that rule lives: the report frame, the dashboard tiles and anything else that queries a
 * visual go through {@link visualQuery}.
 */
import type { IFilter } from '@portico/models';
import type { FieldRef, ReportDefinition, ReportPage, ReportVisual, VisualType } from './content-types.ts';
import type { VisualQuery } from './query-types.ts';

/** The roles each visual type reads, in the order their fields are selected. */
export const VISUAL_ROLES: Readonly<Record<VisualType, readonly string[]>> = {
  card: ['values'],
  multiRowCard: ['values'],
  tableEx: ['values'],
  pivotTable: ['rows', 'columns', 'values'],
  clusteredBarChart: ['category', 'series', 'values'],
  clusteredColumnChart: ['category', 'series', 'values'],
  stackedColumnChart: ['category', 'series', 'values'],
  lineChart: ['category', 'series', 'values'],
  areaChart: ['category', 'series', 'values'],
  pieChart: ['category', 'values'],
  donutChart: ['category', 'values'],
  slicer: ['values'],
};

/** The fields a visual shows, in select order. */
export function visualFields(visual: Pick<ReportVisual, 'type' | 'dataRoles'>): FieldRef[] {
  return (VISUAL_ROLES[visual.type] ?? []).flatMap((role) => [...(visual.dataRoles[role] ?? [])]);
}

/** A selected data point of a visual: what it cross-highlights the rest of its page by. */
export interface CrossFilter {
  readonly page: string;
  readonly visual: string;
  readonly filters: readonly IFilter[];
}

/**
 * Every filter that reaches `visual`, in this order: the report's, its page's, its own (a slicer's own filters are
 * its selection, which filters the other visuals instead), the selection of every other slicer of the page, and the
 * page's cross-highlight unless the visual made it.
 *
 * @example filtersReachingVisual(definition, page, chart, { page: page.name, visual: 'by-site', filters: [paris] })
 */
export function filtersReachingVisual(
  definition: Pick<ReportDefinition, 'filters'>,
  page: Pick<ReportPage, 'name' | 'filters' | 'visuals'>,
  visual: Pick<ReportVisual, 'name' | 'type' | 'filters'>,
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

/**
 * The query of one visual on one page of a report: its fields, sort and row limit, under every filter that reaches
 * it ({@link filtersReachingVisual}).
 *
 * ```ts
 * const query = visualQuery(definition, page, visual, selection);
 * fetch('/frame-api/query', { method: 'POST', body: JSON.stringify({ reportId, query }), headers });
 * ```
 */
export function visualQuery(
  definition: Pick<ReportDefinition, 'filters'>,
  page: Pick<ReportPage, 'name' | 'filters' | 'visuals'>,
  visual: ReportVisual,
  crossFilter?: CrossFilter,
): VisualQuery {
  return {
    select: visualFields(visual),
    filters: filtersReachingVisual(definition, page, visual, crossFilter),
    ...(visual.sort === undefined
      ? {}
      : { orderBy: [{ field: visual.sort.field, direction: visual.sort.direction }] }),
    ...(visual.top === undefined ? {} : { top: visual.top }),
  };
}
