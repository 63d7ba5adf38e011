import { describe, expect, it } from 'vitest';
import { dataset } from '../test-sample.ts';
import { modelIndex } from './model-index.ts';
import { filterProblems } from './filter-problems.ts';
import { parseFilter } from './parse-filter.ts';
import { QueryError } from './query-error.ts';

const now = new Date('2024-06-15T12:00:00Z');
const index = modelIndex(dataset);
const basic = (target: object, extra: object = {}) => ({
  $schema: 'http://powerbi.com/product/schema#basic',
  target,
  operator: 'In',
  values: ['Berlin'],
  filterType: 1,
  ...extra,
});
const refusal = (raw: unknown): string => {
  try {
    parseFilter(index, raw, now);
  } catch (error) {
    if (error instanceof QueryError) return error.message;
    throw error;
  }
  throw new Error('the filter was accepted');
};

describe('parsing a filter against a dataset', () => {
  it('resolves a basic filter on a column of the dataset', () => {
    const parsed = parseFilter(index, basic({ table: 'Devices', column: 'Site' }), now);
    expect(parsed).toMatchObject({ type: 'basic', operator: 'In', values: ['Berlin'] });
    expect(parsed.type === 'basic' && parsed.target.queryName).toBe('Devices.Site');
  });

  it('names a column the dataset lacks, and the columns it has', () => {
    const message = refusal(basic({ table: 'Devices', column: 'Colour' }));
    expect(message).toMatch(/^Devices\.Colour is not a column of the dataset/);
    expect(message).toContain("'Site'");
  });

  it('names a table and a measure the dataset lacks', () => {
    expect(refusal(basic({ table: 'Printers', column: 'Site' }))).toMatch(
      /^Printers is not a table of the dataset 'Print fleet' \(tables: 'Devices', 'Meter readings'\)/,
    );
    expect(refusal(basic({ table: 'Meter readings', measure: 'Pages' }))).toMatch(
      /^Meter readings\.Pages is not a measure of the dataset/,
    );
  });

  it('refuses an operator the filter type does not have', () => {
    expect(refusal(basic({ table: 'Devices', column: 'Site' }, { operator: 'Bogus' }))).toBe(
      "operator must be In, NotIn or All; got 'Bogus'",
    );
  });

  it('refuses what is not a filter', () => {
    expect(refusal('x')).toBe('a filter must be an object');
    expect(refusal({ foo: 1 })).toMatch(/^Unsupported filter type/);
  });

  it('refuses a relative date filter on a text column', () => {
    const filter = {
      $schema: 'http://powerbi.com/product/schema#relativeDate',
      target: { table: 'Devices', column: 'Site' },
      operator: 0,
      timeUnitsCount: 3,
      timeUnitType: 0,
      filterType: 4,
    };
    expect(refusal(filter)).toBe('A relative date filter needs a date column; Devices.Site is string');
    const onDate = { ...filter, target: { table: 'Devices', column: 'Installed' } };
    expect(parseFilter(index, onDate, now)).toMatchObject({ type: 'relativeDate' });
  });
});

describe('the problems of a list of filters', () => {
  it('lists each filter the dataset cannot apply, by position, and nothing for the others', () => {
    const site = basic({ table: 'Devices', column: 'Site' });
    const colour = basic({ table: 'Devices', column: 'Colour' });
    const problems = filterProblems(dataset, [site, colour, { ...site, operator: 'Bogus' }], now);
    expect(problems.map((p) => p.index)).toEqual([1, 2]);
    expect(problems[0]?.message).toMatch(/^Devices\.Colour is not a column of the dataset/);
    expect(filterProblems(dataset, [site], now)).toEqual([]);
  });
});
