/**
 * Fluent builders for the five common filters, as in powerbi-client:
 * `new BasicFilterBuilder().withColumnTarget('Store', 'Chain').in(['Lindseys']).build()`.
 */
import {
  AdvancedFilter,
  BasicFilter,
  RelativeDateFilter,
  RelativeDateOperators,
  RelativeTimeFilter,
  TopNFilter,
  type AdvancedFilterConditionOperators,
  type AdvancedFilterLogicalOperators,
  type BasicFilterOperators,
  type IAdvancedFilterCondition,
  type IFilterTarget,
  type ITarget,
  type PrimitiveValueType,
  type RelativeDateFilterTimeUnit,
  type TopNFilterOperators,
} from '@portico/models';

/** The target-setting half every builder shares. */
export class FilterBuilder {
  target!: IFilterTarget;

  withTargetObject(target: IFilterTarget): this {
    this.target = target;
    return this;
  }

  withColumnTarget(tableName: string, columnName: string): this {
    return this.withTargetObject({ table: tableName, column: columnName });
  }

  withMeasureTarget(tableName: string, measure: string): this {
    return this.withTargetObject({ table: tableName, measure });
  }

  withHierarchyLevelTarget(tableName: string, hierarchy: string, hierarchyLevel: string): this {
    return this.withTargetObject({ table: tableName, hierarchy, hierarchyLevel });
  }

  withColumnAggregation(tableName: string, columnName: string, aggregationFunction: string): this {
    return this.withTargetObject({ table: tableName, column: columnName, aggregationFunction });
  }

  withHierarchyLevelAggregationTarget(
    tableName: string,
    hierarchy: string,
    hierarchyLevel: string,
    aggregationFunction: string,
  ): this {
    return this.withTargetObject({ table: tableName, hierarchy, hierarchyLevel, aggregationFunction });
  }
}

export class BasicFilterBuilder extends FilterBuilder {
  private values: PrimitiveValueType[] = [];
  private operator!: BasicFilterOperators;
  private _requireSingleSelection = false;

  in(values: PrimitiveValueType[]): this {
    return this._set('In', values);
  }

  notIn(values: PrimitiveValueType[]): this {
    return this._set('NotIn', values);
  }

  all(): this {
    return this._set('All', []);
  }

  requireSingleSelection(isRequireSingleSelection = false): this {
    this._requireSingleSelection = isRequireSingleSelection;
    return this;
  }

  build(): BasicFilter {
    const filter = new BasicFilter(this.target, this.operator, this.values);
    filter.requireSingleSelection = this._requireSingleSelection;
    return filter;
  }

  private _set(operator: BasicFilterOperators, values: PrimitiveValueType[]): this {
    this.operator = operator;
    this.values = values;
    return this;
  }
}

export class AdvancedFilterBuilder extends FilterBuilder {
  private logicalOperator!: AdvancedFilterLogicalOperators;
  private conditions: IAdvancedFilterCondition[] = [];

  and(): this {
    this.logicalOperator = 'And';
    return this;
  }

  or(): this {
    this.logicalOperator = 'Or';
    return this;
  }

  addCondition(operator: AdvancedFilterConditionOperators, value?: PrimitiveValueType | Date): this {
    this.conditions.push({ operator, value } as IAdvancedFilterCondition);
    return this;
  }

  build(): AdvancedFilter {
    return new AdvancedFilter(this.target, this.logicalOperator, this.conditions);
  }
}

export class TopNFilterBuilder extends FilterBuilder {
  private itemCount!: number;
  private operator!: TopNFilterOperators;
  private _orderBy!: ITarget;

  top(itemCount: number): this {
    return this._set('Top', itemCount);
  }

  bottom(itemCount: number): this {
    return this._set('Bottom', itemCount);
  }

  orderByTarget(target: ITarget): this {
    this._orderBy = target;
    return this;
  }

  build(): TopNFilter {
    return new TopNFilter(this.target, this.operator, this.itemCount, this._orderBy);
  }

  private _set(operator: TopNFilterOperators, itemCount: number): this {
    this.operator = operator;
    this.itemCount = itemCount;
    return this;
  }
}

/** What the relative date and time builders share: an operator, a count and a unit. */
class RelativeFilterBuilder extends FilterBuilder {
  protected operator!: RelativeDateOperators;
  protected timeUnitsCount!: number;
  protected timeUnitType!: RelativeDateFilterTimeUnit;

  inLast(timeUnitsCount: number, timeUnitType: RelativeDateFilterTimeUnit): this {
    return this._set(RelativeDateOperators.InLast, timeUnitsCount, timeUnitType);
  }

  inThis(timeUnitsCount: number, timeUnitType: RelativeDateFilterTimeUnit): this {
    return this._set(RelativeDateOperators.InThis, timeUnitsCount, timeUnitType);
  }

  inNext(timeUnitsCount: number, timeUnitType: RelativeDateFilterTimeUnit): this {
    return this._set(RelativeDateOperators.InNext, timeUnitsCount, timeUnitType);
  }

  private _set(operator: RelativeDateOperators, count: number, unit: RelativeDateFilterTimeUnit): this {
    this.operator = operator;
    this.timeUnitsCount = count;
    this.timeUnitType = unit;
    return this;
  }
}

export class RelativeDateFilterBuilder extends RelativeFilterBuilder {
  private _includeToday = true;

  includeToday(includeToday: boolean): this {
    this._includeToday = includeToday;
    return this;
  }

  build(): RelativeDateFilter {
    const { target, operator, timeUnitsCount, timeUnitType } = this;
    return new RelativeDateFilter(target, operator, timeUnitsCount, timeUnitType, this._includeToday);
  }
}

export class RelativeTimeFilterBuilder extends RelativeFilterBuilder {
  build(): RelativeTimeFilter {
    return new RelativeTimeFilter(this.target, this.operator, this.timeUnitsCount, this.timeUnitType);
  }
}
