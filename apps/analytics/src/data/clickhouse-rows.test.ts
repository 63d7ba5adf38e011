import { estimateMeterRows } from '@portico/fleet-data';
import { describe, expect, it } from 'vitest';
import { RowBinaryWriter, calendarDays, scaleForReadings, tableRowBinary } from './clickhouse-rows.ts';

const bytes = (write: (out: RowBinaryWriter) => void): number[] => {
  const out = new RowBinaryWriter();
  write(out);
  return [...(out.take(true) ?? Buffer.alloc(0))];
};

describe('RowBinaryWriter', () => {
  it('writes a string as its UTF-8 byte length in LEB128, then the bytes', () => {
    expect(bytes((out) => out.string('ab'))).toEqual([2, 0x61, 0x62]);
    expect(bytes((out) => out.string('é'))).toEqual([2, 0xc3, 0xa9]);
    const long = bytes((out) => out.string('x'.repeat(300)));
    expect(long.slice(0, 2)).toEqual([0xac, 0x02]);
    expect(long).toHaveLength(302);
  });

  it('writes dates as days and timestamps as seconds since 1970, little-endian', () => {
    expect(bytes((out) => out.date('1970-01-02'))).toEqual([1, 0]);
    expect(bytes((out) => out.date('2024-06-30'))).toEqual([0xc0, 0x4d]); // 19904
    expect(bytes((out) => out.dateTime('1970-01-01T00:01:00Z'))).toEqual([60, 0, 0, 0]);
    expect(() => bytes((out) => out.date('1969-12-31'))).toThrow(RangeError);
  });

  it('writes NULL as a 1 byte with no value, and a present value after a 0 byte', () => {
    expect(bytes((out) => out.present(null))).toEqual([1]);
    expect(
      bytes((out) => {
        if (out.present(7)) out.int32(7);
      }),
    ).toEqual([0, 7, 0, 0, 0]);
    expect(bytes((out) => out.float64(1))).toEqual([0, 0, 0, 0, 0, 0, 0xf0, 0x3f]);
  });

  it('hands out a chunk only once it holds a megabyte, unless asked for everything', () => {
    const out = new RowBinaryWriter();
    out.string('small');
    expect(out.take()).toBeUndefined();
    for (let i = 0; i < 1100; i += 1) out.string('y'.repeat(1000) + String(i));
    expect(out.take()?.length).toBeGreaterThanOrEqual(1 << 20);
    expect(out.take(true)).toBeUndefined();
  });
});

describe('calendarDays', () => {
  it('derives the calendar columns as the DuckDB calendar does: Sunday weeks, ISO day numbers', () => {
    const [saturday, sunday, monday] = calendarDays('2024-06-29', '2024-07-01');
    expect(saturday).toMatchObject({
      weekStart: '2024-06-23',
      dayOfWeek: 'Sat',
      dayOfWeekNumber: 6,
      isWeekend: true,
    });
    expect(sunday).toMatchObject({ weekStart: '2024-06-30', dayOfWeekNumber: 7, isWeekend: true });
    expect(monday).toEqual({
      date: '2024-07-01',
      year: 2024,
      quarter: 'Q3',
      monthNumber: 7,
      monthName: 'Jul',
      monthStart: '2024-07-01',
      yearMonth: '2024-07',
      weekStart: '2024-06-30',
      dayOfWeek: 'Mon',
      dayOfWeekNumber: 1,
      isWeekend: false,
    });
  });
});

describe('scaleForReadings', () => {
  it('picks the scale that gives about the asked number of meter readings', () => {
    const period = {
      databaseNames: ['fabrikam', 'account_00006', 'account_00007'],
      endDate: '2024-06-30',
      days: 90,
    };
    const scale = scaleForReadings(50_000, period);
    const rows = estimateMeterRows({ ...period, scale });
    expect(Math.abs(rows - 50_000) / 50_000).toBeLessThan(0.03);
  });
});

describe('tableRowBinary', () => {
  it('reports each account once, with the rows it wrote', () => {
    const seen: [string, number][] = [];
    const chunks = [
      ...tableRowBinary(
        'calendar',
        { databaseNames: ['a', 'b'], endDate: '2024-06-30', days: 10, scale: 1, seed: 0 },
        (account, rows) => seen.push([account, rows]),
      ),
    ];
    expect(seen).toEqual([
      ['a', 10],
      ['b', 10],
    ]);
    expect(chunks.reduce((sum, chunk) => sum + chunk.length, 0)).toBeGreaterThan(0);
  });
});
