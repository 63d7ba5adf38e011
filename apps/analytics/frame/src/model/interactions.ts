/**
 * What the user does on the page: pick values in a slicer, click a data point (cross-filtering the page and raising
 * `dataSelected`, `visualClicked` and `selectionChanged`).
 */
import type { IFilter } from '@portico/models';
import type { ReportController } from './controller.ts';
import { columnOf, inFilter } from './filters.ts';
import type { QueryAnswer } from '@portico/analytics-model';
import type { MenuEntry } from './menus.ts';
import { activePageOf, findVisual } from './state.ts';
import type { OpenMenu } from './state.ts';

/** A slicer's new selection: stored as its filters, then the page re-queries. */
export function selectInSlicer(controller: ReportController, visualName: string, filters: IFilter[]): void {
  const page = activePageOf(controller.state);
  if (page) setVisualFilters(controller, page.name, visualName, filters);
}

/**
 * A visual's own filters replaced in the working definition (a slicer's selection, Include / Exclude), raised as
 * `filtersApplied` with the visual's filters, then the page re-queries.
 */
export function setVisualFilters(
  controller: ReportController,
  pageName: string,
  visualName: string,
  filters: IFilter[],
): void {
  controller.editDefinition((d) => ({
    ...d,
    pages: d.pages.map((p) =>
      p.name === pageName
        ? { ...p, visuals: p.visuals.map((v) => (v.name === visualName ? { ...v, filters } : v)) }
        : p,
    ),
  }));
  controller.raise('filtersApplied', { filters });
  controller.filtersChanged();
}

/** The row of an answer whose category (first column field) reads `category`, with that column's target. */
function categoryRow(answer: QueryAnswer, category: string) {
  const categoryIndex = answer.columns.findIndex((c) => c.kind === 'column');
  const target = columnOf(answer.columns[categoryIndex]?.field);
  const row = answer.rows.find((r) => String(r[categoryIndex] ?? '(Blank)') === category);
  return { target, row, raw: row?.[categoryIndex] };
}

/** powerbi's data points of a category: its identity (column = value) and the measures' values on its row. */
export function dataPointsOf(answer: QueryAnswer, category: string | undefined) {
  if (category === undefined) return [];
  const { target, row, raw } = categoryRow(answer, category);
  if (!target || !row || raw === undefined || raw === null) return [];
  return [
    {
      identity: [{ target, equals: raw }],
      values: answer.columns
        .map((c, i) => ({ c, i }))
        .filter(({ c }) => c.kind === 'measure')
        .map(({ c, i }) => ({
          target: 'measure' in c.field ? c.field.measure : c.field,
          value: row[i] ?? null,
          formattedValue: String(row[i] ?? ''),
        })),
    },
  ];
}

const answerOf = (controller: ReportController, visualName: string): QueryAnswer | undefined => {
  const result = controller.state.results[visualName];
  return result && 'answer' in result ? result.answer : undefined;
};

/** Clicking a category of a chart: selects it (or clears it when clicked again) and cross-filters the page. */
export function selectCategory(controller: ReportController, visualName: string, category: string): void {
  const state = controller.state;
  const page = activePageOf(state);
  const visual = findVisual(page, visualName);
  const answer = answerOf(controller, visualName);
  if (!page || !visual || !answer) return;
  const { target, raw } = categoryRow(answer, category);
  const visualInfo = { name: visual.name, title: visual.title, type: visual.type, layout: visual.layout };
  controller.raise('visualClicked', { visual: visualInfo });
  const clear = state.selection?.visual === visualName && state.selection.category === category;
  const filters = target && raw !== undefined && raw !== null && !clear ? [inFilter(target, [raw])] : [];
  controller.update(({ selection: _old, ...s }) =>
    filters.length > 0 ? { ...s, selection: { page: page.name, visual: visualName, category, filters } } : s,
  );
  const selection = {
    visual: visualInfo,
    page: { name: page.name, displayName: page.displayName },
    report: { id: state.report?.id, displayName: state.report?.name },
    dataPoints: filters.length > 0 ? dataPointsOf(answer, category) : [],
    regions: [],
    filters,
  };
  controller.raise('dataSelected', selection);
  controller.raise('selectionChanged', selection);
  controller.requery();
}

/** Opens a visual's context or options menu at a point of the visual (closing any other). */
export function openMenu(controller: ReportController, menu: OpenMenu): void {
  controller.update((s) => ({ ...s, openMenu: menu }));
}

/** Closes the open menu, if any. */
export function closeMenu(controller: ReportController): void {
  controller.update(({ openMenu: _closed, ...s }) => (controller.state.openMenu ? s : controller.state));
}

/**
 * A menu entry chosen: closes the menu and raises `commandTriggered` with the command, the visual, its page and the
 * data point the context menu was opened on (or the selected one).
 */
export function triggerCommand(controller: ReportController, visualName: string, entry: MenuEntry): void {
  const state = controller.state;
  const page = activePageOf(state);
  const visual = findVisual(page, visualName);
  const answer = answerOf(controller, visualName);
  const category =
    state.openMenu?.category ??
    (state.selection?.visual === visualName ? state.selection.category : undefined);
  closeMenu(controller);
  if (!page || !visual) return;
  controller.raise('commandTriggered', {
    command: entry.command,
    title: entry.title,
    ...(entry.icon === undefined ? {} : { icon: entry.icon }),
    dataPoints: answer ? dataPointsOf(answer, category) : [],
    visual: { name: visual.name, title: visual.title, type: visual.type, layout: visual.layout },
    page: { name: page.name, displayName: page.displayName },
  });
}
