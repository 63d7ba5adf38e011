/**
 * How a visual turns into a query: which data roles each visual type reads, in which order, and which filters
 * apply. Pure data and functions with no Node imports, for the server and the frame app alike.
 */
import type { VisualQuery } from '../query/types.ts';
import type { FieldRef, ReportDefinition, ReportPage, ReportVisual, VisualType } from './types.ts';

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

/**
 * The query of one visual on one page of a report: its fields, and the report's, the page's and its own filters.
 *
 * ```ts
 * const query = visualQuery(definition, page, visual);
 * fetch('/frame-api/query', { method: 'POST', body: JSON.stringify({ reportId, query }), headers });
 * ```
 */
export function visualQuery(
  definition: Pick<ReportDefinition, 'filters'>,
  page: Pick<ReportPage, 'filters'>,
  visual: ReportVisual,
): VisualQuery {
  return {
    select: visualFields(visual),
    filters: [...definition.filters, ...page.filters, ...visual.filters],
    ...(visual.sort === undefined
      ? {}
      : { orderBy: [{ field: visual.sort.field, direction: visual.sort.direction }] }),
    ...(visual.top === undefined ? {} : { top: visual.top }),
  };
}
