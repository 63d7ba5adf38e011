/**
 * Small constructors that keep the sample report definitions readable: `column('Devices', 'Model')`,
 * `visual('pages-by-month', 'clusteredColumnChart', 'Pages per month', [0, 120, 640, 300], { … })`.
 */
import {
  AdvancedFilter,
  BasicFilter,
  RelativeDateFilter,
  RelativeDateFilterTimeUnit,
  RelativeDateOperators,
  TopNFilter,
  VisualContainerDisplayMode,
} from '@portico/models';
import type { IAdvancedFilterCondition, IFilter, PrimitiveValueType } from '@portico/models';
import type { FieldRef, ReportPage, ReportVisual, VisualType } from '@portico/analytics-model';

export const PAGE_WIDTH = 1280;
export const PAGE_HEIGHT = 720;

export const column = (table: string, name: string): FieldRef => ({ column: { table, column: name } });
export const measure = (table: string, name: string): FieldRef => ({ measure: { table, measure: name } });

export const basic = (
  table: string,
  name: string,
  operator: 'In' | 'NotIn',
  ...values: PrimitiveValueType[]
): IFilter => new BasicFilter({ table, column: name }, operator, values).toJSON();

export const advanced = (
  target: { table: string; column: string } | { table: string; measure: string },
  logical: 'And' | 'Or',
  ...conditions: IAdvancedFilterCondition[]
): IFilter => new AdvancedFilter(target as { table: string; column: string }, logical, conditions).toJSON();

export const topN = (
  table: string,
  name: string,
  count: number,
  by: { table: string; measure: string },
): IFilter => new TopNFilter({ table, column: name }, 'Top', count, by).toJSON();

/** The last `months` whole calendar months, on the calendar's date. */
export const lastCalendarMonths = (months: number): IFilter =>
  new RelativeDateFilter(
    { table: 'Calendar', column: 'Date' },
    RelativeDateOperators.InLast,
    months,
    RelativeDateFilterTimeUnit.CalendarMonths,
    false,
  ).toJSON();

export const lastDays = (table: string, name: string, days: number): IFilter =>
  new RelativeDateFilter(
    { table, column: name },
    RelativeDateOperators.InLast,
    days,
    RelativeDateFilterTimeUnit.Days,
    true,
  ).toJSON();

export interface VisualOptions {
  readonly filters?: readonly IFilter[];
  readonly formatting?: Readonly<Record<string, unknown>>;
  readonly sort?: ReportVisual['sort'];
  readonly top?: number;
  readonly z?: number;
}

/** A visible visual at `[x, y, width, height]`. */
export function visual(
  name: string,
  type: VisualType,
  title: string,
  [x, y, width, height]: readonly [number, number, number, number],
  dataRoles: Readonly<Record<string, readonly FieldRef[]>>,
  options: VisualOptions = {},
): ReportVisual {
  return {
    name,
    type,
    title,
    layout: {
      x,
      y,
      z: options.z ?? 0,
      width,
      height,
      displayState: { mode: VisualContainerDisplayMode.Visible },
    },
    dataRoles,
    filters: options.filters ?? [],
    formatting: options.formatting ?? {},
    ...(options.sort === undefined ? {} : { sort: options.sort }),
    ...(options.top === undefined ? {} : { top: options.top }),
  };
}

export function page(
  name: string,
  displayName: string,
  visuals: readonly ReportVisual[],
  filters: readonly IFilter[] = [],
): ReportPage {
  return {
    name,
    displayName,
    width: PAGE_WIDTH,
    height: PAGE_HEIGHT,
    displayOption: 0,
    visibility: 0,
    filters,
    visuals,
  };
}

/** A card showing one measure. */
export const card = (
  name: string,
  title: string,
  at: readonly [number, number, number, number],
  value: FieldRef,
  options?: VisualOptions,
) => visual(name, 'card', title, at, { values: [value] }, options);

/** A slicer over one column; `mode` is list or dropdown. */
export const slicer = (
  name: string,
  title: string,
  at: readonly [number, number, number, number],
  field: FieldRef,
  mode: 'list' | 'dropdown' = 'dropdown',
) =>
  visual(
    name,
    'slicer',
    title,
    at,
    { values: [field] },
    { formatting: { slicer: { mode, selectAll: true } } },
  );
