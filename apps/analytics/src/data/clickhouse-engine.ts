/**
 * ClickHouse as an {@link Engine}, through the official `@clickhouse/client` over HTTP: a single server, or one node
 * of a cluster whose tables are `Distributed` over `MergeTree` shards (the node fans each statement out). Statements
 * are written in the ClickHouse dialect, values as typed literals; rows come back as JSONCompact and are converted to
 * the same plain values DuckDB gives (64-bit integers as numbers, timestamps as ISO UTC).
 */
import { ClickHouseLogLevel, createClient } from '@clickhouse/client';
import type { ClickHouseClient } from '@clickhouse/client';
import { clickHouseDialect, clickHouseDialectFor } from '../query/dialect.ts';
import type { Dialect } from '../query/dialect.ts';
import { EngineUnavailableError } from './engine.ts';
import type { CellValue, Engine, QueryResult } from './engine.ts';

export interface ClickHouseEngineOptions {
  readonly url: string;
  readonly username?: string;
  readonly password?: string;
  readonly database?: string;
  /** Per statement; default 30 s. */
  readonly requestTimeoutMs?: number;
  /** Sockets kept open to the server; default 16. */
  readonly maxOpenConnections?: number;
}

/**
 * Settings of every statement. `distributed_product_mode = 'local'`: a statement whose FROM is a Distributed table
 * runs on each shard, and the Distributed tables of its JOINs are read there as the shard's own `_local` tables (every
 * table is sharded by the account key, and every join matches it, so the rows a join pairs live on one shard); the
 * initiator merges the shards' partial aggregates. Subqueries that must see the whole cluster are `GLOBAL IN`. On a
 * single server there are no Distributed tables and the setting does nothing. README "ClickHouse at scale".
 */
export const CLICKHOUSE_QUERY_SETTINGS = { distributed_product_mode: 'local' } as const;

/** Errors that mean "the server is not there" rather than "the statement is wrong". */
const UNREACHABLE =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN|socket hang up|Timeout error|timed out/i;

/** Statements sent as commands: they write, and answer no rows. */
const WRITES = /^\s*(CREATE|INSERT|DROP|ALTER|TRUNCATE)\b/i;

function unreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  return UNREACHABLE.test(`${typeof code === 'string' ? code : ''} ${error.message}`);
}

/** `Nullable(LowCardinality(Int64))` → `Int64`. */
function baseType(type: string): string {
  let t = type;
  for (;;) {
    const match = /^(?:Nullable|LowCardinality)\((.*)\)$/.exec(t);
    if (match === null) return t;
    t = match[1] ?? t;
  }
}

/** `…09.250` → `…09.25`, `…09.000` → `…09`; text without a fraction as it is. */
const trimFraction = (text: string): string =>
  text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;

function converterFor(type: string): (value: unknown) => CellValue {
  const base = baseType(type);
  if (/^(U?Int(64|128|256)|Decimal)/.test(base)) {
    return (value) => (value === null ? null : Number(value));
  }
  if (/^DateTime/.test(base)) {
    // `2024-05-02 07:41:09` in the column's zone; the fleet tables are UTC. DateTime64's fraction loses its trailing
    // zeros (`.250` → `.25`, `.000` → none), as DuckDB writes a TIMESTAMP, so both engines answer the same text.
    return (value) => (typeof value === 'string' ? `${trimFraction(value).replace(' ', 'T')}Z` : null);
  }
  if (/^Float/.test(base))
    return (value) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  return (value) =>
    value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? value
      : JSON.stringify(value);
}

export interface JsonCompact {
  readonly meta: readonly { readonly name: string; readonly type: string }[];
  readonly data: readonly (readonly unknown[])[];
}

/** A `JSONCompact` answer as the engine's rows (also used by scripts/check-dialect-current.ts on chdb's output). */
export function fromJsonCompact(json: JsonCompact): QueryResult {
  const converters = json.meta.map((column) => converterFor(column.type));
  return {
    columns: json.meta.map((column) => ({ name: column.name, type: column.type })),
    rows: json.data.map((row) => row.map((value, i) => (converters[i] ?? converterFor(''))(value))),
  };
}

/**
 * Connects to ClickHouse (lazily: an unreachable server fails each statement with an EngineUnavailableError, and
 * the next statement tries again, so the service recovers by itself when the server comes back).
 *
 * ```ts
 * const engine = openClickHouseEngine({ url: 'http://127.0.0.1:8123' });
 * await engine.query("SELECT count() FROM devices WHERE database_name IN ('fabrikam')");
 * ```
 */
export function openClickHouseEngine(
  options: ClickHouseEngineOptions,
): Engine & { readonly client: ClickHouseClient } {
  const client = createClient({
    url: options.url,
    username: options.username ?? 'default',
    password: options.password ?? '',
    database: options.database ?? 'default',
    request_timeout: options.requestTimeoutMs ?? 30_000,
    max_open_connections: options.maxOpenConnections ?? 16,
    application: 'portico-analytics',
    clickhouse_settings: CLICKHOUSE_QUERY_SETTINGS,
    // The service logs failures itself, with the request id; the client's own console logger would repeat them.
    log: { level: ClickHouseLogLevel.OFF },
  });
  let closed = false;
  /** The server's dialect, once its version is known (the first statement or ping asks once). */
  let dialect: Dialect | undefined;
  let asking: Promise<void> | undefined;
  const knowVersion = (): Promise<void> => {
    if (dialect !== undefined) return Promise.resolve();
    asking ??= (async () => {
      try {
        const result = await client.query({ query: 'SELECT version()', format: 'JSONCompact' });
        const json = (await result.json()) as unknown as JsonCompact;
        dialect = clickHouseDialectFor(String(json.data[0]?.[0] ?? ''));
      } finally {
        asking = undefined;
      }
    })();
    return asking;
  };

  const unavailable = (error: unknown): EngineUnavailableError =>
    new EngineUnavailableError(
      'clickhouse',
      `ClickHouse at ${new URL(options.url).host} cannot be reached: ${error instanceof Error ? error.message : String(error)}`,
    );

  async function query(sql: string, params: readonly unknown[] = []): Promise<QueryResult> {
    if (closed) throw new Error('the analytics engine is closed');
    if (params.length > 0)
      throw new Error('ClickHouse statements carry their values as typed literals, not parameters');
    let json: JsonCompact;
    try {
      await knowVersion();
      // Statements that answer no rows (quick create's tables) cannot take a FORMAT clause.
      if (WRITES.test(sql)) {
        await client.command({ query: sql });
        return { columns: [], rows: [] };
      }
      const result = await client.query({ query: sql, format: 'JSONCompact' });
      json = (await result.json()) as unknown as JsonCompact;
    } catch (error) {
      if (unreachable(error)) throw unavailable(error);
      throw error;
    }
    return fromJsonCompact(json);
  }

  return {
    source: 'clickhouse',
    /** 18.16's dialect until the server's version is known; then the one for that version (clickHouseDialectFor). */
    get dialect() {
      return dialect ?? clickHouseDialect;
    },
    client,
    query,
    async ping() {
      if (closed) throw new Error('the analytics engine is closed');
      const answer = await client.ping();
      if (!answer.success) throw unavailable(answer.error);
      try {
        await knowVersion();
      } catch (error) {
        throw unreachable(error) ? unavailable(error) : error;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}
