import { describe, expect, it } from 'vitest';
import { shareLabels, sliceShares } from './slice-shares.ts';
import { ENGLISH_VALUES, valueFormatter } from './value-format.ts';

describe('slice shares', () => {
  it('writes whole percents when they tell the slices apart and add up to 100', () => {
    expect(sliceShares([1200, 800])).toEqual({ decimals: 0, percents: [60, 40] });
    expect(shareLabels([3, 1], ENGLISH_VALUES)).toEqual(['75%', '25%']);
  });

  it('gives every slice one decimal when two slices of different sizes would read the same', () => {
    // Colour and mono printers: 50.5 % and 49.5 % both read "50%" with whole percents.
    expect(shareLabels([101, 99], ENGLISH_VALUES)).toEqual(['50.5%', '49.5%']);
    expect(shareLabels([101, 99], valueFormatter('de'))).toEqual(['50,5%', '49,5%']);
  });

  it('gives one decimal when whole percents would not add up to 100', () => {
    // 12.4 + 37.4 + 25.1 + 25.1: whole percents add up to 99.
    expect(sliceShares([124, 374, 251, 251])).toEqual({ decimals: 1, percents: [12.4, 37.4, 25.1, 25.1] });
    // Equal thirds read the same, as they are, with the decimal that shows why they do not add up to 100.
    expect(shareLabels([1, 1, 1], ENGLISH_VALUES)).toEqual(['33.3%', '33.3%', '33.3%']);
  });

  it('gives one decimal when a slice with a share would read 0%', () => {
    // 0.4 % beside 99.6 %: whole percents read 0% and 100%, which add up to 100 and differ.
    expect(shareLabels([4, 996], ENGLISH_VALUES)).toEqual(['0.4%', '99.6%']);
  });

  it('never writes more than one decimal, and counts only positive values', () => {
    expect(sliceShares([5001, 4999])).toEqual({ decimals: 1, percents: [50, 50] });
    expect(sliceShares([3, null, -2, 1])).toEqual({ decimals: 0, percents: [75, 0, 0, 25] });
    expect(sliceShares([0, 0])).toEqual({ decimals: 0, percents: [0, 0] });
  });
});
