import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { SAMPLE_ACCOUNTS } from '@portico/fleet-data';
import { PRIVATE_UMASK } from '@portico/server-kit';
import { createDuckDb, openEngine } from './engine.ts';
import type { DuckDbLimits, Engine } from './engine.ts';
import { FLEET_SCHEMA_VERSION } from './fleet-schema.ts';
import { loadFleet } from './load-fleet.ts';
import type { FleetLoadParameters, FleetLoadSummary } from './load-fleet.ts';

/** What to load; everything but the file has a default. */
export interface FleetDataOptions {
  /** The DuckDB file, e.g. `${dataDir}/analytics/fleet.duckdb`. */
  readonly file: string;
  /** Default: yesterday (UTC) when the file is first loaded, and whatever the file holds afterwards. */
  readonly endDate?: string | undefined;
  readonly scale?: number;
  readonly days?: number;
  readonly seed?: number;
  readonly devicesPerAccount?: number;
  /** Default: every sample account. */
  readonly databaseNames?: readonly string[];
  /** Fact tables to fill; default all. */
  readonly facts?: FleetLoadParameters['facts'];
  readonly connections?: number;
  /** DuckDB's memory, threads and spill folder, for the load and the queries; default DuckDB's. */
  readonly limits?: DuckDbLimits;
}

export interface FleetDatabase {
  readonly engine: Engine;
  /** The parameters the open file was loaded with. */
  readonly parameters: FleetLoadParameters;
  /** Set when this start loaded the data (undefined when an existing file was reused). */
  readonly loaded: FleetLoadSummary | undefined;
}

const yesterday = (): string => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

interface StoredLoad extends FleetLoadParameters {
  readonly schemaVersion: number;
}

async function readStoredLoad(file: string, limits: DuckDbLimits): Promise<StoredLoad | undefined> {
  const instance = await createDuckDb(file, limits);
  const connection = await instance.connect();
  try {
    const reader = await connection.runAndReadAll('SELECT parameters FROM fleet_load LIMIT 1');
    const text = reader.getRows()[0]?.[0];
    return typeof text === 'string' ? (JSON.parse(text) as StoredLoad) : undefined;
  } catch {
    // Not a fleet file of ours (or an interrupted one): load afresh.
    return undefined;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

function matches(
  stored: StoredLoad,
  wanted: Omit<FleetLoadParameters, 'endDate'>,
  endDate?: string,
): boolean {
  return (
    stored.schemaVersion === FLEET_SCHEMA_VERSION &&
    (endDate === undefined || stored.endDate === endDate) &&
    stored.scale === wanted.scale &&
    stored.days === wanted.days &&
    stored.seed === wanted.seed &&
    stored.devicesPerAccount === wanted.devicesPerAccount &&
    (stored.facts ?? []).join(',') === (wanted.facts ?? []).join(',') &&
    stored.databaseNames.join(',') === wanted.databaseNames.join(',')
  );
}

async function removeDatabaseFile(file: string): Promise<void> {
  await rm(file, { force: true });
  await rm(`${file}.wal`, { force: true });
}

/**
 * Opens the fleet data, loading it first when the file is missing or was made with other parameters (another scale,
 * end date, account list or schema version). The load goes to a side file renamed into place when complete, so an
 * interrupted start never leaves a half-loaded database behind.
 *
 * ```ts
 * const { engine, parameters } = await openFleetDatabase({ file: '/data/analytics/fleet.duckdb', scale: 1 });
 * ```
 */
export async function openFleetDatabase(options: FleetDataOptions): Promise<FleetDatabase> {
  const wanted = {
    databaseNames: options.databaseNames ?? SAMPLE_ACCOUNTS.map((account) => account.databaseName),
    days: options.days ?? 730,
    scale: options.scale ?? 1,
    seed: options.seed ?? 0,
    ...(options.devicesPerAccount === undefined ? {} : { devicesPerAccount: options.devicesPerAccount }),
    ...(options.facts === undefined ? {} : { facts: options.facts }),
  };
  const open = (): Promise<Engine> =>
    openEngine({
      path: options.file,
      ...options.limits,
      ...(options.connections === undefined ? {} : { connections: options.connections }),
    });

  // Every account's rows: the file (and DuckDB's WAL and side file) 0600 in a 0700 directory.
  process.umask(PRIVATE_UMASK);
  await mkdir(dirname(options.file), { recursive: true, mode: 0o700 });
  if (existsSync(options.file)) {
    const stored = await readStoredLoad(options.file, options.limits ?? {});
    if (stored !== undefined && matches(stored, wanted, options.endDate)) {
      const { schemaVersion: _version, ...parameters } = stored;
      return { engine: await open(), parameters, loaded: undefined };
    }
  }

  const parameters: FleetLoadParameters = { ...wanted, endDate: options.endDate ?? yesterday() };
  const side = `${options.file}.loading`;
  await removeDatabaseFile(side);
  const instance = await createDuckDb(side, options.limits);
  const connection = await instance.connect();
  let loaded: FleetLoadSummary;
  try {
    loaded = await loadFleet(connection, parameters);
    await connection.run('CHECKPOINT');
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  await removeDatabaseFile(options.file);
  await rename(side, options.file);
  await removeDatabaseFile(side);
  return { engine: await open(), parameters, loaded };
}
