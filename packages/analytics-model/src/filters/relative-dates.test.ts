import { RelativeDateFilterTimeUnit as Unit, RelativeDateOperators as Op } from '@portico/models';
import { describe, expect, it } from 'vitest';
import { relativeDateRange, relativeTimeRange } from './relative-dates.ts';

const at = (iso: string) => new Date(iso);

describe('relativeDateRange', () => {
  it('counts rolling months as Power BI does, with and without today', () => {
    expect(relativeDateRange(Op.InLast, 1, Unit.Months, true, at('2024-02-20T10:00:00Z'))).toEqual({
      from: '2024-01-21',
      to: '2024-02-21',
    });
    expect(relativeDateRange(Op.InLast, 1, Unit.Months, false, at('2024-02-20T10:00:00Z'))).toEqual({
      from: '2024-01-20',
      to: '2024-02-20',
    });
    expect(relativeDateRange(Op.InNext, 1, Unit.Months, true, at('2024-02-20T10:00:00Z'))).toEqual({
      from: '2024-02-20',
      to: '2024-03-20',
    });
    expect(relativeDateRange(Op.InNext, 1, Unit.Months, false, at('2024-02-20T10:00:00Z'))).toEqual({
      from: '2024-02-21',
      to: '2024-03-21',
    });
  });

  it('clamps month arithmetic at month ends', () => {
    expect(relativeDateRange(Op.InLast, 1, Unit.Months, false, at('2024-03-31T00:00:00Z'))).toEqual({
      from: '2024-02-29',
      to: '2024-03-31',
    });
    expect(relativeDateRange(Op.InLast, 1, Unit.Years, true, at('2024-02-29T00:00:00Z'))).toEqual({
      from: '2023-03-01',
      to: '2024-03-01',
    });
  });

  it('gives whole calendar periods before, during and after the current one', () => {
    const now = at('2024-06-12T08:00:00Z'); // a Wednesday
    expect(relativeDateRange(Op.InLast, 2, Unit.CalendarWeeks, true, now)).toEqual({
      from: '2024-05-26',
      to: '2024-06-09',
    });
    expect(relativeDateRange(Op.InThis, 1, Unit.CalendarWeeks, true, now)).toEqual({
      from: '2024-06-09',
      to: '2024-06-16',
    });
    expect(relativeDateRange(Op.InNext, 1, Unit.CalendarMonths, true, now)).toEqual({
      from: '2024-07-01',
      to: '2024-08-01',
    });
    expect(relativeDateRange(Op.InLast, 1, Unit.CalendarYears, false, now)).toEqual({
      from: '2023-01-01',
      to: '2024-01-01',
    });
    expect(relativeDateRange(Op.InThis, 1, Unit.Days, true, now)).toEqual({
      from: '2024-06-12',
      to: '2024-06-13',
    });
  });

  it('stops at the years 1 and 9999', () => {
    expect(relativeDateRange(Op.InLast, 10_000, Unit.Years, true, at('2024-06-12T00:00:00Z')).from).toBe(
      '0001-01-01',
    );
    expect(
      relativeDateRange(Op.InNext, 10_000, Unit.CalendarYears, true, at('2024-06-12T00:00:00Z')).to,
    ).toBe('9999-12-31');
  });
});

describe('relativeTimeRange', () => {
  const now = at('2024-06-30T12:34:56.789Z');
  it('runs from n minutes or hours ago up to now, or from now on', () => {
    expect(relativeTimeRange(Op.InLast, 15, Unit.Minutes, now)).toEqual({
      from: at('2024-06-30T12:19:56.789Z'),
      to: at('2024-06-30T12:34:56.790Z'),
    });
    expect(relativeTimeRange(Op.InNext, 2, Unit.Hours, now)).toEqual({
      from: now,
      to: at('2024-06-30T14:34:56.790Z'),
    });
  });

  it('InThis covers the current minute or hour', () => {
    expect(relativeTimeRange(Op.InThis, 1, Unit.Hours, now)).toEqual({
      from: at('2024-06-30T12:00:00Z'),
      to: at('2024-06-30T13:00:00Z'),
    });
    expect(relativeTimeRange(Op.InThis, 1, Unit.Minutes, now)).toEqual({
      from: at('2024-06-30T12:34:00Z'),
      to: at('2024-06-30T12:35:00Z'),
    });
  });
});
