import { RelativeDateFilterTimeUnit, RelativeDateOperators, validateFilter } from '@portico/models';
import { describe, expect, it } from 'vitest';
import {
  AdvancedFilterBuilder,
  BasicFilterBuilder,
  RelativeDateFilterBuilder,
  RelativeTimeFilterBuilder,
  TopNFilterBuilder,
} from './filter-builders.ts';

const target = { table: 'Store', column: 'Chain' };

describe('filter builders', () => {
  it('builds a basic In filter with single selection', () => {
    const filter = new BasicFilterBuilder()
      .withColumnTarget('Store', 'Chain')
      .in(['Lindseys', 'Fashions Direct'])
      .requireSingleSelection(true)
      .build();
    expect(filter.toJSON()).toStrictEqual({
      $schema: 'http://powerbi.com/product/schema#basic',
      target,
      filterType: 1,
      operator: 'In',
      values: ['Lindseys', 'Fashions Direct'],
      requireSingleSelection: true,
    });
    expect(validateFilter(filter.toJSON())).toBeUndefined();
  });

  it('builds basic NotIn and All filters, single selection off by default', () => {
    expect(new BasicFilterBuilder().withTargetObject(target).notIn([1]).build().toJSON()).toMatchObject({
      operator: 'NotIn',
      values: [1],
      requireSingleSelection: false,
    });
    expect(new BasicFilterBuilder().withTargetObject(target).all().build().toJSON()).toMatchObject({
      operator: 'All',
      values: [],
    });
  });

  it('builds an advanced filter with two conditions joined by Or', () => {
    const filter = new AdvancedFilterBuilder()
      .withColumnTarget('Store', 'Name')
      .or()
      .addCondition('Contains', 'Wash')
      .addCondition('StartsWith', 'Park')
      .build();
    expect(filter.toJSON()).toStrictEqual({
      $schema: 'http://powerbi.com/product/schema#advanced',
      target: { table: 'Store', column: 'Name' },
      filterType: 0,
      logicalOperator: 'Or',
      conditions: [
        { operator: 'Contains', value: 'Wash' },
        { operator: 'StartsWith', value: 'Park' },
      ],
    });
  });

  it('builds an advanced filter with one And condition', () => {
    const filter = new AdvancedFilterBuilder()
      .withMeasureTarget('Sales', 'Total')
      .and()
      .addCondition('GreaterThan', 10)
      .build();
    expect(filter.toJSON()).toMatchObject({
      target: { table: 'Sales', measure: 'Total' },
      logicalOperator: 'And',
    });
  });

  it('builds top and bottom N filters ordered by a target', () => {
    const orderBy = { table: 'Sales', measure: 'Total' };
    const top = new TopNFilterBuilder()
      .withColumnTarget('Store', 'Chain')
      .top(5)
      .orderByTarget(orderBy)
      .build();
    expect(top.toJSON()).toStrictEqual({
      $schema: 'http://powerbi.com/product/schema#topN',
      target,
      filterType: 5,
      operator: 'Top',
      itemCount: 5,
      orderBy,
    });
    expect(
      new TopNFilterBuilder().withTargetObject(target).bottom(3).orderByTarget(orderBy).build().toJSON(),
    ).toMatchObject({ operator: 'Bottom', itemCount: 3 });
  });

  it('builds relative date filters that include today unless told otherwise', () => {
    const builder = () => new RelativeDateFilterBuilder().withColumnTarget('Time', 'Date');
    expect(builder().inLast(3, RelativeDateFilterTimeUnit.Weeks).build().toJSON()).toStrictEqual({
      $schema: 'http://powerbi.com/product/schema#relativeDate',
      target: { table: 'Time', column: 'Date' },
      filterType: 4,
      operator: RelativeDateOperators.InLast,
      timeUnitsCount: 3,
      timeUnitType: RelativeDateFilterTimeUnit.Weeks,
      includeToday: true,
    });
    expect(
      builder().inThis(1, RelativeDateFilterTimeUnit.Years).includeToday(false).build().toJSON(),
    ).toMatchObject({ operator: 1, includeToday: false });
    expect(builder().inNext(2, RelativeDateFilterTimeUnit.Months).build().toJSON()).toMatchObject({
      operator: 2,
    });
  });

  it('builds relative time filters without includeToday', () => {
    const filter = new RelativeTimeFilterBuilder()
      .withColumnTarget('Time', 'Hour')
      .inLast(6, RelativeDateFilterTimeUnit.Hours)
      .build();
    expect(filter.toJSON()).toStrictEqual({
      $schema: 'http://powerbi.com/product/schema#relativeTime',
      target: { table: 'Time', column: 'Hour' },
      filterType: 7,
      operator: 0,
      timeUnitsCount: 6,
      timeUnitType: RelativeDateFilterTimeUnit.Hours,
    });
  });

  it('sets hierarchy and aggregation targets', () => {
    expect(
      new BasicFilterBuilder().withHierarchyLevelTarget('T', 'H', 'L').all().build().target,
    ).toStrictEqual({ table: 'T', hierarchy: 'H', hierarchyLevel: 'L' });
    expect(
      new BasicFilterBuilder().withColumnAggregation('T', 'C', 'Sum').all().build().target,
    ).toStrictEqual({ table: 'T', column: 'C', aggregationFunction: 'Sum' });
    expect(
      new BasicFilterBuilder().withHierarchyLevelAggregationTarget('T', 'H', 'L', 'Max').all().build().target,
    ).toStrictEqual({
      table: 'T',
      hierarchy: 'H',
      hierarchyLevel: 'L',
      aggregationFunction: 'Max',
    });
  });
});
