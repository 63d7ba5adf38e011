/**
 * Rules for filter targets, filters, selectors and slicers. Enum values are written out as numbers
 * (the tests check them against the enums) so that the rules stay plain data.
 */
import { check, requiredString, stringArray, type Rule } from './engine.ts';

const anyValue: Rule = { anyOf: ['string', 'number', 'boolean'] };
const anyArray: Rule = { array: anyValue };

// Targets

export const columnTarget: Rule = { fields: { table: requiredString, column: requiredString } };
export const hierarchyTarget: Rule = {
  fields: { table: requiredString, hierarchy: requiredString, hierarchyLevel: requiredString },
};
export const measureTarget: Rule = { fields: { table: requiredString, measure: requiredString } };
const keys: Rule = ['required', stringArray];
export const keyColumnsTarget: Rule = { base: columnTarget, fields: { keys } };
export const keyHierarchyTarget: Rule = { base: hierarchyTarget, fields: { keys } };

export const slicerTarget: Rule = {
  anyOf: [columnTarget, hierarchyTarget, measureTarget, keyColumnsTarget, keyHierarchyTarget],
};
/** A single target, or a list of them (tuple and hierarchy filters). */
export const filterTarget: Rule = {
  anyOf: [columnTarget, hierarchyTarget, measureTarget, { array: slicerTarget }],
};

// Filters: a common base (target, $schema, filterType, displaySettings) and one rule per kind.

const filterBase: Rule = {
  fields: {
    target: ['required', filterTarget],
    $schema: 'string',
    filterType: { enum: [0, 1, 2, 3, 4, 5, 6, 7, 9] },
    displaySettings: {
      fields: { isLockedInViewMode: 'boolean', isHiddenInViewMode: 'boolean', displayName: 'string' },
    },
  },
};

export const basicFilter: Rule = {
  base: filterBase,
  fields: {
    operator: requiredString,
    values: ['required', anyArray],
    filterType: { enum: [1] },
    requireSingleSelection: 'boolean',
  },
};

const condition: Rule = { fields: { value: anyValue, operator: requiredString } };

export const advancedFilter: Rule = {
  base: filterBase,
  fields: { logicalOperator: requiredString, conditions: { array: condition }, filterType: { enum: [0] } },
};

const relativeDateTimeFilter: Rule = {
  base: filterBase,
  fields: {
    operator: ['required', { enum: [0, 1, 2] }],
    timeUnitsCount: 'number',
    timeUnitType: ['required', { enum: [0, 1, 2, 3, 4, 5, 6, 7, 8] }],
    filterType: { enum: [4, 7] },
  },
};

export const relativeDateFilter: Rule = {
  base: relativeDateTimeFilter,
  fields: {
    includeToday: ['required', 'boolean'],
    timeUnitType: ['required', { enum: [0, 1, 2, 3, 4, 5, 6] }],
    filterType: { enum: [4] },
  },
};

export const relativeTimeFilter: Rule = {
  base: relativeDateTimeFilter,
  fields: { timeUnitType: ['required', { enum: [7, 8] }], filterType: { enum: [7] } },
};

export const topNFilter: Rule = {
  base: filterBase,
  fields: {
    operator: requiredString,
    itemCount: ['required', 'number'],
    filterType: { enum: [5] },
    orderBy: ['required', filterTarget],
  },
};

export const notSupportedFilter: Rule = {
  base: filterBase,
  fields: { message: requiredString, notSupportedTypeName: requiredString, filterType: { enum: [2] } },
};

export const includeExcludeFilter: Rule = {
  base: filterBase,
  fields: { isExclude: ['required', 'boolean'], values: ['required', anyArray], filterType: { enum: [3] } },
};

// A node's children are nodes: the function defers the self-reference until the rule runs.
const hierarchyNodes: Rule = (value, field, path) => check({ array: hierarchyNode }, value, field, path);
const hierarchyNode: Rule = {
  fields: { value: anyValue, keyValues: anyArray, children: hierarchyNodes, operator: 'string' },
};

export const hierarchyFilter: Rule = {
  base: filterBase,
  fields: { hierarchyData: ['required', hierarchyNodes], filterType: { enum: [9] } },
};

// Tuple and identity filters are not accepted by powerbi-models 1.x's validateFilter; we accept them so
// that what our own TupleFilter and IdentityFilter classes produce passes our own validator.
export const tupleFilter: Rule = {
  base: filterBase,
  fields: {
    operator: requiredString,
    values: [
      'required',
      { array: { array: { fields: { value: ['required', anyValue], keyValues: anyArray } } } },
    ],
    filterType: { enum: [6] },
  },
};

export const identityFilter: Rule = {
  fields: {
    $schema: 'string',
    target: ['required', { array: 'number', of: 'numbers' }],
    filterType: { enum: [8] },
    operator: requiredString,
  },
};

// powerbi-models 2.x's validateFilter rejects hierarchy identity filters too; we accept what our class makes.
const hierarchyIdentityNodes: Rule = (value, field, path) =>
  check({ array: hierarchyIdentityNode }, value, field, path);
const hierarchyIdentityNode: Rule = {
  fields: { identity: 'required', children: hierarchyIdentityNodes, operator: requiredString },
};

export const hierarchyIdentityFilter: Rule = {
  fields: {
    $schema: 'string',
    target: ['required', { array: { fields: { queryName: requiredString } } }],
    filterType: { enum: [10] },
    hierarchyData: ['required', hierarchyIdentityNodes],
  },
};

export const filter: Rule = [
  'object',
  {
    anyOf: [
      basicFilter,
      advancedFilter,
      includeExcludeFilter,
      notSupportedFilter,
      relativeDateFilter,
      topNFilter,
      relativeTimeFilter,
      hierarchyFilter,
      tupleFilter,
      identityFilter,
      hierarchyIdentityFilter,
    ],
  },
];
export const filters: Rule = { array: filter };

export const replaceFiltersRequest: Rule = {
  fields: { filtersOperation: ['required', { enum: [1, 2, 3] }], filters: ['required', filters] },
};
export const removeFiltersRequest: Rule = {
  fields: { filtersOperation: ['required', { enum: [0] }], filters: 'forbidden' },
};
/** Replace or add filters, or remove them all (then `filters` must be absent). */
export const updateFiltersRequest: Rule = { anyOf: [replaceFiltersRequest, removeFiltersRequest] };

const onLoadFilters: Rule = {
  anyOf: [
    { fields: { operation: ['required', { enum: [1, 2, 3] }], filters: ['required', filters] } },
    { fields: { operation: ['required', { enum: [0] }], filters: 'forbidden' } },
  ],
};

/** A report loads with a filter list, or with filters for all pages and for the current page. */
export const reportLoadFilters: Rule = {
  anyOf: [filters, { fields: { allPages: onLoadFilters, currentPage: onLoadFilters } }],
};

// Selectors and slicers

export const visualSelector: Rule = {
  // $schema is optional here only, for backward compatibility.
  fields: {
    $schema: { oneOf: ['http://powerbi.com/product/schema#visualSelector'] },
    visualName: requiredString,
  },
};
export const visualTypeSelector: Rule = {
  fields: {
    $schema: ['required', { oneOf: ['http://powerbi.com/product/schema#visualTypeSelector'] }],
    visualType: requiredString,
  },
};
export const slicerTargetSelector: Rule = {
  fields: {
    $schema: ['required', { oneOf: ['http://powerbi.com/product/schema#slicerTargetSelector'] }],
    target: ['required', slicerTarget],
  },
};
export const visualOrTypeSelector: Rule = { anyOf: [visualSelector, visualTypeSelector] };

export const slicerState: Rule = { fields: { filters } };
export const slicer: Rule = {
  fields: {
    selector: ['required', { anyOf: [visualSelector, slicerTargetSelector] }],
    state: ['required', slicerState],
  },
};
