import { describe, expect, it } from 'vitest';
import { shareIntoRows } from './card-rows.ts';

const sizes = (count: number, perRow: number) =>
  shareIntoRows(
    Array.from({ length: count }, (_, i) => i),
    perRow,
  ).map((row) => row.length);

describe('shareIntoRows', () => {
  it('keeps a run that fits on one row', () => {
    expect(shareIntoRows(['a', 'b', 'c'], 4)).toEqual([['a', 'b', 'c']]);
    expect(sizes(4, 4)).toEqual([4]);
  });

  it('shares a run evenly over the rows it needs: four where three fit are two and two, not three and one', () => {
    expect(shareIntoRows(['a', 'b', 'c', 'd'], 3)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(sizes(5, 4)).toEqual([3, 2]);
    expect(sizes(7, 3)).toEqual([3, 2, 2]);
  });

  it('puts the fuller rows first where the run does not share out exactly', () => {
    expect(sizes(3, 2)).toEqual([2, 1]);
    expect(sizes(5, 2)).toEqual([2, 2, 1]);
    expect(sizes(10, 4)).toEqual([4, 3, 3]);
  });

  it('gives each card a row of its own where one fits, and nothing for no cards', () => {
    expect(sizes(3, 1)).toEqual([1, 1, 1]);
    expect(sizes(2, 0)).toEqual([1, 1]);
    expect(shareIntoRows([], 3)).toEqual([]);
  });
});
