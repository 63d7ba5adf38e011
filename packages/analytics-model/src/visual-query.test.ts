import type { IFilter } from '@portico/models';
import { describe, expect, it } from 'vitest';
import { basicFilter, definition, overview, visual } from './test-sample.ts';
import { filtersReachingVisual, visualFields, visualQuery } from './visual-query.ts';

const valuesOf = (filters: readonly unknown[]) => filters.map((f) => (f as { values: unknown[] }).values);
const paris = basicFilter('Site', 'Paris') as IFilter;

describe('the filters that reach a visual', () => {
  const [chart, slicer, donut] = overview.visuals;
  if (!chart || !slicer || !donut) throw new Error('sample');

  it('are the report’s, the page’s, the visual’s own and every slicer selection of the page, in that order', () => {
    expect(valuesOf(filtersReachingVisual(definition, overview, chart))).toEqual([
      ['Colour'],
      ['M1'],
      ['HP'],
      ['Berlin'],
    ]);
  });

  it('leave a slicer’s own selection out of its own query', () => {
    expect(valuesOf(filtersReachingVisual(definition, overview, slicer))).toEqual([['Colour'], ['M1']]);
  });

  it('add the cross-highlight of a selected data point to the other visuals of its page only', () => {
    const cross = { page: 'overview', visual: 'by-site', filters: [paris] };
    expect(valuesOf(filtersReachingVisual(definition, overview, donut, cross)).at(-1)).toEqual(['Paris']);
    expect(valuesOf(filtersReachingVisual(definition, overview, chart, cross)).at(-1)).toEqual(['Berlin']);
  });

  it('ignore a cross-highlight made on another page', () => {
    const cross = { page: 'second', visual: 'x', filters: [paris] };
    expect(filtersReachingVisual(definition, overview, donut, cross)).toHaveLength(3);
  });
});

describe('a visual’s query', () => {
  it('selects the fields of the visual’s roles in role order, under every filter that reaches it', () => {
    const chart = visual('c', 'clusteredColumnChart', { top: 5 });
    const page = { ...overview, visuals: [...overview.visuals, chart] };
    const query = visualQuery(definition, page, chart, {
      page: 'overview',
      visual: 'share',
      filters: [paris],
    });
    expect(query.select).toEqual(visualFields(chart));
    expect(query.select[0]).toEqual({ column: { table: 'Devices', column: 'Site' } });
    expect(valuesOf(query.filters ?? [])).toEqual([['Colour'], ['M1'], ['Berlin'], ['Paris']]);
    expect(query.top).toBe(5);
    expect(query.orderBy).toBeUndefined();
  });

  it('orders by the visual’s sort field', () => {
    const field = { column: { table: 'Devices', column: 'Site' } };
    const sorted = visual('s', 'tableEx', { sort: { field, direction: 'Descending' } });
    expect(visualQuery(definition, overview, sorted).orderBy).toEqual([{ field, direction: 'Descending' }]);
  });
});
