/**
 * Drilling a chart down its model's hierarchies, free of React: a chart whose category is a level of a hierarchy
 * (Manufacturer in Fleet: Manufacturer → Model → Serial number) drills from a category into the next level,
 * filtered to that category, and back up. The drill state is the frame's view, not the report's: it is not saved,
 * and changing page drops it, as the cross-filter does.
 */
import type { Dataset, FieldRef, ReportVisual } from '@portico/analytics-model';
import type { DrillStep } from './state.ts';
import { columnOf, inFilter } from './filters.ts';

/** The field below `field` in a hierarchy of its table, if it is a level with a level under it. */
export function nextLevel(
  dataset: Pick<Dataset, 'tables'> | undefined,
  field: FieldRef,
): FieldRef | undefined {
  const column = columnOf(field);
  if (!column || !dataset) return undefined;
  const table = dataset.tables.find((t) => t.name === column.table);
  for (const hierarchy of table?.hierarchies ?? []) {
    const at = hierarchy.levels.findIndex((level) => level.column === column.column);
    const below = at >= 0 ? hierarchy.levels[at + 1] : undefined;
    if (below) return { column: { table: column.table, column: below.column } };
  }
  return undefined;
}

/** The category field a drilled chart shows: its own, then one level down for each step. */
export function drilledField(
  visual: Pick<ReportVisual, 'dataRoles'>,
  steps: readonly DrillStep[],
  dataset: Pick<Dataset, 'tables'> | undefined,
): FieldRef | undefined {
  let field = visual.dataRoles.category?.[0];
  for (let i = 0; i < steps.length && field; i += 1) field = nextLevel(dataset, field);
  return field;
}

/** Whether a chart can drill down one more level from what it shows. */
export function canDrillDown(
  visual: Pick<ReportVisual, 'dataRoles'>,
  steps: readonly DrillStep[],
  dataset: Pick<Dataset, 'tables'> | undefined,
): boolean {
  const field = drilledField(visual, steps, dataset);
  return field !== undefined && nextLevel(dataset, field) !== undefined;
}

const sameField = (a: FieldRef, b: FieldRef) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The visual as its query sees it once drilled: the deeper category, a filter to each category drilled through,
 * and a sort on its category moved down with it. No steps: the visual itself.
 *
 * @example drilledVisual(donut, [{ field: manufacturer, value: 'HP' }], dataset) // → by Model, HP only
 */
export function drilledVisual(
  visual: ReportVisual,
  steps: readonly DrillStep[] | undefined,
  dataset: Pick<Dataset, 'tables'> | undefined,
): ReportVisual {
  if (!steps || steps.length === 0) return visual;
  const own = visual.dataRoles.category?.[0];
  const field = drilledField(visual, steps, dataset);
  if (!own || !field) return visual;
  const filters = steps.flatMap((step) => {
    const target = columnOf(step.field);
    return target ? [inFilter(target, [step.value])] : [];
  });
  const sort = visual.sort && sameField(visual.sort.field, own) ? { ...visual.sort, field } : visual.sort;
  return {
    ...visual,
    dataRoles: { ...visual.dataRoles, category: [field, ...(visual.dataRoles.category ?? []).slice(1)] },
    filters: [...visual.filters, ...filters],
    ...(sort === undefined ? {} : { sort }),
  };
}
