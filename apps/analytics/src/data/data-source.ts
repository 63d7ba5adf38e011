/**
 * Where the service's data comes from, as configured (ANALYTICS_ENGINE): the generated fleet sample in an embedded
 * DuckDB file (the default), DuckDB over a folder of Parquet/CSV files (ANALYTICS_DATA_FOLDER), or ClickHouse
 * (ANALYTICS_CLICKHOUSE_URL). Each gives an {@link Engine} and the accounts its data holds, which are the only
 * databaseNames an embed token may name.
 */
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
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
  /** The data's current version (the result cache drops its answers when it changes); see data-version.ts. */
  readonly dataVersion: DataVersion;
  close(): Promise<void>;
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

/** Opens the configured data source (loading the fleet sample on first use of the embedded default). */
export async function openDataSource(config: AnalyticsConfig, log: FastifyBaseLogger): Promise<DataSource> {
  const { engine: engineConfig } = config;
  if (engineConfig.kind === 'clickhouse') {
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
    const { engine, tables } = await openFileEngine({ folder: engineConfig.dataFolder });
    log.info(
      { folder: engineConfig.dataFolder, tables: tables.map((t) => t.table) },
      'reading the data folder',
    );
    const { rows } = await engine.query(ACCOUNTS_SQL);
    return {
      engine,
      accounts: new Set(rows.map((row) => String(row[0]))),
      dataVersion: folderDataVersion(engineConfig.dataFolder),
      close: () => engine.close(),
    };
  }
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
    dataVersion: fleetDataVersion(fleet.parameters),
    close: () => fleet.engine.close(),
  };
}

/** The fleet sample's version: its load parameters and the time this process opened it (it changes only on restart). */
export function fleetDataVersion(parameters: object): DataVersion {
  return fixedDataVersion({ source: 'fleet', parameters, openedAt: Date.now() });
}
