/**
 * What the user does on the page: pick values in a slicer, click a data point (cross-filtering the page and raising
 * `dataSelected`, `visualClicked` and `selectionChanged`).
 */
import type { IFilter } from '@portico/models';
import type { ReportController } from './controller.ts';
import { columnOf, inFilter } from './filters.ts';
import { activePageOf, findVisual } from './state.ts';

/** A slicer's new selection: stored as its filters, then the page re-queries. */
export function selectInSlicer(controller: ReportController, visualName: string, filters: IFilter[]): void {
  const page = activePageOf(controller.state);
  if (!page) return;
  controller.editDefinition((d) => ({
    ...d,
    pages: d.pages.map((p) =>
      p.name === page.name
        ? { ...p, visuals: p.visuals.map((v) => (v.name === visualName ? { ...v, filters } : v)) }
        : p,
    ),
  }));
  controller.raise('filtersApplied', { filters });
}

/** Clicking a category of a chart: selects it (or clears it when clicked again) and cross-filters the page. */
export function selectCategory(controller: ReportController, visualName: string, category: string): void {
  const state = controller.state;
  const page = activePageOf(state);
  const visual = findVisual(page, visualName);
  const result = state.results[visualName];
  if (!page || !visual || !result || !('answer' in result) || !result.answer) return;
  const answer = result.answer;
  const categoryIndex = answer.columns.findIndex((c) => c.kind === 'column');
  const categoryColumn = answer.columns[categoryIndex];
  const target = columnOf(categoryColumn?.field);
  const row = answer.rows.find((r) => String(r[categoryIndex] ?? '(Blank)') === category);
  const raw = row?.[categoryIndex];
  const visualInfo = { name: visual.name, title: visual.title, type: visual.type, layout: visual.layout };
  controller.raise('visualClicked', { visual: visualInfo });

  const clear = state.selection?.visual === visualName && state.selection.category === category;
  const filters = target && raw !== undefined && raw !== null && !clear ? [inFilter(target, [raw])] : [];
  controller.update(({ selection: _old, ...s }) =>
    filters.length > 0 ? { ...s, selection: { page: page.name, visual: visualName, category, filters } } : s,
  );
  const dataPoints =
    filters.length > 0 && target && row
      ? [
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
        ]
      : [];
  const selection = {
    visual: visualInfo,
    page: { name: page.name, displayName: page.displayName },
    report: { id: state.report?.id, displayName: state.report?.name },
    dataPoints,
    regions: [],
    filters,
  };
  controller.raise('dataSelected', selection);
  controller.raise('selectionChanged', selection);
  controller.requery();
}
