/**
 * Where the service's data comes from, as configured (ANALYTICS_ENGINE): the generated fleet sample in an embedded
 * DuckDB file (the default), DuckDB over a folder of Parquet/CSV files (ANALYTICS_DATA_FOLDER), or ClickHouse
 * (ANALYTICS_CLICKHOUSE_URL). Each gives an {@link Engine} and the accounts its data holds, which are the only
 * databaseNames an embed token may name.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Dataset } from '@portico/analytics-model';
import type { AnalyticsConfig } from '../config.ts';
import { openClickHouseEngine } from './clickhouse-engine.ts';
import { fixedDataVersion, folderDataVersion } from './data-version.ts';
import type { DataVersion } from './data-version.ts';
import type { Engine } from './engine.ts';
import { fileReader, openFileEngine } from './file-engine.ts';
import { openFleetDatabase } from './fleet-database.ts';
import { openImportedFolder } from './folder-import.ts';
import { viewSqlProblem } from '../models/view-sql.ts';

export interface DataSource {
  readonly engine: Engine;
  /** The databaseNames the data holds; filled in the background for a server that is down at start. */
  readonly accounts: ReadonlySet<string>;
  /**
   * Makes the engine ready for a (new) version of the models: creates the views of file-set and SQL tables (DuckDB
   * over a data folder) and, there, reads the accounts again. Throws when the engine cannot serve them.
   */
  useModels(datasets: readonly Dataset[]): Promise<void>;
  /** The data's current version (the result cache drops its answers when it changes); see data-version.ts. */
  readonly dataVersion: DataVersion;
  close(): Promise<void>;
}

/** Model tables defined by files or SQL need DuckDB over a data folder; elsewhere they are refused. */
function refuseViews(datasets: readonly Dataset[], where: string): void {
  for (const dataset of datasets) {
    const table = dataset.tables.find((t) => t.view !== undefined);
    if (table !== undefined)
      throw new Error(
        `Model '${dataset.name}', table '${table.name}': file-set and SQL sources need ANALYTICS_DATA_FOLDER (DuckDB over files), not ${where}`,
      );
  }
}

/** `SELECT DISTINCT key FROM t1 UNION SELECT DISTINCT key FROM t2 …` over every table of the models. */
function accountsSql(datasets: readonly Dataset[]): string {
  const parts = datasets.flatMap((d) =>
    d.tables.map(
      (t) =>
        `SELECT DISTINCT CAST("${t.rlsColumn ?? 'database_name'}" AS VARCHAR) AS database_name FROM "${t.source}"`,
    ),
  );
  return `SELECT DISTINCT database_name FROM (${parts.join(' UNION ')}) WHERE database_name IS NOT NULL ORDER BY 1`;
}

const ACCOUNTS_SQL = 'SELECT DISTINCT database_name FROM accounts ORDER BY database_name';

/** Refreshes `accounts` from the engine now and then: every 5 s until it answers, then every minute. */
function watchAccounts(engine: Engine, accounts: Set<string>, log: FastifyBaseLogger): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const refresh = async (): Promise<void> => {
    let next = 60_000;
    try {
      const { rows } = await engine.query(ACCOUNTS_SQL);
      const names = rows.map((row) => String(row[0]));
      for (const name of [...accounts]) if (!names.includes(name)) accounts.delete(name);
      for (const name of names) accounts.add(name);
    } catch (error) {
      log.warn({ err: error, source: engine.source }, 'cannot read the accounts; retrying in 5 s');
      next = 5_000;
    }
    if (!stopped) {
      timer = setTimeout(() => void refresh(), next);
      timer.unref();
    }
  };
  void refresh();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * Opens the configured data source (loading the fleet sample on first use of the embedded default), ready for the
 * models of `datasets`.
 */
export async function openDataSource(
  config: AnalyticsConfig,
  log: FastifyBaseLogger,
  datasets: readonly Dataset[],
): Promise<DataSource> {
  const { engine: engineConfig } = config;
  if (engineConfig.kind === 'clickhouse') {
    refuseViews(datasets, 'ClickHouse');
    const engine = openClickHouseEngine(engineConfig);
    const accounts = new Set<string>();
    log.info(
      { url: new URL(engineConfig.url).origin, database: engineConfig.database },
      'querying ClickHouse',
    );
    const stop = watchAccounts(engine, accounts, log);
    return {
      engine,
      accounts,
      useModels: async (next) => refuseViews(next, 'ClickHouse'),
      dataVersion: fixedDataVersion({
        source: 'clickhouse',
        url: engineConfig.url,
        database: engineConfig.database,
      }),
      async close() {
        stop();
        await engine.close();
      },
    };
  }
  if (engineConfig.dataFolder !== undefined) {
    return engineConfig.folderMode === 'read'
      ? openFolderReader(engineConfig.dataFolder, config, log, datasets)
      : openFolderImport(engineConfig.dataFolder, config, log, datasets);
  }
  refuseViews(datasets, 'the embedded fleet database');
  const home = join(config.dataDir, 'analytics');
  log.info({ file: join(home, 'fleet.duckdb'), scale: config.data.scale }, 'opening the fleet data');
  const fleet = await openFleetDatabase({
    file: join(home, 'fleet.duckdb'),
    endDate: config.data.endDate,
    scale: config.data.scale,
    limits: config.duckdb,
    connections: config.duckdb.connections,
  });
  if (fleet.loaded === undefined) log.info({ ...fleet.parameters }, 'fleet data reused');
  else log.info({ ...fleet.loaded, endDate: fleet.parameters.endDate }, 'fleet data loaded');
  return {
    engine: fleet.engine,
    accounts: new Set(fleet.parameters.databaseNames),
    useModels: async (next) => refuseViews(next, 'the embedded fleet database'),
    dataVersion: fleetDataVersion(fleet.parameters),
    close: () => fleet.engine.close(),
  };
}

/** The fleet sample's version: its load parameters and the time this process opened it (it changes only on restart). */
export function fleetDataVersion(parameters: object): DataVersion {
  return fixedDataVersion({ source: 'fleet', parameters, openedAt: Date.now() });
}

/** Drops `name` from the main schema if it is a `kind` (a view where a table is wanted, or the reverse). */
async function dropIfKind(engine: Engine, name: string, kind: 'VIEW' | 'TABLE'): Promise<void> {
  const catalog = kind === 'VIEW' ? 'duckdb_views() WHERE view_name' : 'duckdb_tables() WHERE table_name';
  const { rows } = await engine.query(
    `SELECT count(*) FROM ${catalog} = $1 AND schema_name = 'main' AND database_name = current_database()`,
    [name],
  );
  if (Number(rows[0]?.[0] ?? 0) > 0) await engine.query(`DROP ${kind} "${name.replaceAll('"', '""')}"`);
}

/**
 * Creates the models' file-set and SQL tables on `engine`: views, except file sets when `importFiles` (the folder's
 * import mode), which become tables sorted by their row-level-security column, read once per data version like the
 * folder's own tables. Resolves with the accounts the data holds.
 */
async function applyModels(
  engine: Engine,
  folder: string,
  datasets: readonly Dataset[],
  importFiles: boolean,
): Promise<string[]> {
  // Every SQL table is checked before anything is made: a refused one leaves the engine as it was.
  for (const table of datasets.flatMap((d) => d.tables)) {
    const problem =
      table.view !== undefined && 'sql' in table.view
        ? await viewSqlProblem(engine, table.view.sql)
        : undefined;
    if (problem !== undefined) throw new Error(`Model table '${table.name}': its SQL ${problem}`);
  }
  for (const table of datasets.flatMap((d) => d.tables)) {
    const view = table.view;
    if (view === undefined) continue;
    const name = `"${table.source}"`;
    const select =
      'sql' in view
        ? view.sql
        : `SELECT * FROM ${fileReader(view.files.endsWith('.csv') ? 'read_csv' : 'read_parquet', join(folder, view.files))}`;
    const asTable = importFiles && 'files' in view;
    // The models' previous version may have made the other kind under this name.
    await dropIfKind(engine, table.source, asTable ? 'VIEW' : 'TABLE');
    if (asTable) {
      const key = `"${(table.rlsColumn ?? 'database_name').replaceAll('"', '""')}"`;
      await engine.query(`CREATE OR REPLACE TABLE ${name} AS ${select} ORDER BY ${key}`);
    } else await engine.query(`CREATE OR REPLACE VIEW ${name} AS ${select}`);
  }
  const { rows } = await engine.query(accountsSql(datasets));
  return rows.map((row) => String(row[0]));
}

/** The files (globs under `folder`) of the models' file-set tables. */
function modelFileGlobs(folder: string, datasets: readonly Dataset[]): string[] {
  return datasets
    .flatMap((d) => d.tables)
    .flatMap((t) => (t.view !== undefined && 'files' in t.view ? [join(folder, t.view.files)] : []));
}

function replaceAll(accounts: Set<string>, names: readonly string[]): void {
  accounts.clear();
  for (const name of names) accounts.add(name);
}

/** ANALYTICS_DATA_FOLDER_MODE=read: views over the files, read by every query. */
async function openFolderReader(
  folder: string,
  config: AnalyticsConfig,
  log: FastifyBaseLogger,
  datasets: readonly Dataset[],
): Promise<DataSource> {
  let models = datasets;
  const { engine, tables } = await openFileEngine({
    folder,
    limits: config.duckdb,
    connections: config.duckdb.connections,
    otherFiles: () => modelFileGlobs(folder, models),
  });
  log.info({ folder, tables: tables.map((t) => t.table) }, 'reading the data folder on every query');
  const accounts = new Set<string>();
  const useModels = async (next: readonly Dataset[]): Promise<void> => {
    replaceAll(accounts, await applyModels(engine, folder, next, false));
    models = next;
  };
  try {
    await useModels(datasets);
  } catch (error) {
    await engine.close();
    throw error;
  }
  return { engine, accounts, useModels, dataVersion: folderDataVersion(folder), close: () => engine.close() };
}

/** How often a data folder is looked at for changed files (then imported again in the background). */
const FOLDER_RECHECK_MS = 5_000;

/** Per folder table, the row-level-security column the models find its accounts by (the import sorts by it). */
function sortKeysOf(datasets: readonly Dataset[]): Map<string, string> {
  const keys = new Map<string, string>();
  for (const table of datasets.flatMap((d) => d.tables)) {
    const column = table.rlsColumn ?? 'database_name';
    if (table.view === undefined && column !== '' && !keys.has(table.source)) keys.set(table.source, column);
  }
  return keys;
}

/** ANALYTICS_DATA_FOLDER_MODE=import (the default): the folder imported into a DuckDB file per data version. */
async function openFolderImport(
  folder: string,
  config: AnalyticsConfig,
  log: FastifyBaseLogger,
  datasets: readonly Dataset[],
): Promise<DataSource> {
  log.info({ folder }, 'importing the data folder (skipped when its files have not changed)');
  const imported = await openImportedFolder({
    folder,
    home: join(config.dataDir, 'analytics', 'folder'),
    sortKeys: sortKeysOf(datasets),
    limits: config.duckdb,
    connections: config.duckdb.connections,
  });
  log.info({ folder, ...imported.lastImport }, 'data folder imported');
  const { engine } = imported;
  const accounts = new Set<string>();
  let models = datasets;
  try {
    replaceAll(accounts, await applyModels(engine, folder, models, true));
  } catch (error) {
    await imported.close();
    throw error;
  }
  let names: string[] = [];
  const recheck = async (): Promise<void> => {
    try {
      let prepared = models;
      const switched = await imported.refresh(async (next) => {
        prepared = models;
        names = await applyModels(next, folder, prepared, true);
      });
      if (switched) {
        // Models replaced while the import ran: their views on the new file too.
        if (prepared !== models) names = await applyModels(engine, folder, models, true);
        replaceAll(accounts, names);
        log.info({ folder, ...imported.lastImport }, 'data folder changed: imported again');
      }
    } catch (error) {
      log.error(
        { err: error, folder },
        'cannot import the changed data folder; the previous import keeps serving',
      );
    }
  };
  const timer = setInterval(() => void recheck(), FOLDER_RECHECK_MS);
  timer.unref();
  return {
    engine,
    accounts,
    async useModels(next) {
      replaceAll(accounts, await applyModels(engine, folder, next, true));
      models = next;
    },
    dataVersion: () => Promise.resolve(importStamps(imported.stamp())),
    async close() {
      clearInterval(timer);
      await imported.close();
    },
  };
}

/** The stamp of the served import, hashed (the cache keys by it; the stamp itself holds the folder's path). */
const importStamps = (stamp: string): string => createHash('sha256').update(stamp).digest('hex');
