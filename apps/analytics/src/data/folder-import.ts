/**
 * A data folder imported into the service's own DuckDB file, once per data version (the default for
 * ANALYTICS_DATA_FOLDER; `ANALYTICS_DATA_FOLDER_MODE=read` reads the files on every query instead).
 *
 * Why: DuckDB over views of Parquet files re-reads and decompresses every file on every query, has no statistics to
 * order joins by (over 10 M meter readings it built a hash table of every account's devices × days and took 20 s a
 * query), and cannot skip an account's rows unless the vendor's files happen to be sorted by it. Imported, each table
 * is a native DuckDB table sorted by its row-level-security column (the account) and then its first date or timestamp
 * column, so a customer's query reads only that account's row groups, joins are planned from real counts, and the
 * buffer pool (ANALYTICS_DUCKDB_MEMORY_MB) pages the file in and out instead of holding the data in memory.
 *
 * The load stamp is the folder's version (its files' names, sizes and mtimes, see data-version.ts) and the sort
 * columns: a start with the same stamp reuses the file; a changed folder is imported again in the background into a
 * new file, and queries move to it when it is complete (the old file serves until then and is deleted after).
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PRIVATE_UMASK } from '@portico/server-kit';
import { folderStamp } from './data-version.ts';
import { createDuckDb, engineOn } from './engine.ts';
import type { DuckDbLimits, Engine, QueryResult } from './engine.ts';
import { findFileTables, fileTableSelect } from './file-engine.ts';
import type { FileTable } from './file-engine.ts';

/** Per table (the folder's name for it), the column each account's rows are found by: the import sorts by it. */
export type SortKeys = ReadonlyMap<string, string>;

export interface FolderImportOptions {
  readonly folder: string;
  /** The service's folder for its imported files (`${dataDir}/analytics/folder`). */
  readonly home: string;
  readonly sortKeys: SortKeys;
  readonly limits?: DuckDbLimits;
  readonly connections?: number;
}

interface Stamp {
  readonly folder: string;
  readonly files: string;
  readonly sortKeys: readonly (readonly [string, string])[];
}

const LOAD_TABLE = 'portico_import.folder_load';
/** The name the file being imported is attached under. */
const TARGET = 'portico_next';
const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;
const duckString = (text: string): string => `'${text.replaceAll("'", "''")}'`;

async function stampOf(folder: string, sortKeys: SortKeys): Promise<string> {
  const stamp: Stamp = { folder, files: await folderStamp(folder), sortKeys: [...sortKeys].sort() };
  return JSON.stringify(stamp);
}

/** `folder-<n>.duckdb`: a new file per import, so a running instance never shares a file (or its WAL) with the next. */
const DATABASE_FILE = /^folder-(\d+)\.duckdb$/;

async function readStamp(file: string, limits: DuckDbLimits): Promise<string | undefined> {
  const instance = await createDuckDb(file, limits);
  const connection = await instance.connect();
  try {
    const reader = await connection.runAndReadAll(`SELECT stamp FROM ${LOAD_TABLE} LIMIT 1`);
    const value = reader.getRows()[0]?.[0];
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** Runs one statement on some DuckDB instance: the import fills its new file through an instance already open. */
export type RunStatement = (sql: string) => Promise<QueryResult>;

/** `ORDER BY "database_name", "date"`: the sort key, then the first DATE/TIMESTAMP column; empty when there is none. */
async function orderBy(run: RunStatement, table: FileTable, key: string | undefined): Promise<string> {
  const { rows } = await run(`DESCRIBE SELECT * FROM ${fileTableSelect(table)}`);
  const columns = rows.map((row) => ({ name: String(row[0]), type: String(row[1]) }));
  const keys: string[] = [];
  if (key !== undefined && columns.some((c) => c.name === key)) keys.push(key);
  const time = columns.find((c) => c.type === 'DATE' || c.type.startsWith('TIMESTAMP'));
  if (time !== undefined) keys.push(time.name);
  return keys.length === 0 ? '' : ` ORDER BY ${keys.map(ident).join(', ')}`;
}

/**
 * Imports every table of `folder` into a new DuckDB file `file`, sorted by its key, through `run`: the file is
 * attached to that instance as `<file>.loading`, filled, detached and renamed into place when complete. Going through
 * the serving instance keeps a re-import inside the same memory limit as the queries. Returns the tables.
 */
export async function importFolder(
  folder: string,
  file: string,
  stamp: string,
  sortKeys: SortKeys,
  run: RunStatement,
): Promise<readonly FileTable[]> {
  const side = `${file}.loading`;
  await removeDatabase(side);
  const tables = await findFileTables(folder);
  await run(`ATTACH ${duckString(side)} AS ${TARGET}`);
  try {
    for (const table of tables) {
      const order = await orderBy(run, table, sortKeys.get(table.table));
      await run(
        `CREATE TABLE ${TARGET}.main.${ident(table.table)} AS SELECT * FROM ${fileTableSelect(table)}${order}`,
      );
    }
    await run(`CREATE SCHEMA ${TARGET}.portico_import`);
    await run(`CREATE TABLE ${TARGET}.${LOAD_TABLE} (stamp VARCHAR NOT NULL, loaded_at TIMESTAMP NOT NULL)`);
    await run(`INSERT INTO ${TARGET}.${LOAD_TABLE} VALUES (${duckString(stamp)}, now()::TIMESTAMP)`);
    await run(`CHECKPOINT ${TARGET}`);
  } finally {
    await run(`DETACH ${TARGET}`);
  }
  await rename(side, file);
  await rm(`${side}.wal`, { force: true });
  return tables;
}

/** Imports into `file` through an instance of its own (at start, before anything serves), within `limits`. */
async function importAlone(
  folder: string,
  file: string,
  stamp: string,
  sortKeys: SortKeys,
  limits: DuckDbLimits,
): Promise<void> {
  const engine = await engineOn(await createDuckDb(':memory:', limits), 1, 'files');
  try {
    await importFolder(folder, file, stamp, sortKeys, (sql) => engine.query(sql));
  } finally {
    await engine.close();
  }
}

/** The folder's DuckDB files, newest first. */
async function databaseFiles(home: string): Promise<{ file: string; generation: number }[]> {
  const names = await readdir(home);
  return names
    .flatMap((name) => {
      const match = DATABASE_FILE.exec(name);
      return match === null ? [] : [{ file: join(home, name), generation: Number(match[1]) }];
    })
    .sort((a, b) => b.generation - a.generation);
}

async function removeDatabase(file: string): Promise<void> {
  await rm(file, { force: true });
  await rm(`${file}.wal`, { force: true });
}

export interface ImportedFolder {
  /** Queries go to the newest complete import; swapping is invisible to callers. */
  readonly engine: Engine;
  /** The stamp of the import queries are answered from (the result cache's data version). */
  readonly stamp: () => string;
  /**
   * Looks at the folder; when its stamp differs from the served import, imports it again and switches to it, after
   * `prepare` has made the new engine ready (the model's views). Resolves true when it switched. One at a time.
   */
  refresh(prepare: (engine: Engine) => Promise<void>): Promise<boolean>;
  /** Last import's duration in ms, and whether the current file was reused at start. */
  readonly lastImport: { readonly milliseconds: number; readonly reused: boolean };
  close(): Promise<void>;
}

/** An engine whose instance can be replaced; the old one closes once its running statements are done. */
class SwappableEngine implements Engine {
  readonly source = 'files' as const;
  private running = new Map<Engine, number>();
  private retired = new Set<Engine>();

  constructor(private current: Engine) {}

  get dialect(): Engine['dialect'] {
    return this.current.dialect;
  }

  async query(...args: Parameters<Engine['query']>): Promise<QueryResult> {
    const engine = this.current;
    this.running.set(engine, (this.running.get(engine) ?? 0) + 1);
    try {
      return await engine.query(...args);
    } finally {
      const left = (this.running.get(engine) ?? 1) - 1;
      this.running.set(engine, left);
      if (left === 0 && this.retired.has(engine)) await this.finish(engine);
    }
  }

  async ping(): Promise<void> {
    await this.query('SELECT 1');
  }

  /** The serving engine's load (a retired one finishing its statements is not counted). */
  get load(): Engine['load'] {
    return this.current.load;
  }

  /** Serves `next` from now on; resolves when the previous engine is closed. */
  async swap(next: Engine): Promise<Engine> {
    const previous = this.current;
    this.current = next;
    this.retired.add(previous);
    if ((this.running.get(previous) ?? 0) === 0) await this.finish(previous);
    return previous;
  }

  private async finish(engine: Engine): Promise<void> {
    this.retired.delete(engine);
    this.running.delete(engine);
    await engine.close();
  }

  async close(): Promise<void> {
    await this.current.close();
    for (const engine of [...this.retired]) await this.finish(engine);
  }
}

/**
 * Opens the folder's import in `home`, importing it first when no file holds the folder's current stamp.
 *
 * ```ts
 * const imported = await openImportedFolder({ folder: '/srv/files', home: '/data/analytics/folder', sortKeys });
 * await imported.engine.query('SELECT count(*) FROM meter_readings');
 * ```
 */
export async function openImportedFolder(options: FolderImportOptions): Promise<ImportedFolder> {
  if (!existsSync(options.folder)) throw new Error(`The data folder ${options.folder} does not exist`);
  const limits = options.limits ?? {};
  process.umask(PRIVATE_UMASK);
  await mkdir(options.home, { recursive: true, mode: 0o700 });
  const open = async (file: string): Promise<Engine> =>
    engineOn(await createDuckDb(file, limits), options.connections, 'files');

  let stamp = await stampOf(options.folder, options.sortKeys);
  const existing = await databaseFiles(options.home);
  let served: { file: string; generation: number } | undefined;
  let lastImport = { milliseconds: 0, reused: true };
  const newest = existing[0];
  if (newest !== undefined && (await readStamp(newest.file, limits)) === stamp) served = newest;
  if (served === undefined) {
    const generation = (newest?.generation ?? 0) + 1;
    const file = join(options.home, `folder-${generation}.duckdb`);
    const started = performance.now();
    await importAlone(options.folder, file, stamp, options.sortKeys, limits);
    lastImport = { milliseconds: Math.round(performance.now() - started), reused: false };
    served = { file, generation };
  }
  // Older imports (and one interrupted mid-way) are of no further use.
  for (const old of existing) if (old.file !== served.file) await removeDatabase(old.file);
  for (const name of await readdir(options.home))
    if (name.endsWith('.loading') || name.endsWith('.loading.wal'))
      await rm(join(options.home, name), { force: true });

  const engine = new SwappableEngine(await open(served.file));
  let refreshing: Promise<boolean> | undefined;
  let closed = false;

  const refresh = async (prepare: (next: Engine) => Promise<void>): Promise<boolean> => {
    const current = served;
    if (current === undefined) return false;
    const wanted = await stampOf(options.folder, options.sortKeys);
    if (wanted === stamp || closed) return false;
    const file = join(options.home, `folder-${current.generation + 1}.duckdb`);
    const started = performance.now();
    try {
      await importFolder(options.folder, file, wanted, options.sortKeys, (sql) => engine.query(sql));
    } catch (error) {
      await removeDatabase(`${file}.loading`);
      throw error;
    }
    const next = await open(file);
    try {
      await prepare(next);
    } catch (error) {
      await next.close();
      await removeDatabase(file);
      throw error;
    }
    if (closed) {
      await next.close();
      return false;
    }
    lastImport = { milliseconds: Math.round(performance.now() - started), reused: false };
    served = { file, generation: current.generation + 1 };
    stamp = wanted;
    await engine.swap(next);
    await removeDatabase(current.file);
    return true;
  };

  return {
    engine,
    stamp: () => stamp,
    get lastImport() {
      return lastImport;
    },
    refresh(prepare) {
      refreshing ??= refresh(prepare).finally(() => {
        refreshing = undefined;
      });
      return refreshing;
    },
    async close() {
      closed = true;
      await refreshing?.catch(() => undefined);
      await engine.close();
    },
  };
}
