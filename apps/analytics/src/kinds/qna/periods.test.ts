import { describe, expect, it } from 'vitest';
import { periodStart, wholePeriods } from './periods.ts';

describe('whole periods of the data', () => {
  it('leaves out the month the data starts inside and the month that is not over', () => {
    expect(wholePeriods({ first: '2024-11-15', last: '2026-11-27' }, 'month')).toEqual({
      from: '2024-12-01',
      to: '2026-11-01',
      partial: ['2024-11-01', '2026-11-01'],
    });
  });

  it('keeps a first and a last month the data covers from their first to their last day', () => {
    expect(wholePeriods({ first: '2024-03-01', last: '2024-06-30' }, 'month')).toEqual({
      from: '2024-03-01',
      to: '2024-07-01',
      partial: [],
    });
  });

  it('cuts weeks at Sundays, as the calendar Week column starts them', () => {
    expect(periodStart('week', '2024-06-05')).toBe('2024-06-02');
    expect(wholePeriods({ first: '2024-06-05', last: '2024-06-30' }, 'week')).toEqual({
      from: '2024-06-09',
      to: '2024-06-30',
      partial: ['2024-06-02', '2024-06-30'],
    });
  });

  it('has no whole period when the data covers less than one', () => {
    expect(wholePeriods({ first: '2024-06-05', last: '2024-06-20' }, 'month')).toBeUndefined();
  });
});
