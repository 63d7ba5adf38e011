import { FiltersOperations } from '@portico/models';
import type { IFilter } from '@portico/models';
import { describe, expect, it } from 'vitest';
import { basicFilter } from '../test/sample.ts';
import { applyFiltersOperation } from './filters.ts';

const a = basicFilter('Site', 'Berlin') as IFilter;
const b = basicFilter('Model', 'M1') as IFilter;
const a2 = basicFilter('Site', 'Paris') as IFilter;

describe('filter operations', () => {
  it('RemoveAll leaves no filter', () => {
    expect(applyFiltersOperation([a, b], FiltersOperations.RemoveAll, [])).toEqual([]);
  });
  it('ReplaceAll keeps only the new filters', () => {
    expect(applyFiltersOperation([a, b], FiltersOperations.ReplaceAll, [a2])).toEqual([a2]);
  });
  it('Add appends to the current filters', () => {
    expect(applyFiltersOperation([a], FiltersOperations.Add, [b])).toEqual([a, b]);
  });
  it('Replace swaps the filter on the same target and adds the others', () => {
    const c = basicFilter('Manufacturer', 'HP') as IFilter;
    expect(applyFiltersOperation([a, b], FiltersOperations.Replace, [a2, c])).toEqual([a2, b, c]);
  });
});
