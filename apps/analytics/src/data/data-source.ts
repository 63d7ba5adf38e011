/**
 * Where the service's data comes from, as configured (ANALYTICS_ENGINE): the generated fleet sample in an embedded
 * DuckDB file (the default), DuckDB over a folder of Parquet/CSV files (ANALYTICS_DATA_FOLDER), or ClickHouse
 * (ANALYTICS_CLICKHOUSE_URL). Each gives an {@link Engine} and the accounts its data holds, which are the only
 * databaseNames an embed token may name.
 */
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Dataset } from '@portico/analytics-model';
import type { AnalyticsConfig } from '../config.ts';
import { openClickHouseEngine } from './clickhouse-engine.ts';
import { fixedDataVersion, folderDataVersion } from './data-version.ts';
import type { DataVersion } from './data-version.ts';
import type { Engine } from './engine.ts';
import { openFileEngine } from './file-engine.ts';
import { openFleetDatabase } from './fleet-database.ts';

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

/** `'it''s'`: a DuckDB string literal (the paths and SQL come from the operator's model files, never a request). */
const duckString = (text: string): string => `'${text.replaceAll("'", "''")}'`;

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
    const folder = engineConfig.dataFolder;
    const { engine, tables } = await openFileEngine({ folder });
    log.info({ folder, tables: tables.map((t) => t.table) }, 'reading the data folder');
    const accounts = new Set<string>();
    const useModels = async (next: readonly Dataset[]): Promise<void> => {
      for (const table of next.flatMap((d) => d.tables)) {
        if (table.view === undefined) continue;
        const select =
          'sql' in table.view
            ? table.view.sql
            : `SELECT * FROM ${table.view.files.endsWith('.csv') ? 'read_csv' : 'read_parquet'}(${duckString(join(folder, table.view.files))}${table.view.files.endsWith('.csv') ? ', header = true' : ''})`;
        await engine.query(`CREATE OR REPLACE VIEW "${table.source}" AS ${select}`);
      }
      const { rows } = await engine.query(accountsSql(next));
      const names = rows.map((row) => String(row[0]));
      accounts.clear();
      for (const name of names) accounts.add(name);
    };
    try {
      await useModels(datasets);
    } catch (error) {
      await engine.close();
      throw error;
    }
    return {
      engine,
      accounts,
      useModels,
      dataVersion: folderDataVersion(folder),
      close: () => engine.close(),
    };
  }
  refuseViews(datasets, 'the embedded fleet database');
  const home = join(config.dataDir, 'analytics');
  log.info({ file: join(home, 'fleet.duckdb'), scale: config.data.scale }, 'opening the fleet data');
  const fleet = await openFleetDatabase({
    file: join(home, 'fleet.duckdb'),
    endDate: config.data.endDate,
    scale: config.data.scale,
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
