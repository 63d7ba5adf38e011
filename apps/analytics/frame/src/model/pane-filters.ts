/**
 * What the filters pane edits: the report's and the page's filters in the working definition, changed through the
 * same three steps as the SDK's `setFilters` (`routes/filter-routes.ts`): the definition edited, `filtersApplied`
 * raised with the level's filters, the page re-queried.
 */
import type { IFilter } from '@portico/models';
import type { ReportDefinition, ReportPage, ReportVisual } from '@portico/analytics-model';
import type { ReportController } from './controller.ts';
import { columnOf } from './filters.ts';

export type PaneLevel = { readonly kind: 'report' } | { readonly kind: 'page'; readonly pageName: string };

type Target = { readonly table: string; readonly column: string };

/** A filter's column target, if it names one. */
export function columnTargetOf(filter: IFilter | undefined): Target | undefined {
  const target = (filter as { target?: { table?: unknown; column?: unknown } } | undefined)?.target;
  return typeof target?.table === 'string' && typeof target.column === 'string'
    ? { table: target.table, column: target.column }
    : undefined;
}

export const sameTarget = (a: Target | undefined, b: Target | undefined): boolean =>
  a !== undefined && b !== undefined && a.table === b.table && a.column === b.column;

/** The filters of a level as the definition holds them. */
export function levelFilters(definition: ReportDefinition, level: PaneLevel): readonly IFilter[] {
  if (level.kind === 'report') return definition.filters;
  return definition.pages.find((p) => p.name === level.pageName)?.filters ?? [];
}

/**
 * A level's filters with the filter at `index` replaced by `next` (removed when `next` is undefined); a new filter
 * (`index` -1) is added at the end.
 *
 * @example replaceAt([a, b], 1, c) // → [a, c]
 */
export function replaceAt(filters: readonly IFilter[], index: number, next: IFilter | undefined): IFilter[] {
  if (index < 0 || index >= filters.length) return next === undefined ? [...filters] : [...filters, next];
  return next === undefined
    ? filters.filter((_, i) => i !== index)
    : filters.map((f, i) => (i === index ? next : f));
}

/** Replaces a level's filters in the working definition, raises `filtersApplied` and re-queries the page. */
export function setLevelFilters(controller: ReportController, level: PaneLevel, filters: IFilter[]): void {
  controller.editDefinition((d) =>
    level.kind === 'report'
      ? { ...d, filters }
      : { ...d, pages: d.pages.map((p) => (p.name === level.pageName ? { ...p, filters } : p)) },
  );
  controller.raise('filtersApplied', { filters });
  controller.filtersChanged();
}

/**
 * The columns a page's visuals group by (categories, series, rows and columns; not slicers, which filter themselves),
 * in visual order, each once: the filters pane offers a card for each, as Power BI lists the fields of a page.
 */
export function pageFieldColumns(page: ReportPage): Target[] {
  const seen: Target[] = [];
  // A column a visual filters itself ("last 90 days" on one chart) is that visual's: a page card would say "(All)".
  const own = page.visuals.filter((v) => v.type !== 'slicer').flatMap((v) => v.filters.map(columnTargetOf));
  const add = (visual: ReportVisual) => {
    if (visual.type === 'slicer') return;
    const roles = visual.dataRoles;
    for (const field of [
      ...(roles.category ?? []),
      ...(roles.series ?? []),
      ...(roles.rows ?? []),
      ...(roles.columns ?? []),
    ]) {
      const target = columnOf(field);
      if (target && !seen.some((t) => sameTarget(t, target)) && !own.some((t) => sameTarget(t, target))) {
        seen.push(target);
      }
    }
  };
  for (const visual of [...page.visuals].sort((a, b) => a.layout.y - b.layout.y || a.layout.x - b.layout.x)) {
    add(visual);
  }
  return seen;
}
