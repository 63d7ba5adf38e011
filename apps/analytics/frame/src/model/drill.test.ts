import { describe, expect, it } from 'vitest';
import type { Dataset } from '@portico/analytics-model';
import { visual } from '../test/sample.ts';
import { canDrillDown, drilledVisual, nextLevel } from './drill.ts';

const dataset = {
  tables: [
    {
      name: 'Devices',
      hierarchies: [
        {
          name: 'Fleet',
          levels: [
            { name: 'Manufacturer', column: 'Manufacturer' },
            { name: 'Model', column: 'Model' },
          ],
        },
      ],
    },
  ],
} as unknown as Dataset;
const manufacturer = { column: { table: 'Devices', column: 'Manufacturer' } };
const model = { column: { table: 'Devices', column: 'Model' } };

describe('drilling down a hierarchy', () => {
  it('finds the level under a column of a hierarchy, and none under its last level or another column', () => {
    expect(nextLevel(dataset, manufacturer)).toEqual(model);
    expect(nextLevel(dataset, model)).toBeUndefined();
    expect(nextLevel(dataset, { column: { table: 'Devices', column: 'Site' } })).toBeUndefined();
    expect(nextLevel(undefined, manufacturer)).toBeUndefined();
  });

  it('shows the next level filtered to the category drilled through, with its category sort moved down', () => {
    const chart = visual('by-maker', 'donutChart', {
      dataRoles: {
        category: [manufacturer],
        values: [{ measure: { table: 'Devices', measure: 'Devices' } }],
      },
      sort: { field: manufacturer, direction: 'Ascending' },
    });
    expect(canDrillDown(chart, [], dataset)).toBe(true);
    const drilled = drilledVisual(chart, [{ field: manufacturer, value: 'HP' }], dataset);
    expect(drilled.dataRoles['category']).toEqual([model]);
    expect(drilled.filters).toMatchObject([
      { target: { column: 'Manufacturer' }, operator: 'In', values: ['HP'] },
    ]);
    expect(drilled.sort).toEqual({ field: model, direction: 'Ascending' });
    expect(canDrillDown(chart, [{ field: manufacturer, value: 'HP' }], dataset)).toBe(false);
    expect(drilledVisual(chart, [], dataset)).toBe(chart);
  });
});
