import { describe, expect, it } from 'vitest';
import * as enums from '../enums.ts';
import { check, validate, type Rule } from './engine.ts';
import * as f from './filter-rules.ts';
import * as s from './settings-rules.ts';
import * as l from './load-rules.ts';

const message = (rule: Rule, value: unknown) => check(rule, value, 'field', 'a.field')?.message;

describe('the rule interpreter', () => {
  it('requires a value that is neither undefined nor null', () => {
    expect(check('required', null, 'id', 'id')).toEqual({
      message: 'id is required',
      path: 'id',
      keyword: 'required',
    });
    expect(check('required', 0, 'id', 'id')).toBeUndefined();
  });

  it('forbids any value but undefined, null included', () => {
    expect(check('forbidden', null, 'filters', 'filters')).toEqual({
      message: 'filters is forbidden',
      path: 'filters',
      keyword: 'forbidden',
    });
    expect(check('forbidden', undefined, 'filters', 'filters')).toBeUndefined();
  });

  it('lets every other rule accept a missing value', () => {
    const rules: Rule[] = [
      'string',
      'object',
      { enum: [1] },
      { array: 'string' },
      { fields: { a: 'required' } },
    ];
    for (const rule of rules) expect(check(rule, undefined, 'x', 'x')).toBeUndefined();
  });

  it('checks primitive types with "must be a" messages', () => {
    expect(message('string', 1)).toBe('field must be a string');
    expect(message('number', '1')).toBe('field must be a number');
    expect(message('boolean', 'true')).toBe('field must be a boolean');
    expect(check('number', 1, 'field', 'a.field')).toBeUndefined();
  });

  it('does not take an array or a string for an object', () => {
    expect(message('object', [])).toBe('field must be an object');
    expect(message('object', 'x')).toBe('field must be an object');
    expect(message('object', {})).toBeUndefined();
  });

  it('checks an enum is a number, then one of its values', () => {
    expect(message({ enum: [0, 1] }, '0')).toBe('field must be a number');
    expect(check({ enum: [0, 1] }, 2, 'field', 'a.field')).toEqual({
      message: 'field property is invalid',
      path: 'a.field',
      keyword: 'invalid',
    });
  });

  it('checks a choice of strings, with an optional message of its own', () => {
    expect(message({ oneOf: ['a'] }, 'b')).toBe('field property is invalid');
    expect(message({ oneOf: ['a'], message: 'pick a' }, 'b')).toBe('pick a');
    expect(message({ oneOf: ['a'] }, 1)).toBe('field must be a string');
  });

  it('checks a range, inclusive', () => {
    expect(message({ range: [1, 2] }, 2)).toBeUndefined();
    expect(check({ range: [1, 2] }, 3, 'field', 'p')).toEqual({
      message: 'field must be a number between 1 and 2',
      path: 'p',
      keyword: 'range',
    });
  });

  it('checks every item of an array and names the array when one fails', () => {
    expect(message({ array: 'number' }, [1, 'x'])).toBe('field property is invalid');
    expect(message({ array: 'number' }, 'x')).toBe('field property is invalid');
    expect(message({ array: 'string', of: 'strings' }, [1])).toBe('field must be an array of strings');
    expect(message({ array: 'number' }, [])).toBeUndefined();
  });

  it('accepts a value that passes any alternative', () => {
    const either: Rule = { anyOf: ['string', 'number'] };
    expect(message(either, 1)).toBeUndefined();
    expect(message(either, true)).toBe('field property is invalid');
  });

  it('checks every value of a map, naming the map in messages and the key in the path', () => {
    expect(check({ map: 'string' }, { a: 'x', b: 1 }, 'details', 'c.details')).toEqual({
      message: 'details must be a string',
      path: 'c.details.b',
      keyword: 'type',
    });
  });

  it('checks fields in declaration order, after the base rule', () => {
    const base: Rule = { fields: { a: 'required' } };
    const rule: Rule = { base, fields: { b: 'required', c: 'string' } };
    expect(message(rule, {})).toBe('a is required');
    expect(message(rule, { a: 1 })).toBe('b is required');
    expect(check(rule, { a: 1, b: 1, c: 1 }, 'x', 'x')).toEqual({
      message: 'c must be a string',
      path: 'x.c',
      keyword: 'type',
    });
  });

  it('runs a list of rules in order and stops at the first failure', () => {
    expect(message(['required', 'string'], undefined)).toBe('field is required');
    expect(message(['required', 'string'], 1)).toBe('field must be a string');
  });

  it('calls a hand-written check with the value, the field and the path', () => {
    const rule: Rule = (value, field, path) => ({ message: `${field}@${path}=${String(value)}` });
    expect(message(rule, 7)).toBe('field@a.field=7');
  });

  it('answers undefined or a one-element error list at the top level', () => {
    expect(validate('string', 'x')).toBeUndefined();
    expect(validate('string', 1)).toEqual([{ message: 'input must be a string', keyword: 'type' }]);
    expect(validate('string', 1, 'name')).toEqual([{ message: 'name must be a string', keyword: 'type' }]);
  });
});

describe('filter rules', () => {
  const target = { table: 'T', column: 'C' };
  const base = { $schema: 'x', target };
  const cases: [string, Rule, object, string][] = [
    ['a basic filter needs an operator', f.basicFilter, { ...base, values: [] }, 'operator is required'],
    ['a basic filter needs values', f.basicFilter, { ...base, operator: 'In' }, 'values is required'],
    [
      'basic filter values are primitives',
      f.basicFilter,
      { ...base, operator: 'In', values: [{}] },
      'values property is invalid',
    ],
    [
      'a basic filter has filter type 1',
      f.basicFilter,
      { ...base, operator: 'In', values: [], filterType: 0 },
      'filterType property is invalid',
    ],
    ['a filter needs a target', f.basicFilter, { operator: 'In', values: [] }, 'target is required'],
    [
      'a target names a column, hierarchy level or measure',
      f.basicFilter,
      { target: { table: 'T' }, operator: 'In', values: [] },
      'target property is invalid',
    ],
    [
      'display settings are typed',
      f.basicFilter,
      { ...base, operator: 'In', values: [], displaySettings: { displayName: 1 } },
      'displayName must be a string',
    ],
    ['an advanced filter needs a logical operator', f.advancedFilter, base, 'logicalOperator is required'],
    [
      'advanced conditions need an operator',
      f.advancedFilter,
      { ...base, logicalOperator: 'And', conditions: [{ value: 1 }] },
      'conditions property is invalid',
    ],
    [
      'a relative date filter needs an operator',
      f.relativeDateFilter,
      { ...base, timeUnitType: 0 },
      'operator is required',
    ],
    [
      'a relative date filter needs includeToday',
      f.relativeDateFilter,
      { ...base, operator: 0, timeUnitType: 0 },
      'includeToday is required',
    ],
    [
      'relative dates count in days to years',
      f.relativeDateFilter,
      { ...base, operator: 0, timeUnitType: 7, includeToday: true },
      'timeUnitType property is invalid',
    ],
    [
      'relative times count in minutes or hours',
      f.relativeTimeFilter,
      { ...base, operator: 0, timeUnitType: 0 },
      'timeUnitType property is invalid',
    ],
    [
      'a top N filter needs an order-by target',
      f.topNFilter,
      { ...base, operator: 'Top', itemCount: 1 },
      'orderBy is required',
    ],
    [
      'a top N filter counts items with a number',
      f.topNFilter,
      { ...base, operator: 'Top', itemCount: '1' },
      'itemCount must be a number',
    ],
    [
      'an include/exclude filter says which',
      f.includeExcludeFilter,
      { ...base, values: [] },
      'isExclude is required',
    ],
    [
      'a not-supported filter carries a message',
      f.notSupportedFilter,
      { ...base, notSupportedTypeName: 'x' },
      'message is required',
    ],
    ['a hierarchy filter needs its data', f.hierarchyFilter, base, 'hierarchyData is required'],
    [
      'hierarchy nodes nest',
      f.hierarchyFilter,
      { ...base, hierarchyData: [{ children: [{ operator: 1 }] }] },
      'hierarchyData property is invalid',
    ],
    ['a tuple filter needs values', f.tupleFilter, { ...base, operator: 'In' }, 'values is required'],
    [
      'an identity filter targets identity indexes',
      f.identityFilter,
      { target: ['a'], operator: 'In' },
      'target must be an array of numbers',
    ],
    ['key targets need their keys', f.keyColumnsTarget, target, 'keys is required'],
    [
      'hierarchy targets need a level',
      f.hierarchyTarget,
      { table: 'T', hierarchy: 'H' },
      'hierarchyLevel is required',
    ],
    ['measure targets need a measure', f.measureTarget, { table: 'T' }, 'measure is required'],
  ];

  it.each(cases)('%s', (_what, rule, value, expected) => {
    expect(check(rule, value, 'input', '')?.message).toBe(expected);
  });
});

describe('enum values written in the rules', () => {
  const values = (e: object) => Object.values(e).filter((x): x is number => typeof x === 'number');
  const cases: [string, Rule, string, object][] = [
    ['token type', l.reportLoad, 'tokenType', enums.TokenType],
    ['view mode', l.reportLoad, 'viewMode', enums.ViewMode],
    ['permissions', l.reportLoad, 'permissions', enums.Permissions],
    ['contrast mode', l.reportLoad, 'contrastMode', enums.ContrastMode],
    ['layout type', s.settings, 'layoutType', enums.LayoutType],
    ['background', s.settings, 'background', enums.BackgroundType],
    ['hyperlink click behavior', s.settings, 'hyperlinkClickBehavior', enums.HyperlinkClickBehavior],
    ['display option', s.customLayout, 'displayOption', enums.DisplayOption],
    ['page size type', s.customPageSize, 'type', enums.PageSizeType],
    ['page navigation position', s.pageNavigationPane, 'position', enums.PageNavigationPosition],
    ['filters pane position', s.filtersPane, 'position', enums.FiltersPanePosition],
    ['menu location', s.menuGroupExtension, 'menuLocation', enums.MenuLocation],
    ['print adjustments', s.printSettings, 'browserPrintAdjustmentsMode', enums.BrowserPrintAdjustmentsMode],
    ['export data type', l.exportDataRequest, 'exportDataType', enums.ExportDataType],
    ['bookmarks play mode', l.playBookmarkRequest, 'playMode', enums.BookmarksPlayMode],
  ];

  it.each(cases)('accept every %s value and nothing past the last', (_what, rule, field, e) => {
    const all = values(e);
    const base =
      rule === l.reportLoad
        ? { accessToken: 't', id: 'r' }
        : rule === s.menuGroupExtension
          ? { name: 'g', title: 'G' }
          : {};
    for (const value of all) expect(check(rule, { ...base, [field]: value }, 'input', '')).toBeUndefined();
    expect(check(rule, { ...base, [field]: Math.max(...all) + 1 }, 'input', '')?.message).toBe(
      `${field} property is invalid`,
    );
  });
});
