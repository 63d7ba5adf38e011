/**
 * Wire shapes of filters and of what they target (a column, measure, hierarchy level or aggregation, each in a table).
 */
import type {
  FiltersOperations,
  FilterType,
  RelativeDateFilterTimeUnit,
  RelativeDateOperators,
} from '../enums.ts';

export interface IBaseTarget {
  table: string;
  $schema?: string;
}

export interface IColumnTarget extends IBaseTarget {
  column: string;
}

export interface IKeyColumnsTarget extends IColumnTarget {
  keys: string[];
}

export interface IHierarchyLevelTarget extends IBaseTarget {
  hierarchy: string;
  hierarchyLevel: string;
}

export interface IKeyHierarchyTarget extends IHierarchyLevelTarget {
  keys: string[];
}

export type INotSupportedTarget = IBaseTarget;

export interface IMeasureTarget extends IBaseTarget {
  measure: string;
}

export interface IAggregationTarget {
  aggregationFunction: string;
}

export interface IPercentOfGrandTotalTarget {
  percentOfGrandTotal?: boolean;
}

export interface IColumnAggrTarget extends IColumnTarget, IAggregationTarget {}

export interface IHierarchyLevelAggrTarget extends IHierarchyLevelTarget, IAggregationTarget {}

export type IKeyTarget = IKeyColumnsTarget | IKeyHierarchyTarget;
export type ITarget =
  | IColumnTarget
  | IHierarchyLevelTarget
  | IMeasureTarget
  | INotSupportedTarget
  | IColumnAggrTarget
  | IHierarchyLevelAggrTarget;

// The filter-target names below are the ones powerbi-models exposes; they are the same shapes.
export type IBaseFilterTarget = IBaseTarget;
export interface IFilterColumnTarget extends IColumnTarget, IPercentOfGrandTotalTarget {}
export interface IFilterKeyColumnsTarget extends IFilterColumnTarget, IKeyColumnsTarget {}
export interface IFilterHierarchyTarget extends IHierarchyLevelTarget, IPercentOfGrandTotalTarget {}
export interface IFilterKeyHierarchyTarget extends IFilterHierarchyTarget, IKeyHierarchyTarget {}
export type INotSupportedFilterTarget = IBaseTarget;
export type IFilterAggregationTarget = IBaseTarget & IAggregationTarget;
export interface IFilterMeasureTarget extends IMeasureTarget, IPercentOfGrandTotalTarget {}
export interface IFilterColumnAggrTarget extends IFilterColumnTarget, IAggregationTarget {}
export interface IFilterHierarchyAggrTarget extends IFilterHierarchyTarget, IAggregationTarget {}

export type IFilterKeyTarget = IFilterKeyColumnsTarget | IFilterKeyHierarchyTarget;
export type IFilterTarget =
  | IFilterColumnTarget
  | IFilterHierarchyTarget
  | IFilterMeasureTarget
  | INotSupportedFilterTarget
  | IFilterColumnAggrTarget
  | IFilterHierarchyAggrTarget;
export type ITupleFilterTarget = IFilterTarget[];
/** An identity filter targets data points by their opaque identity index. */
export type IIdentityFilterTarget = number[];
export type IHierarchyFilterTarget = (IFilterTarget | IFilterKeyTarget)[];
/** powerbi-models 2.x: a field named by its query name, the target of a hierarchy identity filter. */
export interface IQueryNameTarget {
  queryName: string;
}
export type IHierarchyIdentityFilterTarget = IQueryNameTarget[];
/** powerbi-models 2.x: a visual calculation, as a target (`isVisualCalculation`). */
export interface IVisualCalculationTarget extends IBaseTarget {
  name: string;
  daxExpression: string;
  hidden?: boolean;
}
export type IFilterGeneralTarget =
  | IFilterTarget
  | IFilterKeyTarget
  | ITupleFilterTarget
  | IIdentityFilterTarget
  | IHierarchyFilterTarget
  | IHierarchyIdentityFilterTarget;

export interface IFilterDisplaySettings {
  isLockedInViewMode?: boolean;
  isHiddenInViewMode?: boolean;
  displayName?: string;
}

export interface IFilter {
  $schema: string;
  target: IFilterGeneralTarget;
  filterType: FilterType;
  displaySettings?: IFilterDisplaySettings;
}

export type PrimitiveValueType = string | number | boolean;
export type TopNFilterOperators = 'Top' | 'Bottom';
export type BasicFilterOperators = 'In' | 'NotIn' | 'All';
export type TupleFilterOperators = 'In';
export type IdentityFilterOperators = 'In';
export type AdvancedFilterLogicalOperators = 'And' | 'Or';
export type AdvancedFilterConditionOperators =
  | 'None'
  | 'LessThan'
  | 'LessThanOrEqual'
  | 'GreaterThan'
  | 'GreaterThanOrEqual'
  | 'Contains'
  | 'DoesNotContain'
  | 'StartsWith'
  | 'DoesNotStartWith'
  | 'Is'
  | 'IsNot'
  | 'IsBlank'
  | 'IsNotBlank';
export type HierarchyFilterNodeOperators = 'Selected' | 'NotSelected' | 'Inherited';

export interface INotSupportedFilter extends IFilter {
  message: string;
  notSupportedTypeName: string;
}

export interface IIncludeExcludeFilter extends IFilter {
  values: PrimitiveValueType[];
  isExclude: boolean;
}

export interface ITopNFilter extends IFilter {
  operator: TopNFilterOperators;
  itemCount: number;
  orderBy: ITarget;
}

export interface IRelativeDateTimeFilter extends IFilter {
  operator: RelativeDateOperators;
  timeUnitsCount: number;
  timeUnitType: RelativeDateFilterTimeUnit;
}

export interface IRelativeDateFilter extends IRelativeDateTimeFilter {
  includeToday: boolean;
}

export type IRelativeTimeFilter = IRelativeDateTimeFilter;

export interface IBasicFilter extends IFilter {
  operator: BasicFilterOperators;
  values: PrimitiveValueType[];
  requireSingleSelection?: boolean;
}

export interface IBasicFilterWithKeys extends IBasicFilter {
  target: IFilterKeyTarget;
  keyValues: PrimitiveValueType[][];
}

export interface ITupleElementValue {
  value: PrimitiveValueType;
  keyValues?: PrimitiveValueType[];
}
export type TupleValueType = ITupleElementValue[];

export interface ITupleFilter extends IFilter {
  operator: TupleFilterOperators;
  target: ITupleFilterTarget;
  values: TupleValueType[];
}

export interface IIdentityFilter extends IFilter {
  operator: IdentityFilterOperators;
  target: IIdentityFilterTarget;
}

export interface IHierarchyFilterNode {
  value?: PrimitiveValueType;
  keyValues?: PrimitiveValueType[];
  children?: IHierarchyFilterNode[];
  operator?: HierarchyFilterNodeOperators;
}

export interface IHierarchyFilter extends IFilter {
  target: IHierarchyFilterTarget;
  hierarchyData: IHierarchyFilterNode[];
}

/** powerbi-models 2.x: a node of a hierarchy identity filter; `identity` is opaque to the SDK. */
export interface IHierarchyIdentityFilterNode<IdentityType> {
  identity: IdentityType;
  children?: IHierarchyIdentityFilterNode<IdentityType>[];
  operator: HierarchyFilterNodeOperators;
}

export interface IHierarchyIdentityFilter<IdentityType> extends IFilter {
  target: IHierarchyIdentityFilterTarget;
  hierarchyData: IHierarchyIdentityFilterNode<IdentityType>[];
}

export interface IAdvancedFilterCondition {
  value?: PrimitiveValueType | Date;
  operator: AdvancedFilterConditionOperators;
}

export interface IAdvancedFilter extends IFilter {
  logicalOperator: AdvancedFilterLogicalOperators;
  conditions: IAdvancedFilterCondition[];
}

export type ReportLevelFilters =
  | IBasicFilter
  | IBasicFilterWithKeys
  | IAdvancedFilter
  | IRelativeDateFilter
  | ITupleFilter
  | IRelativeTimeFilter
  | IHierarchyFilter;
export type PageLevelFilters = ReportLevelFilters;
export type VisualLevelFilters =
  | IBasicFilter
  | IBasicFilterWithKeys
  | IAdvancedFilter
  | IRelativeDateFilter
  | ITopNFilter
  | IIncludeExcludeFilter
  | IRelativeTimeFilter
  | IHierarchyFilter;
export type ISlicerFilter =
  | IBasicFilter
  | IBasicFilterWithKeys
  | IAdvancedFilter
  | IRelativeDateFilter
  | IRelativeTimeFilter
  | IHierarchyFilter;

/** Body of `POST /report/filters` (and the page and visual equivalents). */
export interface IUpdateFiltersRequest {
  filtersOperation: FiltersOperations;
  filters?: IFilter[];
}

/** Filters applied while a report loads: to every page, or to the page it opens on. */
export interface IOnLoadFiltersBase {
  operation: FiltersOperations;
  filters?: ReportLevelFilters[];
}

export interface IOnLoadFilters {
  allPages?: IOnLoadFiltersBase;
  currentPage?: IOnLoadFiltersBase;
}

export type ReportLoadFilters = ReportLevelFilters[] | IOnLoadFilters;

export interface IDataReference {
  target: IFilterTarget;
}

export interface IEqualsDataReference extends IDataReference {
  equals: PrimitiveValueType | Date;
}

export interface IBetweenDataReference extends IDataReference {
  between: PrimitiveValueType[];
}

export interface IValueDataReference extends IDataReference {
  value: PrimitiveValueType | Date;
  formattedValue: string;
}

export interface IIdentityValue<T extends IDataReference> {
  identity: T[];
  values: IValueDataReference[];
}
