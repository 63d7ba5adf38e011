import { describe, expect, it } from 'vitest';
import { holidays, parseIsoDate, weekday } from './calendar.ts';
import { generateAccount } from './generate.ts';
import { FULL, SMALL, failures, groupBy } from './test-support.ts';
import type { MeterReading } from './types.ts';

const data = generateAccount('contoso_emea', FULL);
const readings = [...data.meterReadings()];
const byDevice = groupBy(readings, (row) => row.deviceId);
const devices = new Map(data.devices.map((device) => [device.deviceId, device]));
const pages = (row: MeterReading) => row.monoPages + row.colourPages;

function averagePages(rows: readonly MeterReading[]): number {
  return rows.reduce((sum, row) => sum + pages(row), 0) / rows.length;
}

describe('meter readings', () => {
  it('carry cumulative totals equal to the running sums of the daily pages', () => {
    for (const rows of byDevice.values()) {
      const broken = failures(rows.slice(1), (today, i) => {
        const before = rows[i];
        return (
          today.totalMono === (before?.totalMono ?? NaN) + today.monoPages &&
          today.totalColour === (before?.totalColour ?? NaN) + today.colourPages
        );
      });
      expect(broken).toEqual([]);
    }
  });

  it('start a device installed during the period at zero on its install date', () => {
    const fresh = data.devices.filter((device) => device.installDate > data.period.startDate);
    expect(fresh.length).toBeGreaterThan(0);
    for (const device of fresh) {
      const first = byDevice.get(device.deviceId)?.[0];
      expect(first?.date).toBe(device.installDate);
      expect(first?.totalMono).toBe(first?.monoPages);
      expect(first?.totalColour).toBe(first?.colourPages);
    }
  });

  it('hold no readings before the install date or from the retirement date on', () => {
    const broken = failures(readings, (row) => {
      const device = devices.get(row.deviceId);
      return (
        device !== undefined && row.date >= device.installDate && row.date < (device.retiredDate ?? '9999')
      );
    });
    expect(broken).toEqual([]);
  });

  it('come one a day for every device in service, with no gaps', () => {
    for (const rows of byDevice.values()) {
      const gaps = failures(
        rows.slice(1),
        (row, i) => parseIsoDate(row.date) - parseIsoDate(rows[i]?.date ?? '1970-01-01') === 1,
      );
      expect(gaps).toEqual([]);
    }
  });

  it('never show colour pages on a mono device', () => {
    const mono = readings.filter((row) => devices.get(row.deviceId)?.isColour === false);
    expect(mono.length).toBeGreaterThan(0);
    expect(mono.every((row) => row.colourPages === 0 && row.totalColour === 0)).toBe(true);
    const colour = readings.filter((row) => devices.get(row.deviceId)?.isColour === true);
    expect(colour.some((row) => row.colourPages > 0)).toBe(true);
  });

  it('are whole, non-negative page counts', () => {
    const wholeCount = (n: number) => Number.isInteger(n) && n >= 0;
    expect(failures(readings, (row) => wholeCount(row.monoPages) && wholeCount(row.colourPages))).toEqual([]);
  });

  it('are lower at weekends and on public holidays than on working days', () => {
    const dayOf = (row: MeterReading) => parseIsoDate(row.date);
    const holidaySet = new Set([2022, 2023, 2024].flatMap((year) => holidays('EMEA', year)));
    const weekendRows = readings.filter((row) => [0, 6].includes(weekday(dayOf(row))));
    const holidayRows = readings.filter(
      (row) => holidaySet.has(dayOf(row)) && ![0, 6].includes(weekday(dayOf(row))),
    );
    const workingRows = readings.filter(
      (row) => ![0, 6].includes(weekday(dayOf(row))) && !holidaySet.has(dayOf(row)),
    );
    expect(averagePages(weekendRows)).toBeLessThan(averagePages(workingRows) * 0.3);
    expect(averagePages(holidayRows)).toBeLessThan(averagePages(workingRows) * 0.3);
  });

  it('dip in the summer holidays', () => {
    const inMonth = (month: string) => readings.filter((row) => row.date.slice(5, 7) === month);
    expect(averagePages(inMonth('08'))).toBeLessThan(averagePages(inMonth('10')) * 0.85);
  });
});

describe('meter reading batches', () => {
  it('hold the same rows as the row form, in the same order, whatever the batch size', () => {
    const small = generateAccount('fabrikam', SMALL);
    const rows = [...small.meterReadings()];
    for (const batchSize of [1, 97, 65_536]) {
      const fromBatches: MeterReading[] = [];
      for (const batch of small.meterReadingBatches({ batchSize })) {
        expect(batch.length).toBeLessThanOrEqual(batchSize);
        for (const column of [batch.deviceId, batch.date, batch.monoPages, batch.totalColour]) {
          expect(column.length).toBe(batch.length);
        }
        for (let i = 0; i < batch.length; i++) {
          fromBatches.push({
            deviceId: batch.deviceId[i] ?? '',
            date: batch.date[i] ?? '',
            monoPages: batch.monoPages[i] ?? -1,
            colourPages: batch.colourPages[i] ?? -1,
            totalMono: batch.totalMono[i] ?? -1,
            totalColour: batch.totalColour[i] ?? -1,
          });
        }
      }
      expect(fromBatches).toEqual(rows);
    }
  });

  it('fill every batch but the last', () => {
    const batches = [...generateAccount('fabrikam', SMALL).meterReadingBatches({ batchSize: 100 })];
    expect(batches.slice(0, -1).every((batch) => batch.length === 100)).toBe(true);
    expect(batches.at(-1)?.length).toBeGreaterThan(0);
  });
});
