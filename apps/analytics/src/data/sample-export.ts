/**
 * The fleet sample written anywhere: as Parquet file sets for DuckDB (`<out>/<table>/<account>.parquet`), or
 * streamed into ClickHouse (one server, or a cluster's Distributed tables).
 *
 * Parquet goes account by account: each account is generated into an in-memory DuckDB by the same loader the service
 * uses (so the rows are identical to the embedded data's), written out, and dropped, so memory stays bounded by one
 * account whatever the scale. ClickHouse goes table by table: one RowBinary stream per table over every account,
 * encoded straight from the generator with the same derived columns (clickhouse-rows.ts), in bounded memory too.
 */
import { mkdir, rename } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { ClickHouseClient } from '@clickhouse/client';
import { SAMPLE_ACCOUNTS } from '@portico/fleet-data';
import { tableRowBinary } from './clickhouse-rows.ts';
import { clickHouseTableName, createTableStatements, dropTableStatements } from './clickhouse-schema.ts';
import type { ClickHouseLayout } from './clickhouse-schema.ts';
import { FLEET_TABLES } from './fleet-schema.ts';
import type { FleetTable } from './fleet-schema.ts';
import { FACT_TABLES, loadFleet } from './load-fleet.ts';
import type { FactTable, FleetLoadParameters } from './load-fleet.ts';

/** The five sample accounts, then generated ones (`account_00006`, …) up to `count`. */
export function sampleAccountNames(count: number = SAMPLE_ACCOUNTS.length): string[] {
  const names = SAMPLE_ACCOUNTS.map((account) => account.databaseName).slice(0, count);
  for (let i = names.length + 1; i <= count; i += 1) names.push(`account_${String(i).padStart(5, '0')}`);
  return names;
}

export interface ExportProgress {
  /** The table being written, when tables go one after another over all accounts (ClickHouse). */
  readonly table?: string;
  readonly account: string;
  readonly accountsDone: number;
  readonly accountsTotal: number;
  /** Rows written so far, of every table. */
  readonly rows: number;
  /** Of them, rows of `table` (with `table`). */
  readonly tableRows?: number;
  readonly seconds: number;
}

/**
 * One progress line: `devices: 5/5 accounts (fabrikam): 570 rows; 575 in all in 0.4 s, 1,437 rows/s` when tables go
 * one after another (ClickHouse), `5/5 accounts (fabrikam): 1,234 rows in 2.0 s, 617 rows/s` otherwise.
 */
export function progressLine(p: ExportProgress): string {
  const rate = `${Math.round(p.rows / Math.max(p.seconds, 1e-9)).toLocaleString('en')} rows/s`;
  const accounts = `${p.accountsDone}/${p.accountsTotal} accounts (${p.account})`;
  const time = `${p.seconds.toFixed(1)} s`;
  if (p.table === undefined) return `${accounts}: ${p.rows.toLocaleString('en')} rows in ${time}, ${rate}`;
  return `${p.table}: ${accounts}: ${(p.tableRows ?? 0).toLocaleString('en')} rows; ${p.rows.toLocaleString('en')} in all in ${time}, ${rate}`;
}

export interface ExportSummary {
  readonly rows: Readonly<Record<string, number>>;
  readonly totalRows: number;
  readonly seconds: number;
  readonly rowsPerSecond: number;
}

/** Generates each account of `parameters` into its own in-memory DuckDB and hands it to `write`. */
async function eachAccount(
  parameters: FleetLoadParameters,
  write: (connection: DuckDBConnection, account: string) => Promise<void>,
): Promise<void> {
  for (const account of parameters.databaseNames) {
    const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
    const connection = await instance.connect();
    try {
      await loadFleet(connection, { ...parameters, databaseNames: [account] });
      await write(connection, account);
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  }
}

/** `'it''s'`: a DuckDB string literal for a path this process chose (never user input). */
const duckString = (text: string): string => `'${text.replaceAll("'", "''")}'`;

async function countRows(connection: DuckDBConnection, table: FleetTable): Promise<number> {
  const reader = await connection.runAndReadAll(`SELECT count(*)::INTEGER FROM ${table}`);
  return Number(reader.getRows()[0]?.[0] ?? 0);
}

function summary(rows: Record<string, number>, started: number): ExportSummary {
  const totalRows = Object.values(rows).reduce((a, b) => a + b, 0);
  const seconds = (performance.now() - started) / 1000;
  return { rows, totalRows, seconds, rowsPerSecond: Math.round(totalRows / Math.max(seconds, 1e-9)) };
}

/**
 * Each Parquet file holds one account, its rows in time order, so a reader's row-group statistics (min/max per column)
 * skip the groups outside a date filter; devices and accounts have no time.
 */
const PARQUET_ORDER: Readonly<Record<FleetTable, string>> = {
  accounts: '',
  devices: ' ORDER BY device_id',
  calendar: ' ORDER BY date',
  meter_readings: ' ORDER BY date, device_id',
  supply_levels: ' ORDER BY date, device_id, supply',
  supply_replacements: ' ORDER BY date, device_id',
  service_alerts: ' ORDER BY opened_at, alert_id',
};
/** Rows per row group: DuckDB's own (122,880), a month or so of a large account's readings. */
const PARQUET_ROW_GROUP = 122_880;

/**
 * Writes the sample as Parquet file sets: `<out>/<table>/<account>.parquet`, the layout a DuckDB data folder reads
 * (ANALYTICS_DATA_FOLDER), each account's rows in time order. Each file is written beside its place and renamed into it
 * when complete.
 */
export async function writeSampleParquet(
  out: string,
  parameters: FleetLoadParameters,
  onProgress?: (progress: ExportProgress) => void,
): Promise<ExportSummary> {
  const started = performance.now();
  const rows: Record<string, number> = {};
  let done = 0;
  for (const table of FLEET_TABLES) await mkdir(join(out, table), { recursive: true });
  await eachAccount(parameters, async (connection, account) => {
    for (const table of FLEET_TABLES) {
      const file = join(out, table, `${account}.parquet`);
      await connection.run(
        `COPY (SELECT * FROM ${table}${PARQUET_ORDER[table]}) TO ${duckString(`${file}.partial`)} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE ${PARQUET_ROW_GROUP})`,
      );
      await rename(`${file}.partial`, file);
      rows[table] = (rows[table] ?? 0) + (await countRows(connection, table));
    }
    done += 1;
    const total = Object.values(rows).reduce((a, b) => a + b, 0);
    onProgress?.({
      account,
      accountsDone: done,
      accountsTotal: parameters.databaseNames.length,
      rows: total,
      seconds: (performance.now() - started) / 1000,
    });
  });
  return summary(rows, started);
}

export interface ClickHouseTarget {
  /** Where rows are inserted (the node whose Distributed tables spread them). */
  readonly client: ClickHouseClient;
  /** Every node of the cluster (tables are created on each); just `client` for one server. */
  readonly nodes: readonly ClickHouseClient[];
  readonly layout: ClickHouseLayout;
}

/** Drops and creates the fleet tables on every node. */
export async function createClickHouseTables(target: ClickHouseTarget): Promise<void> {
  for (const node of target.nodes) {
    for (const query of dropTableStatements(target.layout)) await node.command({ query });
    for (const query of createTableStatements(target.layout)) await node.command({ query });
  }
}

/**
 * Creates the fleet tables (dropping old ones) and streams the sample into them: one `INSERT … FORMAT RowBinary`
 * per table over every account, its body encoded straight from the generator (clickhouse-rows.ts) as the server
 * reads it, so the rows are the ones `loadFleet` gives DuckDB. On a cluster the inserts go to the Distributed tables
 * synchronously (every row is on its shard when this resolves); the server cuts each stream into blocks of about a
 * million rows, so parts stay few whatever the number of accounts.
 */
export async function loadSampleIntoClickHouse(
  target: ClickHouseTarget,
  parameters: FleetLoadParameters,
  onProgress?: (progress: ExportProgress) => void,
): Promise<ExportSummary> {
  await createClickHouseTables(target);
  const started = performance.now();
  const rows: Record<string, number> = {};
  const facts: readonly string[] = parameters.facts ?? FACT_TABLES;
  const tables = FLEET_TABLES.filter(
    (table) => !FACT_TABLES.includes(table as FactTable) || facts.includes(table),
  );
  for (const table of tables) {
    let done = 0;
    rows[table] = 0;
    const body = Readable.from(
      tableRowBinary(table, parameters, (account, count) => {
        rows[table] = (rows[table] ?? 0) + count;
        done += 1;
        onProgress?.({
          table,
          account,
          accountsDone: done,
          accountsTotal: parameters.databaseNames.length,
          rows: Object.values(rows).reduce((a, b) => a + b, 0),
          tableRows: rows[table] ?? 0,
          seconds: (performance.now() - started) / 1000,
        });
      }),
      { objectMode: false },
    );
    const result = await target.client.exec({
      query: `INSERT INTO ${clickHouseTableName(target.layout, table)} FORMAT RowBinary`,
      values: body,
      clickhouse_settings: target.layout.cluster === undefined ? {} : { insert_distributed_sync: 1 },
    });
    for await (const _chunk of result.stream) {
      // an INSERT answers with an empty body; reading it to the end frees the socket
    }
  }
  return summary(rows, started);
}
