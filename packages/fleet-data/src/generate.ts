import type { SampleAccount } from './accounts.ts';
import { SAMPLE_ACCOUNTS } from './accounts.ts';
import { serviceAlerts } from './alerts.ts';
import { buildFleet } from './fleet.ts';
import { countMeterReadings, meterReadingBatches, meterReadings } from './meters.ts';
import { resolveOptions } from './options.ts';
import { supplyLevels, supplyReplacements } from './supplies.ts';
import type {
  Device,
  GenerateOptions,
  MeterReading,
  MeterReadingBatch,
  ServiceAlert,
  SupplyLevel,
  SupplyReplacement,
} from './types.ts';

/** The generated data of one account. Row sets are produced lazily, afresh on every call. */
export interface AccountData {
  readonly account: SampleAccount;
  /** The period covered, both ends inclusive. */
  readonly period: { readonly startDate: string; readonly endDate: string; readonly days: number };
  /** Printers in service at some point of the period (a small array: about 1.4 per place). */
  readonly devices: readonly Device[];
  /** Daily readings, device by device, dates ascending. */
  meterReadings(): IterableIterator<MeterReading>;
  /** The same rows as `meterReadings()`, in the same order, as columns; for bulk loading. */
  meterReadingBatches(options?: { readonly batchSize?: number }): IterableIterator<MeterReadingBatch>;
  /** How many rows `meterReadings()` yields, without generating them. */
  meterReadingCount(): number;
  /** End-of-day supply levels: device, then date, then supply. */
  supplyLevels(): IterableIterator<SupplyLevel>;
  supplyReplacements(): IterableIterator<SupplyReplacement>;
  /** Alerts opened during the period, device by device, in opening order. */
  serviceAlerts(): IterableIterator<ServiceAlert>;
}

const DEFAULT_BATCH_SIZE = 65_536;

/**
 * Generates one account's fleet data. Same databaseName and options → the same data, on any run and machine.
 * Options are checked here (a RangeError names the bad one); rows are generated only as they are iterated.
 *
 * @example
 * const data = generateAccount('contoso_emea', { endDate: '2024-06-30' });
 * for (const reading of data.meterReadings()) console.info(reading.deviceId, reading.date, reading.monoPages);
 */
export function generateAccount(databaseName: string, options: GenerateOptions = {}): AccountData {
  const fleet = buildFleet(databaseName, resolveOptions(options));
  const { startDate, endDate, days } = fleet.period;
  return {
    account: fleet.account,
    period: { startDate, endDate, days },
    devices: fleet.profiles.map((profile) => profile.device),
    meterReadings: () => meterReadings(fleet),
    meterReadingBatches: ({ batchSize = DEFAULT_BATCH_SIZE } = {}) => {
      if (!Number.isSafeInteger(batchSize) || batchSize < 1) {
        throw new RangeError(`batchSize must be a positive integer, got ${batchSize}`);
      }
      return meterReadingBatches(fleet, batchSize);
    },
    meterReadingCount: () => countMeterReadings(fleet),
    supplyLevels: () => supplyLevels(fleet),
    supplyReplacements: () => supplyReplacements(fleet),
    serviceAlerts: () => serviceAlerts(fleet),
  };
}

/**
 * The exact number of meter rows the given accounts (default: all sample accounts) produce under these options,
 * computed from the fleets alone. Meter rows grow linearly with `scale`, so a benchmark picks its size like this:
 *
 * @example
 * const endDate = '2024-06-30';
 * const scale = 10_000_000 / estimateMeterRows({ endDate }); // ≈ 33
 */
export function estimateMeterRows(
  options: GenerateOptions & { readonly databaseNames?: readonly string[] } = {},
): number {
  const { databaseNames = SAMPLE_ACCOUNTS.map((account) => account.databaseName), ...rest } = options;
  const resolved = resolveOptions(rest);
  let rows = 0;
  for (const databaseName of databaseNames) rows += countMeterReadings(buildFleet(databaseName, resolved));
  return rows;
}
