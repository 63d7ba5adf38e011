import { describe, expect, it } from 'vitest';
import { FilterType, RelativeDateFilterTimeUnit, RelativeDateOperators } from './enums.ts';
import {
  AdvancedFilter,
  BasicFilter,
  BasicFilterWithKeys,
  HierarchyFilter,
  HierarchyIdentityFilter,
  IdentityFilter,
  IncludeExcludeFilter,
  NotSupportedFilter,
  RelativeDateFilter,
  RelativeTimeFilter,
  TopNFilter,
  TupleFilter,
} from './filters.ts';
import {
  getFilterType,
  isBasicFilterWithKeys,
  isColumn,
  isColumnAggr,
  isFlatMenuExtension,
  isGroupedMenuExtension,
  isIExtensionArray,
  isIExtensions,
  isFilterKeyColumnsTarget,
  isHierarchyLevel,
  isHierarchyLevelAggr,
  isMeasure,
  isOnLoadFilters,
  isPercentOfGrandTotal,
  isVisualCalculation,
  isReportFiltersArray,
} from './guards.ts';
import type { IFilter } from './interfaces/filters.ts';
import { validateFilter } from './validation/validators.ts';

const SCHEMA = 'http://powerbi.com/product/schema#';
const target = { table: 'Store', column: 'Chain' };
const measure = { table: 'Sales', measure: 'Total' };
const keyTarget = { table: 'Store', column: 'Chain', keys: ['Id', 'Region'] };

describe('filter classes', () => {
  const cases: [string, { toJSON(): IFilter }, string, FilterType, object][] = [
    [
      'BasicFilter',
      new BasicFilter(target, 'In', 'Lindseys', 'Fashions Direct'),
      'basic',
      FilterType.Basic,
      { operator: 'In', values: ['Lindseys', 'Fashions Direct'], requireSingleSelection: false },
    ],
    [
      'BasicFilterWithKeys',
      new BasicFilterWithKeys(keyTarget, 'In', ['A'], [[1, 'North']]),
      'basic',
      FilterType.Basic,
      {
        target: keyTarget,
        operator: 'In',
        values: ['A'],
        requireSingleSelection: false,
        keyValues: [[1, 'North']],
      },
    ],
    [
      'AdvancedFilter',
      new AdvancedFilter(target, 'Or', { operator: 'Contains', value: 'Wash' }, { operator: 'IsBlank' }),
      'advanced',
      FilterType.Advanced,
      {
        logicalOperator: 'Or',
        conditions: [{ operator: 'Contains', value: 'Wash' }, { operator: 'IsBlank' }],
      },
    ],
    [
      'TopNFilter',
      new TopNFilter(target, 'Top', 3, measure),
      'topN',
      FilterType.TopN,
      { operator: 'Top', itemCount: 3, orderBy: measure },
    ],
    [
      'RelativeDateFilter',
      new RelativeDateFilter(target, RelativeDateOperators.InLast, 2, RelativeDateFilterTimeUnit.Weeks, true),
      'relativeDate',
      FilterType.RelativeDate,
      { operator: 0, timeUnitsCount: 2, timeUnitType: 1, includeToday: true },
    ],
    [
      'RelativeTimeFilter',
      new RelativeTimeFilter(target, RelativeDateOperators.InNext, 30, RelativeDateFilterTimeUnit.Minutes),
      'relativeTime',
      FilterType.RelativeTime,
      { operator: 2, timeUnitsCount: 30, timeUnitType: 7 },
    ],
    [
      'IncludeExcludeFilter',
      new IncludeExcludeFilter(target, true, ['Lindseys']),
      'includeExclude',
      FilterType.IncludeExclude,
      { isExclude: true, values: ['Lindseys'] },
    ],
    [
      'NotSupportedFilter',
      new NotSupportedFilter(target, 'Too complex', 'Complex'),
      'notSupported',
      FilterType.Unknown,
      { message: 'Too complex', notSupportedTypeName: 'Complex' },
    ],
    [
      'TupleFilter',
      new TupleFilter([target, measure], 'In', [[{ value: 'A' }, { value: 1 }]]),
      'tuple',
      FilterType.Tuple,
      { target: [target, measure], operator: 'In', values: [[{ value: 'A' }, { value: 1 }]] },
    ],
    [
      'IdentityFilter',
      new IdentityFilter([1, 4], 'In'),
      'identity',
      FilterType.Identity,
      { target: [1, 4], operator: 'In' },
    ],
    [
      'HierarchyFilter',
      new HierarchyFilter([target], [{ value: 'A', operator: 'Selected', children: [{ value: 'B' }] }]),
      'hierarchy',
      FilterType.Hierarchy,
      { target: [target], hierarchyData: [{ value: 'A', operator: 'Selected', children: [{ value: 'B' }] }] },
    ],
    [
      'HierarchyIdentityFilter',
      new HierarchyIdentityFilter<unknown>(
        [{ queryName: 'Store.Chain' }],
        [
          {
            identity: { key: 1 },
            operator: 'Selected',
            children: [{ identity: 'x', operator: 'NotSelected' }],
          },
        ],
      ),
      'hierarchyIdentity',
      FilterType.HierarchyIdentity,
      {
        target: [{ queryName: 'Store.Chain' }],
        hierarchyData: [
          {
            identity: { key: 1 },
            operator: 'Selected',
            children: [{ identity: 'x', operator: 'NotSelected' }],
          },
        ],
      },
    ],
  ];

  it.each(cases)(
    '%s serialises with its $schema, filterType and own fields',
    (_name, filter, schema, type, own) => {
      expect(filter.toJSON()).toEqual({ $schema: `${SCHEMA}${schema}`, target, filterType: type, ...own });
    },
  );

  it.each(cases)('%s produces JSON that validateFilter accepts', (_name, filter) => {
    expect(validateFilter(filter.toJSON())).toBeUndefined();
  });

  it('rejects a hierarchy identity filter whose nodes lack an identity or whose target lacks a query name', () => {
    const json = new HierarchyIdentityFilter<string>([{ queryName: 'Store.Chain' }], []).toJSON();
    expect(validateFilter({ ...json, hierarchyData: [{ operator: 'Selected' }] })).toHaveLength(1);
    expect(validateFilter({ ...json, target: [{ table: 'Store' }] })).toHaveLength(1);
  });

  it('exposes each schema URL as a static property', () => {
    expect(BasicFilter.schemaUrl).toBe(`${SCHEMA}basic`);
    expect(AdvancedFilter.schemaUrl).toBe(`${SCHEMA}advanced`);
    expect(TopNFilter.schemaUrl).toBe(`${SCHEMA}topN`);
    expect(HierarchyFilter.schemaUrl).toBe(`${SCHEMA}hierarchy`);
    expect(HierarchyIdentityFilter.schemaUrl).toBe(`${SCHEMA}hierarchyIdentity`);
  });

  it('serialises through JSON.stringify with the same keys in the same order as powerbi-models', () => {
    const json = JSON.stringify(new BasicFilter(target, 'In', 1));
    expect(json).toBe(
      `{"$schema":"${SCHEMA}basic","target":{"table":"Store","column":"Chain"},"filterType":1,"operator":"In","values":[1],"requireSingleSelection":false}`,
    );
  });

  it("writes every class's keys in the same order as powerbi-models, display settings after the filter type", () => {
    const keysOf = (filter: { toJSON(): object }) => {
      (filter as { displaySettings?: object }).displaySettings = { isLockedInViewMode: true };
      return Object.keys(JSON.parse(JSON.stringify(filter)) as object).join(' ');
    };
    const common = '$schema target filterType displaySettings';
    const keys = { table: 'Store', column: 'Chain', keys: ['Id'] };
    expect(keysOf(new NotSupportedFilter(target, 'why', 'Type'))).toBe(
      `${common} message notSupportedTypeName`,
    );
    expect(keysOf(new IncludeExcludeFilter(target, true, [1]))).toBe(`${common} isExclude values`);
    expect(keysOf(new TopNFilter(target, 'Top', 2, target))).toBe(`${common} operator itemCount orderBy`);
    expect(
      keysOf(
        new RelativeDateFilter(
          target,
          RelativeDateOperators.InLast,
          2,
          RelativeDateFilterTimeUnit.Days,
          true,
        ),
      ),
    ).toBe(`${common} operator timeUnitsCount timeUnitType includeToday`);
    expect(
      keysOf(
        new RelativeTimeFilter(target, RelativeDateOperators.InLast, 2, RelativeDateFilterTimeUnit.Hours),
      ),
    ).toBe(`${common} operator timeUnitsCount timeUnitType`);
    expect(keysOf(new BasicFilter(target, 'In', 1))).toBe(`${common} operator values requireSingleSelection`);
    expect(keysOf(new BasicFilterWithKeys(keys, 'In', [1], [[2]]))).toBe(
      `${common} operator values requireSingleSelection keyValues`,
    );
    expect(keysOf(new IdentityFilter([1], 'In'))).toBe(`${common} operator`);
    expect(keysOf(new TupleFilter([target], 'In', []))).toBe(`${common} operator values`);
    expect(keysOf(new AdvancedFilter(target, 'And', { operator: 'Is', value: 1 }))).toBe(
      `${common} logicalOperator conditions`,
    );
    expect(keysOf(new HierarchyFilter([target], []))).toBe(`${common} hierarchyData`);
    expect(keysOf(new HierarchyIdentityFilter([{ queryName: 'Store.Chain' }], []))).toBe(
      `${common} hierarchyData`,
    );
  });

  it("keeps the constructor's arguments on the filter under their names", () => {
    const filter = new TopNFilter(target, 'Bottom', 3, target);
    expect([filter.operator, filter.itemCount, filter.orderBy]).toEqual(['Bottom', 3, target]);
    expect(new IncludeExcludeFilter(target, false, ['A'])).toMatchObject({ isExclude: false, values: ['A'] });
    expect(new HierarchyFilter([target], [])).toMatchObject({ target: [target], hierarchyData: [] });
  });

  it('adds display settings only when they are set', () => {
    const filter = new BasicFilter(target, 'All');
    expect(filter.toJSON()).not.toHaveProperty('displaySettings');
    filter.displaySettings = { isHiddenInViewMode: true };
    expect(filter.toJSON().displaySettings).toEqual({ isHiddenInViewMode: true });
  });

  it('carries requireSingleSelection when asked for', () => {
    const filter = new BasicFilter(target, 'In', 1);
    filter.requireSingleSelection = true;
    expect(filter.toJSON().requireSingleSelection).toBe(true);
  });

  it('accepts basic filter values as one array as well as one by one', () => {
    expect(new BasicFilter(target, 'In', [1, 2]).values).toEqual([1, 2]);
    expect(new BasicFilter(target, 'NotIn', 1, 2).values).toEqual([1, 2]);
  });

  it('refuses a basic filter without values unless the operator is All', () => {
    expect(() => new BasicFilter(target, 'In')).toThrow(
      'values must be a non-empty array unless your operator is "All".',
    );
    expect(new BasicFilter(target, 'All').values).toEqual([]);
  });

  it('refuses key values that do not match the keys of the target', () => {
    expect(() => new BasicFilterWithKeys(keyTarget, 'In', [1], [[1]])).toThrow(
      'Each tuple of key values should contain a value for each of the keys. You passed: 1 values and 2 keys',
    );
    expect(() => new BasicFilterWithKeys({ ...target, keys: [] }, 'In', [1], [[1]])).toThrow(
      "You passed key values but your target object doesn't contain the keys to be filtered",
    );
  });

  it('refuses an advanced filter with more than two conditions or a lone condition under Or', () => {
    const c = { operator: 'None' as const };
    expect(() => new AdvancedFilter(target, 'And', c, c, c)).toThrow(
      'AdvancedFilters may not have more than two conditions. You passed: 3',
    );
    expect(() => new AdvancedFilter(target, 'Or', [c])).toThrow(
      'Logical Operator must be "And" when there is only one condition provided',
    );
    expect(() => new AdvancedFilter(target, '' as 'And', c)).toThrow(
      'logicalOperator must be a valid operator',
    );
  });
});

describe('target and filter guards', () => {
  it('tells columns, measures, hierarchy levels and their aggregations apart', () => {
    const hierarchy = { table: 'Date', hierarchy: 'Calendar', hierarchyLevel: 'Year' };
    expect([isColumn(target), isColumnAggr(target), isMeasure(target)]).toEqual([true, false, false]);
    expect([
      isColumn({ ...target, aggregationFunction: 'Sum' }),
      isColumnAggr({ ...target, aggregationFunction: 'Sum' }),
    ]).toEqual([false, true]);
    expect(isMeasure(measure)).toBe(true);
    expect([isHierarchyLevel(hierarchy), isHierarchyLevelAggr(hierarchy)]).toEqual([true, false]);
    expect(isHierarchyLevelAggr({ ...hierarchy, aggregationFunction: 'Count' })).toBe(true);
    expect(isPercentOfGrandTotal({ ...measure, percentOfGrandTotal: true })).toBe(true);
    expect(isPercentOfGrandTotal(measure)).toBe(false);
  });

  it('recognises a visual calculation by its name and DAX expression (powerbi-models 2.x)', () => {
    expect(
      isVisualCalculation({ table: 'T', name: 'Running total', daxExpression: 'RUNNINGSUM([Sales])' }),
    ).toBe(true);
    expect(isVisualCalculation({ table: 'T', name: 'Running total' })).toBe(false);
    expect(isVisualCalculation(target)).toBe(false);
  });

  it('recognises a key-columns target by its keys', () => {
    expect(isFilterKeyColumnsTarget(keyTarget)).toBe(true);
    expect(isFilterKeyColumnsTarget(target)).toBe(false);
  });

  it('reads the filter type, guessing it from the shape when it is missing or Advanced', () => {
    expect(getFilterType(new TopNFilter(target, 'Top', 1, measure).toJSON())).toBe(FilterType.TopN);
    const shape = (extra: object) => ({ $schema: '', target, ...extra }) as unknown as IFilter;
    expect(getFilterType(shape({ operator: 'In', values: [] }))).toBe(FilterType.Basic);
    expect(getFilterType(shape({ filterType: 0, logicalOperator: 'And', conditions: [] }))).toBe(
      FilterType.Advanced,
    );
    expect(getFilterType(shape({}))).toBe(FilterType.Unknown);
  });

  it('recognises a basic filter with keys by its key values', () => {
    expect(isBasicFilterWithKeys(new BasicFilterWithKeys(keyTarget, 'In', [1], [[1, 2]]).toJSON())).toBe(
      true,
    );
    expect(isBasicFilterWithKeys(new BasicFilter(target, 'In', 1).toJSON())).toBe(false);
  });
});

describe('load-filter and extension guards', () => {
  it('tells the list form of load filters from the all-pages/current-page form', () => {
    const list = [new BasicFilter(target, 'All').toJSON()];
    expect([isReportFiltersArray(list), isOnLoadFilters(list)]).toEqual([true, false]);
    const onLoad = { allPages: { operation: 1, filters: list } };
    expect([isReportFiltersArray(onLoad), isOnLoadFilters(onLoad)]).toEqual([false, true]);
    expect(isOnLoadFilters(undefined)).toBe(false);
  });

  it('tells grouped menu extensions from flat ones, and the extension list from the commands form', () => {
    expect([isGroupedMenuExtension({ groupName: 'g' }), isFlatMenuExtension({ groupName: 'g' })]).toEqual([
      true,
      false,
    ]);
    expect([isGroupedMenuExtension({ title: 't' }), isFlatMenuExtension({ title: 't' })]).toEqual([
      false,
      true,
    ]);
    expect([isIExtensionArray([]), isIExtensions([])]).toEqual([true, false]);
    expect([isIExtensionArray({ commands: [] }), isIExtensions({ commands: [] })]).toEqual([false, true]);
  });
});
