import type { Calendar } from './calendar.ts';
import type { DeviceProfile, Fleet } from './fleet.ts';
import { Rng } from './random.ts';
import type { MeterReading, MeterReadingBatch } from './types.ts';

/**
 * Daily page counts. A device's days are simulated from its install day, so its lifetime counters and every later
 * value are the same whichever period is requested; only the rows inside the period are emitted.
 */

/** A device's simulated days: index `i` is day `installDay + i`. Reused from device to device. */
export interface MeterTrack {
  mono: Int32Array;
  colour: Int32Array;
  /** Simulated days: from the install day to the retirement or the period end, whichever comes first. */
  length: number;
}

export function createMeterTrack(calendar: Calendar): MeterTrack {
  return { mono: new Int32Array(calendar.length), colour: new Int32Array(calendar.length), length: 0 };
}

/** Last simulated day of a device (inclusive). */
export function lastDay(profile: DeviceProfile, fleet: Fleet): number {
  return Math.min(profile.retiredDay - 1, fleet.period.endDay);
}

/**
 * Fills `track` with the device's daily mono and colour pages. Volume = the device's weekday level × the calendar
 * (weekday, season, holiday, trend) × triangular noise in 0.6–1.4, with rare idle days and big jobs; pages are
 * rounded stochastically so quiet devices still print on some weekends.
 */
export function simulateMeters(profile: DeviceProfile, fleet: Fleet, track: MeterTrack): void {
  const { calendar } = fleet;
  const offset = profile.installDay - calendar.firstDay;
  const length = lastDay(profile, fleet) - profile.installDay + 1;
  const { factor, weekend } = calendar;
  const { mono, colour } = track;
  const rng = new Rng(`${profile.key}/meters`);
  const base = profile.dailyPages;
  const share = profile.colourShare;
  const weekendFactor = profile.weekendFactor;
  const isColour = profile.device.isColour;
  for (let i = 0; i < length; i++) {
    const c = offset + i;
    let expected = base * (factor[c] ?? 0);
    if (weekend[c] === 1) expected *= weekendFactor;
    const noise = 0.6 + 0.4 * (rng.next() + rng.next());
    const event = rng.next();
    if (event < 0.006) expected = 0;
    else if (event > 0.985) expected *= 2.2;
    const pages = Math.floor(expected * noise + rng.next());
    let colourPages = 0;
    if (isColour && pages > 0) {
      colourPages = Math.min(pages, Math.floor(pages * share * (0.6 + 0.8 * rng.next()) + rng.next()));
    }
    mono[i] = pages - colourPages;
    colour[i] = colourPages;
  }
  track.length = Math.max(0, length);
}

/** Where a device's period begins in its track, and its lifetime counters just before. */
interface PeriodDays {
  /** Track index of the first day inside the period. */
  readonly from: number;
  /** Lifetime counters at the end of the day before `from`. */
  readonly totalMono: number;
  readonly totalColour: number;
}

function periodDays(profile: DeviceProfile, fleet: Fleet, track: MeterTrack): PeriodDays {
  const from = Math.max(0, fleet.period.startDay - profile.installDay);
  let totalMono = 0;
  let totalColour = 0;
  for (let i = 0; i < from && i < track.length; i++) {
    totalMono += track.mono[i] ?? 0;
    totalColour += track.colour[i] ?? 0;
  }
  return { from, totalMono, totalColour };
}

/** The period's readings, device by device and day by day. */
export function* meterReadings(fleet: Fleet): Generator<MeterReading> {
  const track = createMeterTrack(fleet.calendar);
  const { dates } = fleet.calendar;
  for (const profile of fleet.profiles) {
    simulateMeters(profile, fleet, track);
    const { deviceId } = profile.device;
    const dateOffset = profile.installDay - fleet.calendar.firstDay;
    let { from, totalMono, totalColour } = periodDays(profile, fleet, track);
    for (; from < track.length; from++) {
      const monoPages = track.mono[from] ?? 0;
      const colourPages = track.colour[from] ?? 0;
      totalMono += monoPages;
      totalColour += colourPages;
      const date = dates[dateOffset + from] ?? '';
      yield { deviceId, date, monoPages, colourPages, totalMono, totalColour };
    }
  }
}

function emptyBatch(size: number): MeterReadingBatch {
  return {
    length: size,
    deviceId: new Array<string>(size),
    date: new Array<string>(size),
    monoPages: new Int32Array(size),
    colourPages: new Int32Array(size),
    totalMono: new Int32Array(size),
    totalColour: new Int32Array(size),
  };
}

function truncated(batch: MeterReadingBatch, length: number): MeterReadingBatch {
  return {
    length,
    deviceId: batch.deviceId.slice(0, length),
    date: batch.date.slice(0, length),
    monoPages: batch.monoPages.subarray(0, length),
    colourPages: batch.colourPages.subarray(0, length),
    totalMono: batch.totalMono.subarray(0, length),
    totalColour: batch.totalColour.subarray(0, length),
  };
}

/** The same rows as {@link meterReadings}, in the same order, as columns of up to `batchSize` rows. */
export function* meterReadingBatches(fleet: Fleet, batchSize: number): Generator<MeterReadingBatch> {
  const track = createMeterTrack(fleet.calendar);
  const { dates } = fleet.calendar;
  let batch = emptyBatch(batchSize);
  let row = 0;
  for (const profile of fleet.profiles) {
    simulateMeters(profile, fleet, track);
    const { deviceId } = profile.device;
    const dateOffset = profile.installDay - fleet.calendar.firstDay;
    let { from, totalMono, totalColour } = periodDays(profile, fleet, track);
    while (from < track.length) {
      const n = Math.min(track.length - from, batchSize - row);
      for (let i = 0; i < n; i++, from++, row++) {
        const monoPages = track.mono[from] ?? 0;
        const colourPages = track.colour[from] ?? 0;
        totalMono += monoPages;
        totalColour += colourPages;
        batch.deviceId[row] = deviceId;
        batch.date[row] = dates[dateOffset + from] ?? '';
        batch.monoPages[row] = monoPages;
        batch.colourPages[row] = colourPages;
        batch.totalMono[row] = totalMono;
        batch.totalColour[row] = totalColour;
      }
      if (row === batchSize) {
        yield batch;
        batch = emptyBatch(batchSize);
        row = 0;
      }
    }
  }
  if (row > 0) yield truncated(batch, row);
}

/** Number of readings in the period without simulating them. */
export function countMeterReadings(fleet: Fleet): number {
  let rows = 0;
  for (const profile of fleet.profiles) {
    rows += Math.max(0, lastDay(profile, fleet) - Math.max(profile.installDay, fleet.period.startDay) + 1);
  }
  return rows;
}
