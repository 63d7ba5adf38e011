/**
 * The state changes of the visual menus' built-in commands, free of React: show as a table, spotlight, sort,
 * include / exclude, clear the selection, remove a visual, drill, and the frame's short notices. The menu
 * (components/VisualMenu.tsx) calls these; the routes call the ones the SDK also has (sortBy,
 * clearSelectedVisuals), so both ends change the report the same way.
 */
import { BasicFilter } from '@portico/models';
import type { IFilter } from '@portico/models';
import type { FieldRef, ReportVisual } from '@portico/analytics-model';
import type { ReportController } from './controller.ts';
import { canDrillDown, drilledField } from './drill.ts';
import { forbidden } from './errors.ts';
import { filterTargetKey } from './filters.ts';
import { dataPointsOf, setVisualFilters } from './interactions.ts';
import { activePageOf, findVisual } from './state.ts';
import type { FrameState } from './state.ts';

const toggled = (list: readonly string[] | undefined, name: string): string[] =>
  list?.includes(name) ? list.filter((n) => n !== name) : [...(list ?? []), name];

/** "Show as a table": the visual's rows as a table in its box, or (again) its chart back. */
export function toggleTableView(controller: ReportController, visualName: string): void {
  controller.update((s) => ({ ...s, tableViews: toggled(s.tableViews, visualName) }));
}

/** "Spotlight": the visual in focus and the others dimmed; on the spotlit visual, the spotlight ends. */
export function toggleSpotlight(controller: ReportController, visualName: string): void {
  controller.update(({ spotlight, ...s }) =>
    spotlight === visualName ? s : { ...s, spotlight: visualName },
  );
}

/** Ends the spotlight (Escape, a click elsewhere), if one is on. */
export function endSpotlight(controller: ReportController): void {
  controller.update(({ spotlight, ...s }) => (spotlight === undefined ? controller.state : s));
}

/** The view state a page change or a load leaves behind: no table views, spotlight or drilling. */
export function withoutViewState(state: FrameState): FrameState {
  const { tableViews: _t, spotlight: _s, drill: _d, ...rest } = state;
  return rest;
}

/**
 * Sorts a visual of a page by one of its fields: the `sortBy` call and the "Sort axis" entries both land here, in
 * the working definition (so getSort, bookmarks' definition, export and `hasUnsavedChanges` see it).
 */
export function sortVisual(
  controller: ReportController,
  pageName: string,
  visualName: string,
  sort: NonNullable<ReportVisual['sort']>,
): void {
  controller.editDefinition((d) => ({
    ...d,
    pages: d.pages.map((p) =>
      p.name === pageName
        ? { ...p, visuals: p.visuals.map((v) => (v.name === visualName ? { ...v, sort } : v)) }
        : p,
    ),
  }));
}

/**
 * The visual's filters after "Include" (keep only the data point's category: an `In` filter on its column,
 * replacing an earlier include on that column) or "Exclude" (drop it: a `NotIn` filter on its column, adding to an
 * earlier exclude on that column).
 *
 * @example includeExcludeFilters([], { table: 'Devices', column: 'Site' }, 'Berlin', 'exclude') // → [NotIn Berlin]
 */
export function includeExcludeFilters(
  current: readonly IFilter[],
  target: { table: string; column: string },
  value: string | number | boolean,
  mode: 'include' | 'exclude',
): IFilter[] {
  const key = filterTargetKey({ target } as unknown as IFilter);
  const operator = mode === 'include' ? 'In' : 'NotIn';
  const same = (f: IFilter) =>
    filterTargetKey(f) === key && (f as unknown as { operator?: unknown }).operator === operator;
  const earlier = current.find(same) as unknown as { values?: unknown[] } | undefined;
  const values =
    mode === 'exclude' && Array.isArray(earlier?.values)
      ? [...(earlier.values as (string | number | boolean)[]).filter((v) => v !== value), value]
      : [value];
  const filter = new BasicFilter(target, operator, values).toJSON();
  return earlier ? current.map((f) => (same(f) ? filter : f)) : [...current, filter];
}

/**
 * "Include" / "Exclude" on a data point: a visual-level filter, raised as `filtersApplied` (the visual's filters,
 * as the filter calls raise it) and seen by `getFilters` on the visual. A selection in that visual is dropped (its
 * category may be gone).
 */
export function includeExclude(
  controller: ReportController,
  visualName: string,
  category: string,
  mode: 'include' | 'exclude',
): void {
  const state = controller.state;
  const page = activePageOf(state);
  const visual = findVisual(page, visualName);
  const result = state.results[visualName];
  const answer = result && 'answer' in result ? result.answer : undefined;
  const identity = answer ? dataPointsOf(answer, category)[0]?.identity[0] : undefined;
  if (!page || !visual || !identity) return;
  const target = identity.target as { table: string; column: string };
  const filters = includeExcludeFilters(visual.filters, target, identity.equals, mode);
  if (state.selection?.visual === visualName) controller.update(({ selection: _s, ...s }) => s);
  setVisualFilters(controller, page.name, visualName, filters);
}

/** Clears the data-point selection (cross-filter) and re-queries; false when nothing was selected. */
export function clearSelection(controller: ReportController): boolean {
  if (!controller.state.selection) return false;
  controller.update(({ selection: _s, ...s }) => s);
  controller.requery();
  return true;
}

/**
 * "Remove": takes the visual off its page in the working definition (edit mode only), so `hasUnsavedChanges`
 * reports it and `save` keeps it; its selection, table view and spotlight go with it.
 */
export function removeVisual(controller: ReportController, visualName: string): void {
  const state = controller.state;
  if (state.viewMode !== 'edit') throw forbidden('Removing a visual needs edit mode.');
  const page = activePageOf(state);
  if (!page || !findVisual(page, visualName)) return;
  controller.update((s) => {
    const { selection, spotlight, drill, ...rest } = s;
    const remainingDrill = Object.fromEntries(
      Object.entries(drill ?? {}).filter(([name]) => name !== visualName),
    );
    return {
      ...rest,
      ...(selection && selection.visual !== visualName ? { selection } : {}),
      ...(spotlight !== undefined && spotlight !== visualName ? { spotlight } : {}),
      ...(drill ? { drill: remainingDrill } : {}),
      tableViews: (s.tableViews ?? []).filter((n) => n !== visualName),
    };
  });
  controller.editDefinition((d) => ({
    ...d,
    pages: d.pages.map((p) =>
      p.name === page.name ? { ...p, visuals: p.visuals.filter((v) => v.name !== visualName) } : p,
    ),
  }));
}

/** "Drill down" on a data point: the chart shows the next level of its hierarchy within that category. */
export function drillDown(controller: ReportController, visualName: string, category: string): void {
  const state = controller.state;
  const visual = findVisual(activePageOf(state), visualName);
  const steps = state.drill?.[visualName] ?? [];
  const result = state.results[visualName];
  const answer = result && 'answer' in result ? result.answer : undefined;
  const identity = answer ? dataPointsOf(answer, category)[0]?.identity[0] : undefined;
  if (!visual || !identity || !canDrillDown(visual, steps, state.dataset)) return;
  const field = drilledField(visual, steps, state.dataset) as FieldRef;
  const next = [...steps, { field, value: identity.equals }];
  controller.update(({ selection, ...s }) => ({
    ...s,
    ...(selection && selection.visual !== visualName ? { selection } : {}),
    drill: { ...s.drill, [visualName]: next },
  }));
  controller.requery();
}

/** "Drill up": one level back up. */
export function drillUp(controller: ReportController, visualName: string): void {
  const steps = controller.state.drill?.[visualName] ?? [];
  if (steps.length === 0) return;
  controller.update(({ selection, ...s }) => ({
    ...s,
    ...(selection && selection.visual !== visualName ? { selection } : {}),
    drill: { ...s.drill, [visualName]: steps.slice(0, -1) },
  }));
  controller.requery();
}

let noticeId = 0;

/** Shows a short message of the frame's own (role="status", or "alert" for an error). */
export function notify(controller: ReportController, text: string, tone: 'info' | 'error'): void {
  noticeId += 1;
  controller.update((s) => ({ ...s, notice: { text, tone, id: noticeId } }));
}

/** Removes the notice `id`, unless a newer one replaced it. */
export function dismissNotice(controller: ReportController, id: number): void {
  controller.update(({ notice, ...s }) => (notice?.id === id ? s : controller.state));
}
