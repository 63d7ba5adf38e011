import {
  BOOLEAN,
  DATE,
  DOUBLE,
  DuckDBDataChunk,
  INTEGER,
  TIMESTAMP,
  VARCHAR,
  dateValue,
  timestampValue,
} from '@duckdb/node-api';
import type {
  DuckDBConnection,
  DuckDBDateValue,
  DuckDBType,
  DuckDBValue,
  DuckDBVector,
} from '@duckdb/node-api';
import { generateAccount } from '@portico/fleet-data';
import type { AccountData, GenerateOptions } from '@portico/fleet-data';
import {
  FILL_CALENDAR,
  FLEET_DDL,
  FLEET_SCHEMA_VERSION,
  FLEET_TABLES,
  LOAD_INFO_DDL,
} from './fleet-schema.ts';

export const FACT_TABLES = [
  'meter_readings',
  'supply_levels',
  'supply_replacements',
  'service_alerts',
] as const;
export type FactTable = (typeof FACT_TABLES)[number];

/** What the data in a file was generated from; the same parameters always give the same rows. */
export interface FleetLoadParameters {
  /** The fact tables to fill (default all; a benchmark may want only meter readings). The others stay empty. */
  readonly facts?: readonly FactTable[];
  readonly databaseNames: readonly string[];
  readonly endDate: string;
  readonly days: number;
  readonly scale: number;
  readonly seed: number;
  /** Printers per account; undefined for each sample account's own default. */
  readonly devicesPerAccount?: number;
}

/** The generator's options for `parameters`: the DuckDB loader and the ClickHouse rows both generate with these. */
export function generateOptions(parameters: FleetLoadParameters): GenerateOptions {
  return {
    endDate: parameters.endDate,
    days: parameters.days,
    scale: parameters.scale,
    seed: parameters.seed,
    ...(parameters.devicesPerAccount === undefined
      ? {}
      : { devicesPerAccount: parameters.devicesPerAccount }),
  };
}

export interface FleetLoadSummary {
  readonly rows: Readonly<Record<string, number>>;
  readonly milliseconds: number;
}

const MS_PER_DAY = 86_400_000;
/** DuckDB's vector size: the most rows one data chunk holds. */
const CHUNK_ROWS = 2048;

/** Dates repeat (every device reports every day): one DuckDB value per distinct date string. */
function dateCache(): (iso: string) => DuckDBDateValue {
  const cache = new Map<string, DuckDBDateValue>();
  return (iso) => {
    let value = cache.get(iso);
    if (value === undefined) {
      value = dateValue(Date.parse(`${iso}T00:00:00Z`) / MS_PER_DAY);
      cache.set(iso, value);
    }
    return value;
  };
}

const timestamp = (iso: string): DuckDBValue => timestampValue(BigInt(Date.parse(iso)) * 1000n);

/**
 * Appends rows to `table` in full data chunks, writing each value straight into the chunk's vectors (about twice as
 * fast as buffering rows); returns the row count. One chunk is filled, appended and reset over and over: a chunk is
 * native memory that V8 does not see, so a new chunk per 2,048 rows piled up (about 1.2 GB at scale 10) until a
 * garbage collection happened to free them.
 */
async function appendRows(
  connection: DuckDBConnection,
  table: string,
  types: readonly DuckDBType[],
  rows: Iterable<readonly DuckDBValue[]>,
): Promise<number> {
  const appender = await connection.createAppender(table);
  const size = CHUNK_ROWS;
  const chunk = DuckDBDataChunk.create(types, size);
  const columns = (): DuckDBVector[] => types.map((_type, index) => chunk.getColumnVector(index));
  let vectors = columns();
  let filled = 0;
  let count = 0;
  const emit = (): void => {
    for (const vector of vectors) vector.flush();
    chunk.rowCount = filled;
    appender.appendDataChunk(chunk);
    // Back to an empty chunk (its strings freed), sized for the next rows; vectors are views on it, so new ones.
    chunk.reset();
    chunk.rowCount = size;
    vectors = columns();
    filled = 0;
  };
  try {
    for (const row of rows) {
      for (let column = 0; column < vectors.length; column += 1)
        vectors[column]?.setItem(filled, row[column] ?? null);
      filled += 1;
      count += 1;
      if (filled === size) emit();
    }
    if (filled > 0) emit();
  } finally {
    appender.closeSync();
  }
  return count;
}

function* deviceRows(db: string, data: AccountData, date: (iso: string) => DuckDBDateValue) {
  for (const d of data.devices) {
    yield [
      db,
      d.deviceId,
      d.serialNumber,
      d.model,
      d.manufacturer,
      d.isColour,
      d.isColour ? 'Colour' : 'Mono',
      d.location,
      d.site,
      date(d.installDate),
      d.retiredDate === null ? null : date(d.retiredDate),
      d.retiredDate === null,
      d.monthlyDutyCycle,
    ];
  }
}

function* meterRows(db: string, data: AccountData, date: (iso: string) => DuckDBDateValue) {
  const row: DuckDBValue[] = [db, '', null, 0, 0, 0, 0, 0];
  for (const batch of data.meterReadingBatches({ batchSize: 2048 })) {
    for (let i = 0; i < batch.length; i += 1) {
      const mono = batch.monoPages[i] ?? 0;
      const colour = batch.colourPages[i] ?? 0;
      row[1] = batch.deviceId[i] ?? '';
      row[2] = date(batch.date[i] ?? '');
      row[3] = mono;
      row[4] = colour;
      row[5] = mono + colour;
      row[6] = batch.totalMono[i] ?? 0;
      row[7] = batch.totalColour[i] ?? 0;
      yield row;
    }
  }
}

function* supplyLevelRows(db: string, data: AccountData, date: (iso: string) => DuckDBDateValue) {
  const row: DuckDBValue[] = [db, '', null, '', 0];
  for (const level of data.supplyLevels()) {
    row[1] = level.deviceId;
    row[2] = date(level.date);
    row[3] = level.supply;
    row[4] = level.levelPercent;
    yield row;
  }
}

function* replacementRows(db: string, data: AccountData, date: (iso: string) => DuckDBDateValue) {
  for (const r of data.supplyReplacements()) {
    yield [db, r.deviceId, date(r.date), r.supply, r.pagesSinceLastReplacement];
  }
}

function* alertRows(db: string, data: AccountData, date: (iso: string) => DuckDBDateValue) {
  for (const a of data.serviceAlerts()) {
    const hours = a.closedAt === null ? null : (Date.parse(a.closedAt) - Date.parse(a.openedAt)) / 3_600_000;
    yield [
      db,
      a.alertId,
      a.deviceId,
      a.code,
      a.severity,
      a.description,
      timestamp(a.openedAt),
      a.closedAt === null ? null : timestamp(a.closedAt),
      date(a.openedAt.slice(0, 10)),
      a.closedAt === null ? 'Open' : 'Closed',
      a.closedAt === null ? 1 : 0,
      hours === null ? null : Math.round(hours * 100) / 100,
    ];
  }
}

const TYPES = {
  accounts: [VARCHAR, VARCHAR, VARCHAR, VARCHAR, VARCHAR],
  devices: [
    VARCHAR,
    VARCHAR,
    VARCHAR,
    VARCHAR,
    VARCHAR,
    BOOLEAN,
    VARCHAR,
    VARCHAR,
    VARCHAR,
    DATE,
    DATE,
    BOOLEAN,
    INTEGER,
  ],
  meter_readings: [VARCHAR, VARCHAR, DATE, INTEGER, INTEGER, INTEGER, INTEGER, INTEGER],
  supply_levels: [VARCHAR, VARCHAR, DATE, VARCHAR, INTEGER],
  supply_replacements: [VARCHAR, VARCHAR, DATE, VARCHAR, INTEGER],
  service_alerts: [
    VARCHAR,
    VARCHAR,
    VARCHAR,
    VARCHAR,
    VARCHAR,
    VARCHAR,
    TIMESTAMP,
    TIMESTAMP,
    DATE,
    VARCHAR,
    INTEGER,
    DOUBLE,
  ],
} as const;

type RowSource = (
  db: string,
  data: AccountData,
  date: (iso: string) => DuckDBDateValue,
) => Iterable<readonly DuckDBValue[]>;

const FACT_ROWS: Readonly<Record<FactTable, RowSource>> = {
  meter_readings: meterRows,
  supply_levels: supplyLevelRows,
  supply_replacements: replacementRows,
  service_alerts: alertRows,
};

/**
 * Creates the fleet tables on `connection` and fills them with every account of `parameters`, through appenders in
 * full data chunks. Expects an empty database.
 *
 * ```ts
 * await loadFleet(connection, { databaseNames: ['fabrikam'], endDate: '2024-06-30', days: 90, scale: 1, seed: 0 });
 * ```
 */
export async function loadFleet(
  connection: DuckDBConnection,
  parameters: FleetLoadParameters,
): Promise<FleetLoadSummary> {
  const started = performance.now();
  // A transaction per account: DuckDB writes a bulk insert straight to data blocks instead of through the WAL, and a
  // checkpoint after each account lets its buffers go (one transaction for all held 30–70 MB more at the peak of a
  // scale-10 load). Half a load is never used: the caller loads into a side file and keeps it once complete.
  await connection.run('BEGIN TRANSACTION');
  try {
    const rows = await createAndFill(connection, parameters);
    await connection.run('COMMIT');
    return { rows, milliseconds: Math.round(performance.now() - started) };
  } catch (error) {
    await connection.run('ROLLBACK');
    throw error;
  }
}

async function createAndFill(
  connection: DuckDBConnection,
  parameters: FleetLoadParameters,
): Promise<Record<string, number>> {
  for (const table of FLEET_TABLES) await connection.run(FLEET_DDL[table]);
  await connection.run(LOAD_INFO_DDL);
  const rows: Record<string, number> = {};
  const add = (table: string, count: number): void => {
    rows[table] = (rows[table] ?? 0) + count;
  };
  const options = generateOptions(parameters);
  const date = dateCache();
  let period = { startDate: parameters.endDate, endDate: parameters.endDate };
  for (const db of parameters.databaseNames) {
    const data = generateAccount(db, options);
    period = data.period;
    const { accountName, customerName, region, timeZone } = data.account;
    add(
      'accounts',
      await appendRows(connection, 'accounts', TYPES.accounts, [
        [db, accountName, customerName, region, timeZone],
      ]),
    );
    add('devices', await appendRows(connection, 'devices', TYPES.devices, deviceRows(db, data, date)));
    for (const fact of parameters.facts ?? FACT_TABLES) {
      add(fact, await appendRows(connection, fact, TYPES[fact], FACT_ROWS[fact](db, data, date)));
    }
    await connection.run('COMMIT');
    await connection.run('CHECKPOINT');
    await connection.run('BEGIN TRANSACTION');
  }
  await connection.run(FILL_CALENDAR, [period.startDate, period.endDate]);
  const calendar = await connection.runAndReadAll('SELECT count(*)::INTEGER FROM calendar');
  rows['calendar'] = Number(calendar.getRows()[0]?.[0] ?? 0);
  await connection.run('INSERT INTO fleet_load VALUES ($1, now()::TIMESTAMP)', [
    JSON.stringify({ ...parameters, schemaVersion: FLEET_SCHEMA_VERSION }),
  ]);
  return rows;
}
