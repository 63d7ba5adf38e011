import { describe, expect, it } from 'vitest';
import { shareLabels, sliceShares } from './slice-shares.ts';
import { ENGLISH_VALUES, valueFormatter } from './value-format.ts';

describe('slice shares', () => {
  it('writes every share of every pie with one decimal, so charts side by side read alike', () => {
    // Whole percents would have told these apart ("60%", "75%"), and were written so beside "16.3%" on the next pie.
    expect(sliceShares([1200, 800])).toEqual([60, 40]);
    expect(shareLabels([1200, 800], ENGLISH_VALUES)).toEqual(['60.0%', '40.0%']);
    expect(shareLabels([3, 1], ENGLISH_VALUES)).toEqual(['75.0%', '25.0%']);
    expect(shareLabels([41, 17, 13, 6, 23], ENGLISH_VALUES)).toEqual([
      '41.0%',
      '17.0%',
      '13.0%',
      '6.0%',
      '23.0%',
    ]);
  });

  it('tells apart slices of different sizes that whole percents would write alike', () => {
    // Colour and mono printers: 50.5 % and 49.5 % both read "50%" with whole percents.
    expect(shareLabels([101, 99], ENGLISH_VALUES)).toEqual(['50.5%', '49.5%']);
    expect(shareLabels([101, 99], valueFormatter('de'))).toEqual(['50,5%', '49,5%']);
    expect(shareLabels([1, 1, 1], ENGLISH_VALUES)).toEqual(['33.3%', '33.3%', '33.3%']);
  });

  it('writes a share too small for its decimal as under 0.1 %, never 0.0%', () => {
    expect(shareLabels([4, 996], ENGLISH_VALUES)).toEqual(['0.4%', '99.6%']);
    expect(shareLabels([1, 4999], ENGLISH_VALUES)).toEqual(['<0.1%', '100.0%']);
  });

  it('never writes more than one decimal, and counts only positive values', () => {
    expect(sliceShares([5001, 4999])).toEqual([50, 50]);
    expect(sliceShares([3, null, -2, 1])).toEqual([75, 0, 0, 25]);
    expect(sliceShares([0, 0])).toEqual([0, 0]);
  });
});
