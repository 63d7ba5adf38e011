import { isoDate, MS_PER_DAY, parseIsoDate } from './calendar.ts';
import type { GenerateOptions } from './types.ts';

/** The requested period, in epoch days (both ends inclusive). */
export interface Period {
  readonly startDay: number;
  readonly endDay: number;
  readonly startDate: string;
  readonly endDate: string;
  readonly days: number;
}

export interface ResolvedOptions {
  readonly seed: number;
  readonly period: Period;
  readonly devicesPerAccount: number | undefined;
  readonly scale: number;
  readonly supplyIntervalDays: number;
}

export const DEFAULT_DAYS = 730;

function positiveInteger(value: number | undefined, name: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1 || value > max) {
    throw new RangeError(`${name} must be an integer from 1 to ${max}, got ${value}`);
  }
  return value;
}

/**
 * Checks the options and fills in defaults. Throws a RangeError naming the bad option. The default `endDate` is
 * read from the clock here, at call time, never at import.
 */
export function resolveOptions(options: GenerateOptions = {}): ResolvedOptions {
  const seed = options.seed ?? 0;
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  const days = positiveInteger(options.days, 'days', DEFAULT_DAYS, 36_500);
  const endDay =
    options.endDate === undefined
      ? Math.floor(Date.now() / MS_PER_DAY) - 1
      : parseIsoDate(options.endDate, 'endDate');
  const startDay = endDay - days + 1;
  const devicesPerAccount =
    options.devicesPerAccount === undefined
      ? undefined
      : positiveInteger(options.devicesPerAccount, 'devicesPerAccount', 1, 10_000_000);
  const scale = options.scale ?? 1;
  if (!Number.isFinite(scale) || scale <= 0)
    throw new RangeError(`scale must be a positive number, got ${scale}`);
  return {
    seed,
    period: { startDay, endDay, startDate: isoDate(startDay), endDate: isoDate(endDay), days },
    devicesPerAccount,
    scale,
    supplyIntervalDays: positiveInteger(options.supplyIntervalDays, 'supplyIntervalDays', 1, 36_500),
  };
}
