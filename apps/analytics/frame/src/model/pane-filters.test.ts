import { describe, expect, it } from 'vitest';
import { basicFilter, overview, visual } from '../test/sample.ts';
import { columnTargetOf, pageFieldColumns, replaceAt, sameTarget } from './pane-filters.ts';

describe('the filters pane model', () => {
  it('replaces, removes or adds a filter of a level', () => {
    const a = basicFilter('Site', 'Berlin');
    const b = basicFilter('Model', 'M1');
    const c = basicFilter('Model', 'M2');
    expect(replaceAt([a, b], 1, c)).toEqual([a, c]);
    expect(replaceAt([a, b], 0, undefined)).toEqual([b]);
    expect(replaceAt([a], -1, c)).toEqual([a, c]);
    expect(replaceAt([a], -1, undefined)).toEqual([a]);
  });

  it('reads a filter column target and compares targets', () => {
    expect(columnTargetOf(basicFilter('Site', 'Berlin'))).toEqual({ table: 'Devices', column: 'Site' });
    expect(sameTarget({ table: 'T', column: 'C' }, { table: 'T', column: 'C' })).toBe(true);
    expect(sameTarget(undefined, { table: 'T', column: 'C' })).toBe(false);
  });

  it("offers each column the page's charts group by once, and none of a slicer's", () => {
    const page = {
      ...overview,
      visuals: [
        ...overview.visuals,
        visual('by-model', 'clusteredBarChart', {
          dataRoles: { category: [{ column: { table: 'Devices', column: 'Model' } }] },
          layout: { x: 0, y: 400, z: 0, width: 10, height: 10, displayState: { mode: 0 } },
        }),
      ],
    };
    expect(pageFieldColumns(page)).toEqual([
      { table: 'Devices', column: 'Site' },
      { table: 'Devices', column: 'Model' },
    ]);
  });

  it('leaves out a column a visual of the page filters itself', () => {
    const page = {
      ...overview,
      visuals: [visual('by-site', 'clusteredColumnChart', { filters: [basicFilter('Site', 'Berlin')] })],
    };
    expect(pageFieldColumns(page)).toEqual([]);
  });
});
