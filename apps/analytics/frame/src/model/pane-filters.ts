/**
 * What the filters pane edits: the report's, the page's and a visual's filters in the working definition, changed
 * through the same steps as the SDK's `setFilters` (`routes/filter-routes.ts`): the level's new filters checked by
 * the same validators (the models' `validateFilter`, then `@portico/analytics-model`'s parser against the dataset),
 * the definition edited, `filtersApplied` raised with the level's filters, the page re-queried. Also what the pane
 * offers to add: the model's fields, and the measures a top N filter can rank by.
 */
import { BasicFilter, TopNFilter } from '@portico/models';
import type { IError, IFilter } from '@portico/models';
import type { Dataset, ReportDefinition, ReportPage, ReportVisual } from '@portico/analytics-model';
import { filterListErrors } from '../routes/edge-checks.ts';
import type { ReportController } from './controller.ts';
import { columnOf } from './filters.ts';

export type PaneLevel =
  | { readonly kind: 'report' }
  | { readonly kind: 'page'; readonly pageName: string }
  | { readonly kind: 'visual'; readonly pageName: string; readonly visualName: string };

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
  const page = definition.pages.find((p) => p.name === level.pageName);
  if (level.kind === 'page') return page?.filters ?? [];
  return page?.visuals.find((v) => v.name === level.visualName)?.filters ?? [];
}

/** A level as one string (`page:overview`), for keys and the filters a viewer added. */
export function levelKey(level: PaneLevel): string {
  if (level.kind === 'report') return 'report';
  return level.kind === 'page' ? `page:${level.pageName}` : `visual:${level.pageName}:${level.visualName}`;
}

function withLevelFilters(
  definition: ReportDefinition,
  level: PaneLevel,
  filters: IFilter[],
): ReportDefinition {
  if (level.kind === 'report') return { ...definition, filters };
  return {
    ...definition,
    pages: definition.pages.map((p) => {
      if (p.name !== level.pageName) return p;
      if (level.kind === 'page') return { ...p, filters };
      return { ...p, visuals: p.visuals.map((v) => (v.name === level.visualName ? { ...v, filters } : v)) };
    }),
  };
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

/**
 * Replaces a level's filters in the working definition, raises `filtersApplied` and re-queries the page, when the
 * filters pass the checks a host's `setFilters` passes; else changes nothing and returns what is wrong (paths as
 * `filters.1.orderBy`). Returns `[]` once applied.
 */
export function setLevelFilters(
  controller: ReportController,
  level: PaneLevel,
  filters: IFilter[],
): readonly IError[] {
  const errors = filterListErrors(controller.state.dataset, filters, 'filters');
  if (errors.length > 0) return errors;
  controller.editDefinition((d) => withLevelFilters(d, level, filters));
  controller.raise('filtersApplied', { filters });
  controller.filtersChanged();
  return [];
}

/** A field with no condition yet, as Power BI keeps a field added to the pane: a basic filter selecting all. */
export const allFilter = (target: Target): IFilter => new BasicFilter(target, 'All', []).toJSON();

/** A top N filter: the `count` first (`Top`) or last (`Bottom`) values of `target` ranked by the measure `by`. */
export const topNFilter = (
  target: Target,
  operator: 'Top' | 'Bottom',
  count: number,
  by: { readonly table: string; readonly measure: string },
): IFilter => new TopNFilter(target, operator, count, { table: by.table, measure: by.measure }).toJSON();

/** A table's fields the pane offers: its columns not hidden, or its measures, in model order. */
export interface FieldGroup<T> {
  readonly table: string;
  readonly tableLabel: string;
  readonly fields: readonly T[];
}

/** The columns a viewer can filter on, table by table (hidden key columns left out, empty tables too). */
export function filterableColumns(dataset: Dataset | undefined): FieldGroup<Target>[] {
  return (dataset?.tables ?? [])
    .map((t) => ({
      table: t.name,
      tableLabel: t.displayName,
      fields: t.columns.filter((c) => c.isHidden !== true).map((c) => ({ table: t.name, column: c.name })),
    }))
    .filter((g) => g.fields.length > 0);
}

/** The measures a top N filter can rank by ("By value"), table by table. */
export function rankingMeasures(
  dataset: Dataset | undefined,
): FieldGroup<{ readonly table: string; readonly measure: string }>[] {
  return (dataset?.tables ?? [])
    .map((t) => ({
      table: t.name,
      tableLabel: t.displayName,
      fields: t.measures.map((m) => ({ table: t.name, measure: m.name })),
    }))
    .filter((g) => g.fields.length > 0);
}

/**
 * The filters the viewer added through the pane, per controller (one embed): in view mode these are the ones the
 * viewer may remove again (the author's filters can be cleared, not removed). Keys are `level|table|column`.
 */
const added = new WeakMap<ReportController, Set<string>>();

export function viewerAdded(controller: ReportController): Set<string> {
  let keys = added.get(controller);
  if (!keys) {
    keys = new Set();
    added.set(controller, keys);
  }
  return keys;
}

export const addedKey = (level: PaneLevel, target: Target): string =>
  `${levelKey(level)}|${target.table}|${target.column}`;

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

/**
 * The page's visuals (not slicers, whose filters are their selection) whose own filters differ from the report as
 * loaded or last saved (`savedJson`): filters the host set through the SDK (`visual.setFilters`) or a viewer added,
 * in layout order. The pane lists these as well as the selected visual, so a filter the host put on a visual is seen
 * without first pressing on that visual.
 */
export function visualsFilteredSinceLoad(savedJson: string | undefined, page: ReportPage): string[] {
  let saved: ReportDefinition | undefined;
  try {
    saved = savedJson === undefined ? undefined : (JSON.parse(savedJson) as ReportDefinition);
  } catch {
    saved = undefined;
  }
  const savedPage = saved?.pages.find((p) => p.name === page.name);
  return [...page.visuals]
    .sort((a, b) => a.layout.y - b.layout.y || a.layout.x - b.layout.x)
    .filter((visual) => {
      if (visual.type === 'slicer' || visual.filters.length === 0) return false;
      const before = savedPage?.visuals.find((v) => v.name === visual.name)?.filters ?? [];
      return JSON.stringify(before) !== JSON.stringify(visual.filters);
    })
    .map((visual) => visual.name);
}
