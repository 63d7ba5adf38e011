// First: DuckDB's allocator reads its settings when its library loads.
import './duckdb-allocator.ts';
import { mkdir } from 'node:fs/promises';
import { DuckDBInstance, DuckDBTypeId } from '@duckdb/node-api';
import type { DuckDBConnection, DuckDBPreparedStatement, DuckDBType, DuckDBValue } from '@duckdb/node-api';
import { duckDbDialect } from '../query/dialect.ts';
import type { Dialect } from '../query/dialect.ts';
import { StatementParallelism } from './statement-parallelism.ts';

/** A value as the API hands it out: dates as `YYYY-MM-DD`, timestamps as ISO UTC, every number a JS number. */
export type CellValue = string | number | boolean | null;

export interface QueryResult {
  /** Each column's name and its engine's type name (`BIGINT`, `Nullable(Int64)`). */
  readonly columns: readonly { readonly name: string; readonly type: string }[];
  readonly rows: CellValue[][];
}

/**
 * The engine could not be reached (connection refused, timed out, reset): the request may be retried. Answered 503
 * ENGINE_UNAVAILABLE, never counted as the caller's fault.
 */
export class EngineUnavailableError extends Error {
  constructor(
    /** The source that is down, as /readyz names it (`clickhouse`). */
    readonly source: string,
    message: string,
  ) {
    super(message);
    this.name = 'EngineUnavailableError';
  }
}

export type EngineSource = 'embedded' | 'files' | 'clickhouse';

/** An engine's load as /metrics shows it: DuckDB's pool of connections and its threads now. */
export interface EngineLoad {
  /** Statements running, each holding a connection. */
  readonly running: number;
  /** Statements waiting for a connection. */
  readonly waiting: number;
  /** DuckDB's threads now: ANALYTICS_DUCKDB_THREADS, or 1 while statements wait (statement-parallelism.ts). */
  readonly threads: number;
}

/** The analytical engine as the rest of the service sees it: statements in its dialect in, plain JSON rows out. */
export interface Engine {
  /**
   * The data source as /readyz and a 503 name it: `embedded` (the generated sample in DuckDB), `files` (DuckDB over
   * ANALYTICS_DATA_FOLDER) or `clickhouse`.
   */
  readonly source: EngineSource;
  /** How statements for it are written. */
  readonly dialect: Dialect;
  /**
   * Runs one statement. DuckDB takes positional parameters (`$1`, `$2`, …; `types` gives the types of the first ones
   * where they cannot be inferred); ClickHouse takes none (values are typed literals, see clickhouse-literals.ts).
   */
  query(sql: string, params?: readonly DuckDBValue[], types?: readonly DuckDBType[]): Promise<QueryResult>;
  /** Resolves when the engine answers a trivial query; rejects with an EngineUnavailableError otherwise. */
  ping(): Promise<void>;
  /** Its load now, where it keeps a pool of its own (DuckDB; ClickHouse's client pools on its own and has none). */
  readonly load?: (() => EngineLoad) | undefined;
  close(): Promise<void>;
}

const NUMERIC_TEXT = new Set<DuckDBTypeId>([
  DuckDBTypeId.BIGINT,
  DuckDBTypeId.UBIGINT,
  DuckDBTypeId.HUGEINT,
  DuckDBTypeId.UHUGEINT,
  DuckDBTypeId.DECIMAL,
]);
const TIMESTAMPS = new Set<DuckDBTypeId>([
  DuckDBTypeId.TIMESTAMP,
  DuckDBTypeId.TIMESTAMP_S,
  DuckDBTypeId.TIMESTAMP_MS,
  DuckDBTypeId.TIMESTAMP_NS,
]);

/** `'2024-05-02 07:41:09'` → `'2024-05-02T07:41:09Z'` (DuckDB's JSON form of a TIMESTAMP is UTC without a zone). */
function isoTimestamp(text: string): string {
  return `${text.replace(' ', 'T')}Z`;
}

function converterFor(type: DuckDBType): (value: unknown) => CellValue {
  if (NUMERIC_TEXT.has(type.typeId)) return (value) => (value === null ? null : Number(value));
  if (TIMESTAMPS.has(type.typeId)) return (value) => (value === null ? null : isoTimestamp(String(value)));
  if (type.typeId === DuckDBTypeId.DOUBLE || type.typeId === DuckDBTypeId.FLOAT) {
    // NaN and the infinities come back as strings; JSON has no place for them.
    return (value) => (typeof value === 'number' ? value : null);
  }
  return (value) =>
    value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? value
      : JSON.stringify(value);
}

/** Prepared statements kept per connection (least recently used out). */
const PREPARED_PER_CONNECTION = 64;

/**
 * A connection's prepared statements by SQL text: a report's visuals ask the same few statements again and again
 * with other values, and parsing and planning each anew cost about a fifth of a statement's CPU. DuckDB re-plans a
 * kept statement by itself when a table it reads changes.
 */
class PreparedStatements {
  private readonly kept = new Map<string, DuckDBPreparedStatement>();

  constructor(private readonly connection: DuckDBConnection) {}

  async get(sql: string): Promise<DuckDBPreparedStatement> {
    const found = this.kept.get(sql);
    if (found !== undefined) {
      this.kept.delete(sql);
      this.kept.set(sql, found);
      return found;
    }
    const prepared = await this.connection.prepare(sql);
    this.kept.set(sql, prepared);
    for (const [oldest, statement] of this.kept) {
      if (this.kept.size <= PREPARED_PER_CONNECTION) break;
      this.kept.delete(oldest);
      statement.destroySync();
    }
    return prepared;
  }

  /** Forgets `sql`'s statement (after it failed: it is prepared afresh next time). */
  drop(sql: string): void {
    this.kept.get(sql)?.destroySync();
    this.kept.delete(sql);
  }

  clear(): void {
    for (const statement of this.kept.values()) statement.destroySync();
    this.kept.clear();
  }
}

/**
 * A fixed set of connections, each used by one statement at a time; DuckDB runs them in parallel. Tells `parallelism`
 * when a statement has to wait for a connection and when none waits any more.
 */
class ConnectionPool {
  private readonly idle: DuckDBConnection[];
  private readonly waiting: ((connection: DuckDBConnection) => void)[] = [];
  private readonly size: number;

  constructor(
    connections: DuckDBConnection[],
    private readonly parallelism: StatementParallelism,
  ) {
    this.idle = connections;
    this.size = connections.length;
  }

  async use<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    let connection = this.idle.pop();
    if (connection === undefined) {
      this.parallelism.saturated();
      connection = await new Promise<DuckDBConnection>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await work(connection);
    } finally {
      const next = this.waiting.shift();
      if (next === undefined) {
        this.idle.push(connection);
        this.parallelism.drained();
      } else next(connection);
    }
  }

  /** Statements holding a connection, and waiting for one. */
  load(): { running: number; waiting: number } {
    return { running: this.size - this.idle.length, waiting: this.waiting.length };
  }

  closeAll(): void {
    for (const connection of this.idle.splice(0)) {
      preparedOf.get(connection)?.clear();
      connection.closeSync();
    }
  }
}

const preparedOf = new WeakMap<DuckDBConnection, PreparedStatements>();

/*
 * Results are streamed (`streamAndReadAll`), never materialised (`runAndReadAll`): a materialised result keeps its rows
 * in a native buffer of about 250 KB however few they are, and an answer read in chunks from a streamed one keeps about
 * 35 KB; both are freed only when V8 collects their JS objects, which it does not hurry (it does not see native memory).
 * Under 100 viewers those buffers were most of the service's RSS above its idle size: 510–570 MB at the peak, 353 MB
 * streamed (measured in bench/RESULTS.md, "Memory").
 */

/** Runs `sql` with `params` bound on `connection` through its kept prepared statement. */
async function runPrepared(
  connection: DuckDBConnection,
  sql: string,
  params: readonly DuckDBValue[],
  paramTypes: readonly DuckDBType[],
) {
  let statements = preparedOf.get(connection);
  if (statements === undefined) {
    statements = new PreparedStatements(connection);
    preparedOf.set(connection, statements);
  }
  const prepared = await statements.get(sql);
  try {
    prepared.bind([...params], [...paramTypes]);
    return await prepared.streamAndReadAll();
  } catch (error) {
    statements.drop(sql);
    throw error;
  }
}

/** Bounds on a DuckDB instance (the service's come from ANALYTICS_DUCKDB_*; see config.ts). */
export interface DuckDbLimits {
  /** `memory_limit` in MB: DuckDB's buffer pool (tables, hash tables, sorts); past it, it spills to `tempDirectory`. */
  readonly memoryLimitMb?: number | undefined;
  /** Worker threads; default DuckDB's (one per core). */
  readonly threads?: number | undefined;
  /** Where DuckDB spills; default DuckDB's (`<database>.tmp` beside a file, none for `:memory:`). */
  readonly tempDirectory?: string | undefined;
}

/**
 * The settings every DuckDB instance of the service is created with: the limits given, and no extension installed or
 * loaded on demand (the parquet, json and icu readers are built in; an air-gapped server has nothing to download).
 */
export function duckDbSettings(limits: DuckDbLimits = {}): Record<string, string> {
  const settings: Record<string, string> = {
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
  };
  if (limits.memoryLimitMb !== undefined) settings['memory_limit'] = `${limits.memoryLimitMb}MB`;
  if (limits.threads !== undefined) settings['threads'] = String(limits.threads);
  if (limits.tempDirectory !== undefined) settings['temp_directory'] = limits.tempDirectory;
  return settings;
}

/** Creates a DuckDB instance with {@link duckDbSettings}, creating its spill folder (0700) first. */
export async function createDuckDb(path: string, limits: DuckDbLimits = {}): Promise<DuckDBInstance> {
  if (limits.tempDirectory !== undefined) await mkdir(limits.tempDirectory, { recursive: true, mode: 0o700 });
  return DuckDBInstance.create(path, duckDbSettings(limits));
}

export interface OpenEngineOptions extends DuckDbLimits {
  /** A database file, or `':memory:'`. */
  readonly path: string;
  /** Connections in the pool; default 4. */
  readonly connections?: number;
  /**
   * DuckDB's threads follow the load (statement-parallelism.ts); default true. False keeps them whatever the load, as
   * a plain application of DuckDB runs (bench/many-viewers.ts' `plain` side).
   */
  readonly adaptiveThreads?: boolean;
}

/**
 * Opens a DuckDB database as an {@link Engine}.
 *
 * ```ts
 * const engine = await openEngine({ path: '/data/analytics/fleet.duckdb' });
 * const { rows } = await engine.query('SELECT count(*) FROM devices WHERE database_name = $1', ['fabrikam']);
 * ```
 */
export async function openEngine(options: OpenEngineOptions): Promise<Engine> {
  return engineOn(await createDuckDb(options.path, options), options.connections, 'embedded', {
    adaptiveThreads: options.adaptiveThreads ?? true,
  });
}

/** An {@link Engine} over an open instance (closing the engine closes the instance). */
export async function engineOn(
  instance: DuckDBInstance,
  connectionCount = 4,
  source: EngineSource = 'embedded',
  { adaptiveThreads = true }: { readonly adaptiveThreads?: boolean } = {},
): Promise<Engine> {
  const connections: DuckDBConnection[] = [];
  for (let i = 0; i < connectionCount; i += 1) connections.push(await instance.connect());
  // DuckDB's threads per statement follow the pool's load (statement-parallelism.ts), set on a connection of its own.
  const control = await instance.connect();
  const threads = Number(
    (await control.runAndReadAll("SELECT current_setting('threads')")).getRows()[0]?.[0],
  );
  const parallelism = new StatementParallelism({
    threads,
    connections: connectionCount,
    fixed: !adaptiveThreads,
    apply: async (count) => {
      await control.run(`SET threads = ${String(count)}`);
    },
    // The engine keeps answering at the setting it has; the process's warnings say why it did not change.
    onError: (error) =>
      process.emitWarning(
        `DuckDB's threads could not be set: ${error instanceof Error ? error.message : String(error)}`,
      ),
  });
  const pool = new ConnectionPool(connections, parallelism);
  let closed = false;

  async function query(
    sql: string,
    params: readonly DuckDBValue[] = [],
    paramTypes: readonly DuckDBType[] = [],
  ): Promise<QueryResult> {
    if (closed) throw new Error('the analytics engine is closed');
    const reader = await pool.use((connection) =>
      params.length === 0
        ? connection.streamAndReadAll(sql)
        : runPrepared(connection, sql, params, paramTypes),
    );
    const types = reader.columnTypes();
    const converters = types.map(converterFor);
    const columns = reader.columnNames().map((name, index) => ({
      name,
      type: types[index]?.toString() ?? 'INVALID',
    }));
    const rows = reader.getRowsJson().map((row) =>
      row.map((value, index) => {
        const convert = converters[index];
        return convert === undefined ? null : convert(value);
      }),
    );
    return { columns, rows };
  }

  return {
    source,
    dialect: duckDbDialect,
    query,
    async ping() {
      await query('SELECT 1');
    },
    load: () => ({ ...pool.load(), threads: parallelism.threads }),
    async close() {
      if (closed) return;
      closed = true;
      parallelism.stop();
      await parallelism.settled();
      pool.closeAll();
      control.closeSync();
      instance.closeSync();
    },
  };
}
