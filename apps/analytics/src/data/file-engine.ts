/**
 * DuckDB over a folder of the vendor's files: each table is a view over `<folder>/<table>.parquet`,
 * `<folder>/<table>/*.parquet`, `<folder>/<table>.csv` or `<folder>/<table>/*.csv`, read with DuckDB's built-in
 * `read_parquet`/`read_csv` (nothing is installed, so it works offline and on air-gapped servers). The data stays in
 * the files and every query reads them again: ANALYTICS_DATA_FOLDER_MODE=read, and DuckDB alone in the benchmarks. The
 * service's default imports the folder instead (folder-import.ts), which these table names and readers serve too.
 */
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createDuckDb, EngineUnavailableError, engineOn } from './engine.ts';
import type { DuckDbLimits, Engine } from './engine.ts';

/** Table names a folder may offer: what a SQL identifier holds without quoting. */
const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

export interface FileTable {
  readonly table: string;
  readonly reader: 'read_parquet' | 'read_csv';
  /** The file or glob the view reads. */
  readonly glob: string;
}

/** `'it''s'`: a DuckDB string literal (paths come from the operator's folder, never from a request). */
const duckString = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/**
 * CSV read buffers of 8 MB instead of DuckDB's 32 MB (16 × the 2 MB longest line): each file being read holds one, and
 * concurrent queries over a folder of CSV files ran out of a 192 MB memory limit with the default.
 */
const CSV_OPTIONS = 'header = true, buffer_size = 8388608';

/** `read_parquet('<glob>')` or `read_csv('<glob>', …)`: the table function that reads a file or glob of `reader`. */
export function fileReader(reader: FileTable['reader'], glob: string): string {
  return reader === 'read_csv'
    ? `read_csv(${duckString(glob)}, ${CSV_OPTIONS})`
    : `read_parquet(${duckString(glob)})`;
}

/** The table function that reads a file table. */
export const fileTableSelect = ({ reader, glob }: FileTable): string => fileReader(reader, glob);

/** The tables of a data folder, by file name; other files are ignored. */
export async function findFileTables(folder: string): Promise<FileTable[]> {
  const tables = new Map<string, FileTable>();
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory() && TABLE_NAME.test(entry.name)) {
      const files = await readdir(path);
      if (files.some((f) => f.endsWith('.parquet')))
        tables.set(entry.name, { table: entry.name, reader: 'read_parquet', glob: join(path, '*.parquet') });
      else if (files.some((f) => f.endsWith('.csv')))
        tables.set(entry.name, { table: entry.name, reader: 'read_csv', glob: join(path, '*.csv') });
      continue;
    }
    const match = /^(.+)\.(parquet|csv)$/.exec(entry.name);
    if (match === null || !TABLE_NAME.test(match[1] ?? '') || !(await stat(path)).isFile()) continue;
    const table = match[1] ?? '';
    if (!tables.has(table)) {
      tables.set(table, { table, reader: match[2] === 'parquet' ? 'read_parquet' : 'read_csv', glob: path });
    }
  }
  return [...tables.values()].sort((a, b) => a.table.localeCompare(b.table));
}

export interface FileEngineOptions {
  readonly folder: string;
  readonly connections?: number;
  /** DuckDB's memory, threads and spill folder; default DuckDB's. */
  readonly limits?: DuckDbLimits;
  /** Further files the engine's views read (the models' file sets), looked for by its ping with the folder's tables. */
  readonly otherFiles?: () => Iterable<string>;
}

/**
 * DuckDB's `IO Error` is the file system failing under a view (`No files found that match the pattern …`, a file that
 * cannot be opened or read): the folder changed under the service, not the statement being wrong.
 */
const FILE_SYSTEM_ERROR = /^IO Error:/;

/**
 * The data source `files` is down: a view's file or glob is gone or unreadable. Answered 503 ENGINE_UNAVAILABLE (the
 * path stays in the log, never in the answer); the next query reads the folder again, so it recovers by itself.
 */
function filesUnavailable(error: unknown): unknown {
  return error instanceof Error && FILE_SYSTEM_ERROR.test(error.message)
    ? new EngineUnavailableError('files', error.message)
    : error;
}

/**
 * `engine` with file system failures as {@link EngineUnavailableError}, and a ping that also looks for at least one file
 * matching each of `globs()` (DuckDB's `glob()`, which lists names and reads nothing: binding a view over a few CSV
 * files to check it sniffs them, about a second), so /readyz names `files` as down while a table's files are missing.
 */
export function fileSourceEngine(engine: Engine, globs: () => Iterable<string>): Engine {
  const query: Engine['query'] = async (sql, params, types) => {
    try {
      return await engine.query(sql, params, types);
    } catch (error) {
      throw filesUnavailable(error);
    }
  };
  return {
    ...engine,
    query,
    async ping() {
      await engine.ping();
      for (const glob of new Set(globs())) {
        const { rows } = await query('SELECT count(*) FROM glob($1)', [glob]);
        if (Number(rows[0]?.[0] ?? 0) === 0)
          throw new EngineUnavailableError('files', `No file matches ${glob}`);
      }
    },
    close: () => engine.close(),
  };
}

/**
 * Opens an in-memory DuckDB whose tables are views over the folder's files; a file that goes away while it runs makes
 * the queries that read it fail with an {@link EngineUnavailableError} (source `files`) until it is back.
 *
 * ```ts
 * const { engine, tables } = await openFileEngine({ folder: '/srv/fleet-files' });
 * ```
 */
export async function openFileEngine(
  options: FileEngineOptions,
): Promise<{ engine: Engine; tables: readonly FileTable[] }> {
  if (!existsSync(options.folder)) throw new Error(`The data folder ${options.folder} does not exist`);
  const tables = await findFileTables(options.folder);
  const instance = await createDuckDb(':memory:', options.limits);
  const setup = await instance.connect();
  try {
    for (const table of tables) {
      await setup.run(`CREATE VIEW "${table.table}" AS SELECT * FROM ${fileTableSelect(table)}`);
    }
  } catch (error) {
    setup.closeSync();
    instance.closeSync();
    throw error;
  }
  setup.closeSync();
  const engine = await engineOn(instance, options.connections, 'files');
  const globs = function* (): Iterable<string> {
    for (const table of tables) yield table.glob;
    yield* options.otherFiles?.() ?? [];
  };
  return { engine: fileSourceEngine(engine, globs), tables };
}
