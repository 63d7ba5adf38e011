/**
 * The fleet sample as ClickHouse RowBinary: the rows `loadFleet` appends to DuckDB (same columns, same values, same
 * derived columns), encoded straight from the generator's columns into byte chunks that an `INSERT … FORMAT
 * RowBinary` body streams. No intermediate database, no text format to print and parse: the loader's cost is the
 * generator's own plus a few byte writes per value.
 *
 * Encoding (ClickHouse's RowBinary): String = LEB128 length + UTF-8 bytes; Int32 = 4 bytes little-endian; UInt8
 * booleans; Date = UInt16 days since 1970-01-01; DateTime = UInt32 seconds since the epoch; Float64 = 8 bytes
 * little-endian; Nullable(T) = a 0/1 NULL byte, then T when not NULL. Column order is clickhouse-schema.ts's.
 */
import { estimateMeterRows, generateAccount } from '@portico/fleet-data';
import type { AccountData } from '@portico/fleet-data';
import type { FleetTable } from './fleet-schema.ts';
import { generateOptions } from './load-fleet.ts';
import type { FleetLoadParameters } from './load-fleet.ts';

const MS_PER_DAY = 86_400_000;
/** Bytes per chunk handed to the HTTP body. */
const CHUNK_BYTES = 1 << 20;
/**
 * A chunk goes out after this long even when smaller: a body that stays silent for seconds (thousands of accounts
 * of a small table) would otherwise outlast the server's keep-alive timeout (3 s by default) before its first byte.
 */
const CHUNK_MS = 500;

/** Appends RowBinary values to a buffer and hands out full chunks. */
export class RowBinaryWriter {
  private buffer = Buffer.allocUnsafe(CHUNK_BYTES * 2);
  private position = 0;
  private taken = performance.now();
  /** Encoded strings (length + bytes) of this account: device ids, supplies, sites repeat on every row. */
  private readonly strings = new Map<string, Buffer>();
  private readonly days = new Map<string, number>();

  private room(bytes: number): void {
    if (this.position + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.position + bytes));
    this.buffer.copy(grown, 0, 0, this.position);
    this.buffer = grown;
  }

  /** Forgets the cached strings (between accounts, so the cache stays one account's size). */
  forget(): void {
    this.strings.clear();
  }

  string(text: string): void {
    let encoded = this.strings.get(text);
    if (encoded === undefined) {
      const bytes = Buffer.from(text, 'utf8');
      const head: number[] = [];
      let n = bytes.length;
      do {
        const low = n & 0x7f;
        n >>>= 7;
        head.push(n === 0 ? low : low | 0x80);
      } while (n !== 0);
      encoded = Buffer.concat([Buffer.from(head), bytes]);
      if (this.strings.size < 100_000) this.strings.set(text, encoded);
    }
    this.room(encoded.length);
    encoded.copy(this.buffer, this.position);
    this.position += encoded.length;
  }

  int32(value: number): void {
    this.room(4);
    this.buffer.writeInt32LE(value, this.position);
    this.position += 4;
  }

  uint8(value: number): void {
    this.room(1);
    this.buffer[this.position] = value;
    this.position += 1;
  }

  bool(value: boolean): void {
    this.uint8(value ? 1 : 0);
  }

  /** `YYYY-MM-DD` as a ClickHouse Date. */
  date(iso: string): void {
    let day = this.days.get(iso);
    if (day === undefined) {
      day = Date.parse(`${iso}T00:00:00Z`) / MS_PER_DAY;
      if (!Number.isInteger(day) || day < 0 || day > 0xffff)
        throw new RangeError(`no ClickHouse Date for ${iso}`);
      this.days.set(iso, day);
    }
    this.room(2);
    this.buffer.writeUInt16LE(day, this.position);
    this.position += 2;
  }

  /** An ISO UTC timestamp with whole seconds as a ClickHouse DateTime. */
  dateTime(iso: string): void {
    const seconds = Date.parse(iso) / 1000;
    if (!Number.isInteger(seconds) || seconds < 0 || seconds > 0xffffffff)
      throw new RangeError(`no ClickHouse DateTime for ${iso}`);
    this.room(4);
    this.buffer.writeUInt32LE(seconds, this.position);
    this.position += 4;
  }

  float64(value: number): void {
    this.room(8);
    this.buffer.writeDoubleLE(value, this.position);
    this.position += 8;
  }

  /** The NULL byte of a Nullable column; true when a value must follow. */
  present(value: unknown): boolean {
    this.uint8(value === null ? 1 : 0);
    return value !== null;
  }

  /** The bytes written since the last take, when a chunk's worth or half a second's (or `all`). */
  take(all = false): Buffer | undefined {
    if (this.position === 0) return undefined;
    if (!all && this.position < CHUNK_BYTES && performance.now() - this.taken < CHUNK_MS) return undefined;
    const chunk = Buffer.from(this.buffer.subarray(0, this.position));
    this.position = 0;
    this.taken = performance.now();
    return chunk;
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** One calendar day as fleet-schema.ts's FILL_CALENDAR derives it (weeks start on Sunday; ISO day numbers). */
export interface CalendarDay {
  readonly date: string;
  readonly year: number;
  readonly quarter: string;
  readonly monthNumber: number;
  readonly monthName: string;
  readonly monthStart: string;
  readonly yearMonth: string;
  readonly weekStart: string;
  readonly dayOfWeek: string;
  readonly dayOfWeekNumber: number;
  readonly isWeekend: boolean;
}

export function calendarDays(startDate: string, endDate: string): CalendarDay[] {
  const days: CalendarDay[] = [];
  const last = Date.parse(`${endDate}T00:00:00Z`);
  for (let ms = Date.parse(`${startDate}T00:00:00Z`); ms <= last; ms += MS_PER_DAY) {
    const d = new Date(ms);
    const month = d.getUTCMonth();
    const dow = d.getUTCDay();
    const iso = d.toISOString().slice(0, 10);
    days.push({
      date: iso,
      year: d.getUTCFullYear(),
      quarter: `Q${Math.floor(month / 3) + 1}`,
      monthNumber: month + 1,
      monthName: MONTHS[month] ?? '',
      monthStart: `${iso.slice(0, 7)}-01`,
      yearMonth: iso.slice(0, 7),
      weekStart: new Date(ms - dow * MS_PER_DAY).toISOString().slice(0, 10),
      dayOfWeek: WEEKDAYS[dow] ?? '',
      dayOfWeekNumber: dow === 0 ? 7 : dow,
      isWeekend: dow === 0 || dow === 6,
    });
  }
  return days;
}

/** Writes one account's rows of one table, yielding full chunks on the way; returns the row count. */
type TableWriter = (
  out: RowBinaryWriter,
  db: string,
  account: AccountSource,
) => Generator<Buffer, number, undefined>;

/** An account as a writer sees it: the period, and the generated data, built only when a writer asks for it. */
interface AccountSource {
  readonly period: AccountData['period'];
  data(): AccountData;
}

/** Every this many rows a writer hands out the chunk it has filled, if any. */
const CHECK_ROWS = 1024;

function* full(out: RowBinaryWriter): Generator<Buffer, void, undefined> {
  const chunk = out.take();
  if (chunk !== undefined) yield chunk;
}

let calendarCache: { key: string; days: CalendarDay[] } | undefined;

function cachedCalendar(startDate: string, endDate: string): CalendarDay[] {
  const key = `${startDate}/${endDate}`;
  if (calendarCache?.key !== key) calendarCache = { key, days: calendarDays(startDate, endDate) };
  return calendarCache.days;
}

const WRITERS: Readonly<Record<FleetTable, TableWriter>> = {
  *accounts(out, db, account) {
    const data = account.data();
    const { accountName, customerName, region, timeZone } = data.account;
    out.string(db);
    out.string(accountName);
    if (out.present(customerName)) out.string(customerName);
    out.string(region);
    out.string(timeZone);
    yield* full(out);
    return 1;
  },
  *devices(out, db, account) {
    const data = account.data();
    for (const d of data.devices) {
      out.string(db);
      out.string(d.deviceId);
      out.string(d.serialNumber);
      out.string(d.model);
      out.string(d.manufacturer);
      out.bool(d.isColour);
      out.string(d.isColour ? 'Colour' : 'Mono');
      out.string(d.location);
      out.string(d.site);
      out.date(d.installDate);
      if (out.present(d.retiredDate) && d.retiredDate !== null) out.date(d.retiredDate);
      out.bool(d.retiredDate === null);
      out.int32(d.monthlyDutyCycle);
      yield* full(out);
    }
    return data.devices.length;
  },
  *calendar(out, db, account) {
    const days = cachedCalendar(account.period.startDate, account.period.endDate);
    for (const c of days) {
      out.string(db);
      out.date(c.date);
      out.int32(c.year);
      out.string(c.quarter);
      out.int32(c.monthNumber);
      out.string(c.monthName);
      out.date(c.monthStart);
      out.string(c.yearMonth);
      out.date(c.weekStart);
      out.string(c.dayOfWeek);
      out.int32(c.dayOfWeekNumber);
      out.bool(c.isWeekend);
    }
    yield* full(out);
    return days.length;
  },
  *meter_readings(out, db, account) {
    const data = account.data();
    let count = 0;
    for (const batch of data.meterReadingBatches({ batchSize: 8192 })) {
      for (let i = 0; i < batch.length; i += 1) {
        const mono = batch.monoPages[i] ?? 0;
        const colour = batch.colourPages[i] ?? 0;
        out.string(db);
        out.string(batch.deviceId[i] ?? '');
        out.date(batch.date[i] ?? '');
        out.int32(mono);
        out.int32(colour);
        out.int32(mono + colour);
        out.int32(batch.totalMono[i] ?? 0);
        out.int32(batch.totalColour[i] ?? 0);
      }
      count += batch.length;
      yield* full(out);
    }
    return count;
  },
  *supply_levels(out, db, account) {
    const data = account.data();
    let count = 0;
    for (const level of data.supplyLevels()) {
      out.string(db);
      out.string(level.deviceId);
      out.date(level.date);
      out.string(level.supply);
      out.int32(level.levelPercent);
      count += 1;
      if (count % CHECK_ROWS === 0) yield* full(out);
    }
    return count;
  },
  *supply_replacements(out, db, account) {
    const data = account.data();
    let count = 0;
    for (const r of data.supplyReplacements()) {
      out.string(db);
      out.string(r.deviceId);
      out.date(r.date);
      out.string(r.supply);
      out.int32(r.pagesSinceLastReplacement);
      count += 1;
      if (count % CHECK_ROWS === 0) yield* full(out);
    }
    return count;
  },
  *service_alerts(out, db, account) {
    const data = account.data();
    let count = 0;
    for (const a of data.serviceAlerts()) {
      const hours =
        a.closedAt === null ? null : (Date.parse(a.closedAt) - Date.parse(a.openedAt)) / 3_600_000;
      out.string(db);
      out.string(a.alertId);
      out.string(a.deviceId);
      out.string(a.code);
      out.string(a.severity);
      out.string(a.description);
      out.dateTime(a.openedAt);
      if (out.present(a.closedAt) && a.closedAt !== null) out.dateTime(a.closedAt);
      out.date(a.openedAt.slice(0, 10));
      out.string(a.closedAt === null ? 'Open' : 'Closed');
      out.int32(a.closedAt === null ? 1 : 0);
      if (out.present(hours) && hours !== null) out.float64(Math.round(hours * 100) / 100);
      count += 1;
      if (count % CHECK_ROWS === 0) yield* full(out);
    }
    return count;
  },
};

/**
 * One table's rows for the accounts of `parameters`, account after account, as RowBinary chunks of about 1 MiB.
 * Lazy: a chunk is generated when the consumer asks for it, so a slow insert holds the generator back and memory
 * stays at a chunk or two. `onRows(account, n)` reports each account's rows once written.
 */
export function* tableRowBinary(
  table: FleetTable,
  parameters: FleetLoadParameters,
  onRows?: (account: string, rows: number) => void,
): Generator<Buffer, void, undefined> {
  const out = new RowBinaryWriter();
  const options = generateOptions(parameters);
  const last = Date.parse(`${parameters.endDate}T00:00:00Z`);
  const period = {
    startDate: new Date(last - (parameters.days - 1) * MS_PER_DAY).toISOString().slice(0, 10),
    endDate: parameters.endDate,
    days: parameters.days,
  };
  for (const db of parameters.databaseNames) {
    // The data is built only for the tables that need it (the calendar needs the period alone).
    const rows = yield* WRITERS[table](out, db, { period, data: () => generateAccount(db, options) });
    out.forget();
    onRows?.(db, rows);
    yield* full(out);
  }
  const rest = out.take(true);
  if (rest !== undefined) yield rest;
}

/**
 * The scale at which `accounts` give about `readings` meter readings over the period (rows grow linearly with the
 * scale, and devices are whole, so the count lands close but not exactly on it).
 */
export function scaleForReadings(
  readings: number,
  period: { readonly databaseNames: readonly string[]; readonly endDate: string; readonly days: number },
): number {
  const atOne = estimateMeterRows({
    databaseNames: period.databaseNames,
    endDate: period.endDate,
    days: period.days,
  });
  if (atOne === 0) throw new RangeError('these accounts have no meter readings in the period');
  return readings / atOne;
}
