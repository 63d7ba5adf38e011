import type { Device, MeterReading, Supply, SupplyLevel } from '@portico/fleet-data';

/**
 * The first day of the calendar month `months - 1` months before `endDate`'s, so that `months` whole or partial
 * months end on `endDate`.
 *
 * @example firstDayOfPeriod('2024-06-30', 12) // '2023-07-01'
 */
export function firstDayOfPeriod(endDate: string, months: number): string {
  const year = Number(endDate.slice(0, 4));
  const month = Number(endDate.slice(5, 7));
  const index = year * 12 + (month - 1) - (months - 1);
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/**
 * The one definition of "in service" every report uses: installed by `to` and not retired before `from` (a device
 * reports until the day before its `retiredDate`). Over a single day (`from === to`) it is the fleet on that day.
 *
 * @example devicesInService(data.devices, '2023-07-01', '2024-06-30') // every device that reported in that year
 */
export function devicesInService(devices: readonly Device[], from: string, to: string): Device[] {
  return devices.filter((d) => d.installDate <= to && (d.retiredDate === null || d.retiredDate > from));
}

export interface DeviceMonth {
  readonly deviceId: string;
  readonly month: string;
  readonly monoPages: number;
  readonly colourPages: number;
}

/**
 * Sums readings per device and month from `fromDate` on. Relies on fleet-data's order (device by device, dates
 * ascending), so it holds one running total rather than a map of every device and month.
 */
export function* deviceMonths(readings: Iterable<MeterReading>, fromDate: string): Generator<DeviceMonth> {
  let deviceId = '';
  let month = '';
  let monoPages = 0;
  let colourPages = 0;
  for (const reading of readings) {
    if (reading.date < fromDate) continue;
    const readingMonth = reading.date.slice(0, 7);
    if (reading.deviceId !== deviceId || readingMonth !== month) {
      if (deviceId !== '') yield { deviceId, month, monoPages, colourPages };
      deviceId = reading.deviceId;
      month = readingMonth;
      monoPages = 0;
      colourPages = 0;
    }
    monoPages += reading.monoPages;
    colourPages += reading.colourPages;
  }
  if (deviceId !== '') yield { deviceId, month, monoPages, colourPages };
}

const SUPPLY_ORDER: readonly Supply[] = [
  'black toner',
  'cyan toner',
  'magenta toner',
  'yellow toner',
  'drum',
];

/**
 * The last reported level of each device's supplies, device by device in supply order. Relies on fleet-data's
 * order (device, then date), so it holds one device's supplies at a time.
 */
export function* latestSupplyLevels(levels: Iterable<SupplyLevel>): Generator<SupplyLevel> {
  let deviceId = '';
  let latest = new Map<Supply, SupplyLevel>();
  const flush = () => SUPPLY_ORDER.flatMap((supply) => latest.get(supply) ?? []);
  for (const level of levels) {
    if (level.deviceId !== deviceId) {
      yield* flush();
      deviceId = level.deviceId;
      latest = new Map();
    }
    latest.set(level.supply, level);
  }
  yield* flush();
}

/** The `limit` largest items by `score`, largest first, keeping at most `limit` items at a time. */
export function topBy<T>(items: Iterable<T>, limit: number, score: (item: T) => number): T[] {
  const top: T[] = [];
  for (const item of items) {
    const last = top.at(-1);
    if (top.length < limit || (last !== undefined && score(item) > score(last))) {
      top.push(item);
      top.sort((a, b) => score(b) - score(a));
      if (top.length > limit) top.pop();
    }
  }
  return top;
}
