import { FiltersOperations } from '@portico/models';
import type { IFilter } from '@portico/models';
import { describe, expect, it } from 'vitest';
import { basicFilter, definition, overview } from '../test/sample.ts';
import { applyFiltersOperation, effectiveFilters, inFilter } from './filters.ts';

const a = basicFilter('Site', 'Berlin') as IFilter;
const b = basicFilter('Model', 'M1') as IFilter;
const a2 = basicFilter('Site', 'Paris') as IFilter;

const valuesOf = (filters: IFilter[]) => filters.map((f) => (f as unknown as { values: unknown[] }).values);

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

describe('the filters of a visual query', () => {
  const [chart, slicer, donut] = overview.visuals;

  it('carries the report, page and own filters, and every slicer selection of the page', () => {
    if (!chart) throw new Error('sample');
    expect(valuesOf(effectiveFilters(definition, overview, chart))).toEqual([
      ['Colour'],
      ['M1'],
      ['HP'],
      ['Berlin'],
    ]);
  });

  it('leaves a slicer’s own selection out of its own query', () => {
    if (!slicer) throw new Error('sample');
    expect(valuesOf(effectiveFilters(definition, overview, slicer))).toEqual([['Colour'], ['M1']]);
  });

  it('adds the cross-filter of a selected data point to the other visuals only', () => {
    if (!chart || !donut) throw new Error('sample');
    const cross = {
      page: 'overview',
      visual: 'by-site',
      filters: [inFilter({ table: 'Devices', column: 'Site' }, ['Paris'])],
    };
    expect(valuesOf(effectiveFilters(definition, overview, donut, cross)).at(-1)).toEqual(['Paris']);
    expect(valuesOf(effectiveFilters(definition, overview, chart, cross)).at(-1)).toEqual(['Berlin']);
  });

  it('ignores a cross-filter made on another page', () => {
    if (!donut) throw new Error('sample');
    const cross = { page: 'second', visual: 'x', filters: [a2] };
    expect(effectiveFilters(definition, overview, donut, cross)).toHaveLength(3);
  });
});
