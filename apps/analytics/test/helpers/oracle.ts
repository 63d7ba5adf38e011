/**
 * Expected answers computed in plain JS from fleet-data's own rows: the independent side of the query-layer tests.
 */
import { SAMPLE_ACCOUNTS } from '@portico/fleet-data';
import type { Device, MeterReading, ServiceAlert } from '@portico/fleet-data';
import { accountData } from './fleet.ts';

export const ALL_ACCOUNTS: readonly string[] = SAMPLE_ACCOUNTS.map((a) => a.databaseName);

export interface DeviceRow extends Device {
  readonly databaseName: string;
  readonly colourMode: 'Colour' | 'Mono';
  readonly inService: boolean;
}

export interface MeterRow extends MeterReading {
  readonly device: DeviceRow;
  readonly pages: number;
}

export interface AlertRow extends ServiceAlert {
  readonly device: DeviceRow;
}

const cache = new Map<string, { devices: DeviceRow[]; meters: MeterRow[]; alerts: AlertRow[] }>();

function account(databaseName: string) {
  let found = cache.get(databaseName);
  if (found === undefined) {
    const data = accountData(databaseName);
    const devices = data.devices.map((d) => ({
      ...d,
      databaseName,
      colourMode: d.isColour ? ('Colour' as const) : ('Mono' as const),
      inService: d.retiredDate === null,
    }));
    const byId = new Map(devices.map((d) => [d.deviceId, d]));
    const device = (id: string): DeviceRow => {
      const row = byId.get(id);
      if (row === undefined) throw new Error(`no device ${id}`);
      return row;
    };
    const meters = [...data.meterReadings()].map((m) => ({
      ...m,
      device: device(m.deviceId),
      pages: m.monoPages + m.colourPages,
    }));
    const alerts = [...data.serviceAlerts()].map((a) => ({ ...a, device: device(a.deviceId) }));
    found = { devices, meters, alerts };
    cache.set(databaseName, found);
  }
  return found;
}

export const devices = (names: readonly string[] = ALL_ACCOUNTS): DeviceRow[] =>
  names.flatMap((n) => account(n).devices);
export const meters = (names: readonly string[] = ALL_ACCOUNTS): MeterRow[] =>
  names.flatMap((n) => account(n).meters);
export const alerts = (names: readonly string[] = ALL_ACCOUNTS): AlertRow[] =>
  names.flatMap((n) => account(n).alerts);

/** Sums `value` by `key`, as [key, sum] pairs sorted by key. */
export function sumBy<T>(
  rows: readonly T[],
  key: (row: T) => string,
  value: (row: T) => number,
): [string, number][] {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(key(row), (sums.get(key(row)) ?? 0) + value(row));
  return [...sums].sort(([a], [b]) => textOrder(a, b));
}

/** The service's order of text: by its lower case first, then by the text itself (compile.ts, `orderTerm`). */
export function textOrder(a: string, b: string): number {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sorted distinct values. */
export const distinct = <T extends string | number>(values: readonly T[]): T[] =>
  [...new Set(values)].sort((a, b) =>
    typeof a === 'string' && typeof b === 'string' ? textOrder(a, b) : a < b ? -1 : a > b ? 1 : 0,
  );

/** `list[index]`, failing the test when it is missing (the tests' stand-in for a non-null assertion). */
export function nth<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`expected an item at ${index} of ${list.length}`);
  return item;
}
