/**
 * The rows of the generated data set. Dates are ISO `YYYY-MM-DD` strings in the account's local calendar;
 * timestamps are ISO UTC strings with whole seconds (`2024-05-02T07:41:09Z`).
 */

/** A printer. `deviceId` is unique across all accounts (it starts with the databaseName). */
export interface Device {
  readonly deviceId: string;
  readonly serialNumber: string;
  readonly model: string;
  readonly manufacturer: string;
  readonly isColour: boolean;
  /** Building, floor and area on the site, e.g. `'Tower 1, Floor 4, Finance'`. */
  readonly location: string;
  /** The office (city) the printer is at. */
  readonly site: string;
  readonly installDate: string;
  /**
   * The day its successor was installed in the same place, from which it reports nothing; `null` while it is
   * still in service at the end of the period.
   */
  readonly retiredDate: string | null;
  /** Recommended monthly page volume of the model. */
  readonly monthlyDutyCycle: number;
}

/** One device's pages on one day, with its lifetime page counters at the end of that day. */
export interface MeterReading {
  readonly deviceId: string;
  readonly date: string;
  readonly monoPages: number;
  /** Always 0 for a mono device. */
  readonly colourPages: number;
  /** Lifetime mono counter: the previous day's `totalMono` plus this day's `monoPages`. */
  readonly totalMono: number;
  readonly totalColour: number;
}

/**
 * The same readings as {@link MeterReading}, column by column: `deviceId[i]`, `date[i]`, `monoPages[i]`… form row
 * `i`. Every column has `length` entries; each batch owns its arrays.
 */
export interface MeterReadingBatch {
  readonly length: number;
  readonly deviceId: string[];
  readonly date: string[];
  readonly monoPages: Int32Array;
  readonly colourPages: Int32Array;
  readonly totalMono: Int32Array;
  readonly totalColour: Int32Array;
}

export type Supply = 'black toner' | 'cyan toner' | 'magenta toner' | 'yellow toner' | 'drum';

/** A supply's remaining level at the end of a day, as the device reports it (whole percent, 0–100). */
export interface SupplyLevel {
  readonly deviceId: string;
  readonly date: string;
  readonly supply: Supply;
  readonly levelPercent: number;
}

/** A cartridge or drum swapped for a new one at the start of `date`. */
export interface SupplyReplacement {
  readonly deviceId: string;
  readonly date: string;
  readonly supply: Supply;
  /** Pages that used the replaced unit (all pages for black toner and drum, colour pages for colour toner). */
  readonly pagesSinceLastReplacement: number;
}

export type AlertSeverity = 'info' | 'warning' | 'critical';

export type AlertCode =
  | 'PAPER_JAM'
  | 'TRAY_EMPTY'
  | 'DOOR_OPEN'
  | 'FUSER_ERROR'
  | 'NETWORK_OFFLINE'
  | 'SCANNER_ERROR'
  | 'WASTE_TONER_FULL'
  | 'MAINTENANCE_KIT_DUE'
  | 'FIRMWARE_UPDATE_AVAILABLE'
  | 'TONER_LOW'
  | 'TONER_EMPTY'
  | 'DRUM_NEAR_END';

/** A device alert; `closedAt` is `null` when it was still open at the end of the period. */
export interface ServiceAlert {
  readonly alertId: string;
  readonly deviceId: string;
  readonly code: AlertCode;
  readonly severity: AlertSeverity;
  readonly description: string;
  readonly openedAt: string;
  readonly closedAt: string | null;
}

/** Options of {@link generateAccount}; every one has a default. */
export interface GenerateOptions {
  /** Varies every value while keeping the same accounts. Default 0. */
  readonly seed?: number;
  /** Last day of the period (ISO date). Default: yesterday in UTC, so "last 30 days" always finds data. */
  readonly endDate?: string;
  /** Length of the period in days, ending on `endDate`. Default 730. */
  readonly days?: number;
  /** Printers in service at any one time (the account's default is 40–120). */
  readonly devicesPerAccount?: number;
  /** Multiplies the number of printers in service (use it for benchmark sizes). Default 1. */
  readonly scale?: number;
  /** Report supply levels every this many days (replacement days are always reported). Default 1. */
  readonly supplyIntervalDays?: number;
}
