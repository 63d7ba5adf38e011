import { describe, expect, it } from 'vitest';
import { listFits, rangeFilter, selectedRange, selectedValues } from './SlicerVisual.tsx';

const target = { table: 'Calendar', column: 'Date' };

describe('slicer selections', () => {
  it('reads the values of a basic In filter', () => {
    expect(selectedValues([{ operator: 'In', values: ['Berlin'] } as never])).toEqual(['Berlin']);
    expect(selectedValues([])).toEqual([]);
  });

  it('writes a date range as one And filter of two conditions, open at either end', () => {
    const [both] = rangeFilter(target, '2026-01-01', '2026-03-31');
    expect(both).toMatchObject({
      logicalOperator: 'And',
      conditions: [
        { operator: 'GreaterThanOrEqual', value: '2026-01-01' },
        { operator: 'LessThanOrEqual', value: '2026-03-31' },
      ],
    });
    expect(selectedRange([both as never])).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(rangeFilter(target, '', '2026-03-31')[0]).toMatchObject({
      conditions: [{ operator: 'LessThanOrEqual' }],
    });
    expect(rangeFilter(target, '', '')).toEqual([]);
  });
});

describe('a list slicer in a short box', () => {
  it('stays a list with room for three rows, or for all of fewer values', () => {
    expect(listFits(10, 3 * 22, false, false)).toBe(true);
    expect(listFits(2, 2 * 22, false, false)).toBe(true);
    expect(listFits(10, undefined, true, true)).toBe(true);
  });

  it('opens as a dropdown when the box holds fewer rows, counting the search box and select all', () => {
    expect(listFits(10, 2 * 22, false, false)).toBe(false);
    expect(listFits(10, 4 * 22, false, true)).toBe(true);
    expect(listFits(10, 4 * 22, true, true)).toBe(false);
  });
});
