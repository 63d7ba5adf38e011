/**
 * Filter classes: build a filter with `new BasicFilter(target, 'In', 1, 2)` and send `filter.toJSON()`
 * (JSON.stringify calls it for you). Each class has the `$schema` URL and `filterType` the frame expects.
 */
import { FilterType, type RelativeDateFilterTimeUnit, type RelativeDateOperators } from './enums.ts';
import type {
  AdvancedFilterLogicalOperators,
  BasicFilterOperators,
  IAdvancedFilter,
  IAdvancedFilterCondition,
  IBasicFilter,
  IBasicFilterWithKeys,
  IdentityFilterOperators,
  IFilter,
  IFilterDisplaySettings,
  IFilterGeneralTarget,
  IFilterKeyTarget,
  IFilterTarget,
  IHierarchyFilter,
  IHierarchyFilterNode,
  IHierarchyFilterTarget,
  IHierarchyIdentityFilter,
  IHierarchyIdentityFilterNode,
  IHierarchyIdentityFilterTarget,
  IIdentityFilter,
  IIdentityFilterTarget,
  IIncludeExcludeFilter,
  INotSupportedFilter,
  IRelativeDateFilter,
  IRelativeTimeFilter,
  ITarget,
  ITopNFilter,
  ITupleFilter,
  ITupleFilterTarget,
  PrimitiveValueType,
  TopNFilterOperators,
  TupleFilterOperators,
  TupleValueType,
} from './interfaces/filters.ts';

/* eslint-disable @typescript-eslint/no-unsafe-declaration-merging -- each class's merged interface only
   declares the return type of the `toJSON` it inherits (the fields it writes are the class's `_keys`) */

/** Base of the filter classes: the target, the filter type, optional display settings and `toJSON()`. */
export abstract class Filter {
  target: IFilterGeneralTarget;
  filterType: FilterType;
  displaySettings?: IFilterDisplaySettings;
  /** Each subclass passes its own static `schemaUrl`. */
  protected schemaUrl: string;
  /**
   * The class's own JSON fields, in wire order after the common ones: `toJSON` writes them, so the classes
   * need no `toJSON` of their own (their typings declare it by interface merge); subclasses inherit it.
   */
  static _keys?: string[];

  /** `fields`: the values of the class's first `_keys`, in that order. */
  constructor(target: IFilterGeneralTarget, filterType: FilterType, schemaUrl = '', ...fields: unknown[]) {
    this.schemaUrl = schemaUrl;
    this.target = target;
    this.filterType = filterType;
    const keys = (this.constructor as typeof Filter)._keys ?? [];
    fields.forEach((value, i) => {
      (this as Record<string, unknown>)[keys[i] as string] = value;
    });
  }

  toJSON(): IFilter {
    const filter: IFilter = { $schema: this.schemaUrl, target: this.target, filterType: this.filterType };
    if (this.displaySettings !== undefined) filter.displaySettings = this.displaySettings;
    for (const key of (this.constructor as typeof Filter)._keys ?? [])
      (filter as unknown as Record<string, unknown>)[key] = this[key as keyof this];
    return filter;
  }
}

/** A filter the frame cannot express in this model; it says why in `message`. */
export class NotSupportedFilter extends Filter {
  static override _keys = ['message', 'notSupportedTypeName'];
  static schemaUrl = 'http://powerbi.com/product/schema#notSupported';
  declare message: string;
  declare notSupportedTypeName: string;

  constructor(target: IFilterTarget, message: string, notSupportedTypeName: string) {
    super(target, FilterType.Unknown, NotSupportedFilter.schemaUrl, message, notSupportedTypeName);
  }
}

/** Keeps or drops the given data points: `new IncludeExcludeFilter(target, true, ['A'])` excludes A. */
export interface NotSupportedFilter {
  toJSON(): INotSupportedFilter;
}

export class IncludeExcludeFilter extends Filter {
  static override _keys = ['isExclude', 'values'];
  static schemaUrl = 'http://powerbi.com/product/schema#includeExclude';
  declare values: PrimitiveValueType[];
  declare isExclude: boolean;

  constructor(target: IFilterTarget, isExclude: boolean, values: PrimitiveValueType[]) {
    super(target, FilterType.IncludeExclude, IncludeExcludeFilter.schemaUrl, isExclude, values);
  }
}

/** The top or bottom N items by a target: `new TopNFilter(target, 'Top', 5, { table: 'Sales', measure: 'Total' })`. */
export interface IncludeExcludeFilter {
  toJSON(): IIncludeExcludeFilter;
}

export class TopNFilter extends Filter {
  static override _keys = ['operator', 'itemCount', 'orderBy'];
  static schemaUrl = 'http://powerbi.com/product/schema#topN';
  declare operator: TopNFilterOperators;
  declare itemCount: number;
  declare orderBy: ITarget;

  constructor(target: IFilterTarget, operator: TopNFilterOperators, itemCount: number, orderBy: ITarget) {
    super(target, FilterType.TopN, TopNFilter.schemaUrl, operator, itemCount, orderBy);
  }
}

/** `new RelativeDateFilter(target, RelativeDateOperators.InLast, 2, RelativeDateFilterTimeUnit.Weeks, true)`. */
export interface TopNFilter {
  toJSON(): ITopNFilter;
}

export class RelativeDateFilter extends Filter {
  static override _keys = ['operator', 'timeUnitsCount', 'timeUnitType', 'includeToday'];
  static schemaUrl = 'http://powerbi.com/product/schema#relativeDate';
  declare operator: RelativeDateOperators;
  declare timeUnitsCount: number;
  declare timeUnitType: RelativeDateFilterTimeUnit;
  declare includeToday: boolean;

  constructor(
    target: IFilterTarget,
    operator: RelativeDateOperators,
    timeUnitsCount: number,
    timeUnitType: RelativeDateFilterTimeUnit,
    includeToday: boolean,
  ) {
    super(
      target,
      FilterType.RelativeDate,
      RelativeDateFilter.schemaUrl,
      operator,
      timeUnitsCount,
      timeUnitType,
      includeToday,
    );
  }
}

/** Like a relative date filter, in minutes or hours and without `includeToday`. */
export interface RelativeDateFilter {
  toJSON(): IRelativeDateFilter;
}

export class RelativeTimeFilter extends Filter {
  static override _keys = ['operator', 'timeUnitsCount', 'timeUnitType'];
  static schemaUrl = 'http://powerbi.com/product/schema#relativeTime';
  declare operator: RelativeDateOperators;
  declare timeUnitsCount: number;
  declare timeUnitType: RelativeDateFilterTimeUnit;

  constructor(
    target: IFilterTarget,
    operator: RelativeDateOperators,
    timeUnitsCount: number,
    timeUnitType: RelativeDateFilterTimeUnit,
  ) {
    super(
      target,
      FilterType.RelativeTime,
      RelativeTimeFilter.schemaUrl,
      operator,
      timeUnitsCount,
      timeUnitType,
    );
  }
}

/** In, NotIn or All of a list of values: `new BasicFilter(target, 'In', 'A', 'B')`. */
export interface RelativeTimeFilter {
  toJSON(): IRelativeTimeFilter;
}

export class BasicFilter extends Filter {
  static override _keys = ['operator', 'values'];
  static schemaUrl = 'http://powerbi.com/product/schema#basic';
  operator: BasicFilterOperators;
  values: PrimitiveValueType[];
  requireSingleSelection?: boolean;

  /** Values may be passed one by one or as one array: `new BasicFilter(t, 'In', 1, 2)` or `(t, 'In', [1, 2])`. */
  constructor(
    target: IFilterTarget,
    operator: BasicFilterOperators,
    ...values: (PrimitiveValueType | PrimitiveValueType[])[]
  ) {
    super(target, FilterType.Basic, BasicFilter.schemaUrl);
    this.operator = operator;
    if (values.length === 0 && operator !== 'All') {
      throw new Error(`values must be a non-empty array unless your operator is "All".`);
    }
    const [first] = values;
    this.values = Array.isArray(first) ? first : (values as PrimitiveValueType[]);
  }

  override toJSON(): IBasicFilter {
    return { ...super.toJSON(), requireSingleSelection: !!this.requireSingleSelection } as IBasicFilter;
  }
}

/** A basic filter that also gives, for each value, the values of the target's key columns. */
export class BasicFilterWithKeys extends BasicFilter {
  declare target: IFilterKeyTarget;
  keyValues: PrimitiveValueType[][];

  constructor(
    target: IFilterKeyTarget,
    operator: BasicFilterOperators,
    values: PrimitiveValueType | PrimitiveValueType[],
    keyValues: PrimitiveValueType[][],
  ) {
    super(target, operator, values);
    this.keyValues = keyValues;
    const keys = target.keys?.length ?? 0;
    if (keys > 0 && !keyValues) {
      throw new Error(
        `You should pass the values to be filtered for each key. You passed: no values and ${keys} keys`,
      );
    }
    if (keys === 0 && keyValues?.length > 0) {
      throw new Error(`You passed key values but your target object doesn't contain the keys to be filtered`);
    }
    for (const tuple of keyValues ?? []) {
      if (tuple && tuple.length !== keys) {
        throw new Error(
          `Each tuple of key values should contain a value for each of the keys. You passed: ${tuple.length} values and ${keys} keys`,
        );
      }
    }
  }

  override toJSON(): IBasicFilterWithKeys {
    return { ...super.toJSON(), keyValues: this.keyValues } as IBasicFilterWithKeys;
  }
}

/** Selects data points by their opaque identity indexes: `new IdentityFilter([1, 4], 'In')`. */
export class IdentityFilter extends Filter {
  static override _keys = ['operator'];
  static schemaUrl = 'http://powerbi.com/product/schema#identity';
  declare target: IIdentityFilterTarget;
  declare operator: IdentityFilterOperators;

  constructor(target: IIdentityFilterTarget, operator: IdentityFilterOperators) {
    super(target, FilterType.Identity, IdentityFilter.schemaUrl, operator);
  }
}

/** Selects combinations of values across several targets (one tuple per combination). */
export interface IdentityFilter {
  toJSON(): IIdentityFilter;
}

export class TupleFilter extends Filter {
  static override _keys = ['operator', 'values'];
  static schemaUrl = 'http://powerbi.com/product/schema#tuple';
  declare target: ITupleFilterTarget;
  declare operator: TupleFilterOperators;
  declare values: TupleValueType[];

  constructor(target: ITupleFilterTarget, operator: TupleFilterOperators, values: TupleValueType[]) {
    super(target, FilterType.Tuple, TupleFilter.schemaUrl, operator, values);
  }
}

/** One or two conditions joined by And or Or: `new AdvancedFilter(target, 'And', { operator: 'Contains', value: 'x' })`. */
export interface TupleFilter {
  toJSON(): ITupleFilter;
}

export class AdvancedFilter extends Filter {
  static override _keys = ['logicalOperator', 'conditions'];
  static schemaUrl = 'http://powerbi.com/product/schema#advanced';
  logicalOperator: AdvancedFilterLogicalOperators;
  conditions: IAdvancedFilterCondition[];

  /** Conditions (at most two) may be passed one by one or as one array. One condition requires "And". */
  constructor(
    target: IFilterTarget,
    logicalOperator: AdvancedFilterLogicalOperators,
    ...conditions: (IAdvancedFilterCondition | IAdvancedFilterCondition[])[]
  ) {
    super(target, FilterType.Advanced, AdvancedFilter.schemaUrl);
    if (typeof logicalOperator !== 'string' || logicalOperator.length === 0) {
      throw new Error(`logicalOperator must be a valid operator, You passed: ${String(logicalOperator)}`);
    }
    this.logicalOperator = logicalOperator;
    const [first] = conditions;
    const list = Array.isArray(first) ? first : (conditions as IAdvancedFilterCondition[]);
    if (list.length > 2) {
      throw new Error(
        `AdvancedFilters may not have more than two conditions. You passed: ${conditions.length}`,
      );
    }
    if (list.length === 1 && logicalOperator !== 'And') {
      throw new Error(`Logical Operator must be "And" when there is only one condition provided`);
    }
    this.conditions = list;
  }
}

/** Selects nodes of a hierarchy, each node with its children. */
export interface AdvancedFilter {
  toJSON(): IAdvancedFilter;
}

export class HierarchyFilter extends Filter {
  static override _keys = ['hierarchyData'];
  static schemaUrl = 'http://powerbi.com/product/schema#hierarchy';
  declare target: IHierarchyFilterTarget;
  declare hierarchyData: IHierarchyFilterNode[];

  constructor(target: IHierarchyFilterTarget, hierarchyData: IHierarchyFilterNode[]) {
    super(target, FilterType.Hierarchy, HierarchyFilter.schemaUrl, hierarchyData);
  }
}

/**
 * powerbi-models 2.x: a hierarchy filter over data-point identities, its target the fields' query names:
 * `new HierarchyIdentityFilter([{ queryName: 'Store.Chain' }], [{ identity, operator: 'Selected' }])`.
 */
export interface HierarchyFilter {
  toJSON(): IHierarchyFilter;
}

export class HierarchyIdentityFilter<IdentityType> extends Filter {
  static override _keys = ['hierarchyData'];
  static schemaUrl = 'http://powerbi.com/product/schema#hierarchyIdentity';
  declare target: IHierarchyIdentityFilterTarget;
  declare hierarchyData: IHierarchyIdentityFilterNode<IdentityType>[];

  constructor(
    target: IHierarchyIdentityFilterTarget,
    hierarchyData: IHierarchyIdentityFilterNode<IdentityType>[],
  ) {
    super(target, FilterType.HierarchyIdentity, HierarchyIdentityFilter.schemaUrl, hierarchyData);
  }
}
export interface HierarchyIdentityFilter<IdentityType> {
  toJSON(): IHierarchyIdentityFilter<IdentityType>;
}
