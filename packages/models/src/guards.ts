/**
 * Type guards over targets, filters and extensions. Like powerbi-models' they accept any object and read
 * its fields loosely, so they also work on JSON that came over the wire.
 */
import { FilterType } from './enums.ts';
import type {
  IColumnAggrTarget,
  IColumnTarget,
  IFilter,
  IHierarchyLevelAggrTarget,
  IHierarchyLevelTarget,
  IMeasureTarget,
  IOnLoadFilters,
  IPercentOfGrandTotalTarget,
  IVisualCalculationTarget,
  ReportLevelFilters,
  ReportLoadFilters,
} from './interfaces/filters.ts';
import type {
  Extensions,
  IExtension,
  IExtensions,
  IFlatMenuExtension,
  IGroupedMenuExtension,
  IMenuExtension,
} from './interfaces/settings.ts';

// Guards read fields loosely (`arg as Loose`): they accept any object, as powerbi-models' do.
type Loose = Partial<Record<string, unknown>>;

/** `isColumn({ table: 'T', column: 'C' })` → true; false once an aggregation function is set. */
export function isColumn(arg: object): arg is IColumnTarget {
  const t = arg as Loose;
  return !!(t.table && t.column && !t.aggregationFunction);
}

/** A column with an aggregation: `{ table, column, aggregationFunction: 'Sum' }`. */
export function isColumnAggr(arg: object): arg is IColumnAggrTarget {
  const t = arg as Loose;
  return !!(t.table && t.column && t.aggregationFunction);
}

/** `{ table, hierarchy, hierarchyLevel }` without an aggregation function. */
export function isHierarchyLevel(arg: object): arg is IHierarchyLevelTarget {
  const t = arg as Loose;
  return !!(t.table && t.hierarchy && t.hierarchyLevel && !t.aggregationFunction);
}

/** A hierarchy level with an aggregation function. */
export function isHierarchyLevelAggr(arg: object): arg is IHierarchyLevelAggrTarget {
  const t = arg as Loose;
  return !!(t.table && t.hierarchy && t.hierarchyLevel && t.aggregationFunction);
}

/** `isMeasure({ table: 'Sales', measure: 'Total' })` → true. */
export function isMeasure(arg: object): arg is IMeasureTarget {
  const t = arg as Loose;
  return t.table !== undefined && t.measure !== undefined;
}

/** True when the target asks for its share of the grand total. */
export function isPercentOfGrandTotal(arg: object): arg is IPercentOfGrandTotalTarget {
  return !!(arg as Loose).percentOfGrandTotal;
}

/** powerbi-models 2.x: a visual calculation target (it has a name and a DAX expression). */
export function isVisualCalculation(arg: object): arg is IVisualCalculationTarget {
  return !!((arg as Loose).name && (arg as Loose).daxExpression);
}

/** A column target that also lists `keys` (for filters with key values). */
export function isFilterKeyColumnsTarget(target: object): boolean {
  return isColumn(target) && !!(target as unknown as Loose).keys;
}

/**
 * The filter's type: its `filterType` when set (and not `Advanced`, which is 0), otherwise guessed from
 * its shape: operator + values → Basic, logicalOperator + conditions → Advanced, else Unknown.
 */
export function getFilterType(filter: IFilter): FilterType {
  if (filter.filterType) return filter.filterType;
  const f = filter as unknown as Loose;
  if (typeof f.operator === 'string' && Array.isArray(f.values)) return FilterType.Basic;
  if (typeof f.logicalOperator === 'string' && Array.isArray(f.conditions)) return FilterType.Advanced;
  return FilterType.Unknown;
}

/** A basic filter (by `getFilterType`) that carries `keyValues`. */
export function isBasicFilterWithKeys(filter: IFilter): boolean {
  return getFilterType(filter) === FilterType.Basic && !!(filter as unknown as Loose).keyValues;
}

/** True for the `{ allPages, currentPage }` form of a report's load filters. */
export function isOnLoadFilters(filters: ReportLoadFilters | undefined): filters is IOnLoadFilters {
  return !!filters && !isReportFiltersArray(filters);
}

/** True for the plain-list form of a report's load filters. */
export function isReportFiltersArray(
  filters: ReportLoadFilters | undefined,
): filters is ReportLevelFilters[] {
  return Array.isArray(filters);
}

/** A menu extension without a group name. */
export function isFlatMenuExtension(
  menuExtension: IMenuExtension | undefined,
): menuExtension is IFlatMenuExtension {
  return !!menuExtension && !isGroupedMenuExtension(menuExtension);
}

/** A menu extension placed in a named group (`groupName`). */
export function isGroupedMenuExtension(
  menuExtension: IMenuExtension | undefined,
): menuExtension is IGroupedMenuExtension {
  return !!menuExtension && !!(menuExtension as Loose).groupName;
}

/** True for the `{ commands, groups }` form of `settings.extensions`. */
export function isIExtensions(extensions: Extensions | undefined): extensions is IExtensions {
  return !!extensions && !isIExtensionArray(extensions);
}

/** True for the `[{ command }, …]` form of `settings.extensions`. */
export function isIExtensionArray(extensions: Extensions | undefined): extensions is IExtension[] {
  return Array.isArray(extensions);
}
