import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ConfigError,
  int,
  list,
  oneOf,
  optionalStr,
  port,
  readConfig,
  secret,
  str,
  url,
} from '@portico/env-config';
import type { Reader } from '@portico/env-config';
import { BUILT_IN_MODELS_DIR } from './models/load-models.ts';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const ENGINES = ['duckdb', 'clickhouse'] as const;
/** `import`: the data folder is imported into the service's DuckDB file per data version; `read`: read on every query. */
export const FOLDER_MODES = ['import', 'read'] as const;
export type FolderMode = (typeof FOLDER_MODES)[number];
export type EngineName = (typeof ENGINES)[number];

/** Where the service reads its data from. */
export type EngineConfig =
  | {
      readonly kind: 'duckdb';
      /** A folder of Parquet/CSV files, one file set per table; undefined for the generated fleet sample. */
      readonly dataFolder: string | undefined;
      /** How the data folder is read (src/data/folder-import.ts). */
      readonly folderMode: FolderMode;
    }
  | {
      readonly kind: 'clickhouse';
      readonly url: string;
      readonly username: string;
      readonly password: string;
      readonly database: string;
      /** The `remote_servers` cluster the tables are sharded over; undefined for a single server. */
      readonly cluster: string | undefined;
    };

/**
 * The default memory bound for DuckDB. DuckDB's RSS runs about 50 MB above its limit while it sorts or loads, and the
 * service's Node side takes about 200 MB while it starts: with 192 MB the service stays under 500 MB RSS.
 */
export const DEFAULT_DUCKDB_MEMORY_MB = 192;
/** DuckDB's default is one thread per core; each thread holds buffers of its own, so at most four by default. */
export const DEFAULT_DUCKDB_THREADS = Math.min(availableParallelism(), 4);
/**
 * Statements in flight on DuckDB at once (the engine's connections; Node's thread pool runs four of them at a time).
 * 8 rather than 4: 12 % more pages under 100 viewers at scales 1 and 10 on two cores, page p50 down by a tenth, the
 * same peak memory (README "Many viewers").
 */
export const DEFAULT_DUCKDB_CONNECTIONS = 8;

/** apps/analytics/frame-dist, wherever the process was started from. */
const DEFAULT_FRAME_DIST = fileURLToPath(new URL('../frame-dist', import.meta.url));

export interface AnalyticsConfig {
  readonly host: string;
  readonly port: number;
  /** This service's own origin as browsers and the portal reach it; the `iss` of every token it signs. */
  readonly publicUrl: string;
  /** Absolute; the service keeps its files under `${dataDir}/analytics`. */
  readonly dataDir: string;
  /** Absolute path of the frame app's build (index.html and its assets). */
  readonly frameDist: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Exact origins (scheme://host[:port]) allowed to frame the embed pages. */
  readonly embedOrigins: readonly string[];
  readonly embedTokenMaxMinutes: number;
  readonly data: {
    /** Last day of the generated period; undefined means "yesterday (UTC) when the data is first loaded". */
    readonly endDate: string | undefined;
    readonly scale: number;
  };
  readonly engine: EngineConfig;
  /** Absolute folder of the semantic model and report files (YAML); watched for changes. */
  readonly modelsDir: string;
  /**
   * Bounds on the embedded DuckDB (the generated sample and a data folder alike): its buffer memory, worker threads and
   * the folder it spills to when a query or a load needs more than the memory (inside the service's data directory).
   */
  readonly duckdb: {
    /** DuckDB's `memory_limit` in MB (its buffer pool: tables, hash tables, sorts; beyond it, it spills). */
    readonly memoryLimitMb: number;
    /** DuckDB's worker threads. */
    readonly threads: number;
    /** Connections of the engine's pool: statements in flight at once. */
    readonly connections: number;
    /** DuckDB's `temp_directory`: `${dataDir}/analytics/duckdb-tmp`. */
    readonly tempDirectory: string;
  };
  /** The query result cache (src/query/result-cache.ts). */
  readonly cache: {
    /** Bound on the kept answers' bytes; 0 turns the cache off. */
    readonly maxBytes: number;
    /** Lifetime of an answer, on every engine (ClickHouse's only invalidation). */
    readonly ttlSeconds: number;
  };
  /**
   * Growth of the resident memory (MB) after which the service asks V8 for a major collection, returning the native
   * memory of collected query results (src/data/native-memory.ts); 0 leaves it to V8.
   */
  readonly gcGrowthMb: number;
  /**
   * How long POST /frame-api/queries gathers answered lines before it writes them (ms): a visual's data waits at most
   * this long for the lines answered after it, and a batch answered within it is written as one body.
   */
  readonly batchGatherMs: number;
  readonly logLevel: LogLevel;
}

/**
 * `https://portal.example.com` → itself; anything with a path, query, credentials or a wildcard is refused, because a
 * CSP `frame-ancestors` entry and a postMessage origin check both compare exact origins.
 */
export function exactOrigin(value: string): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new Error(`"${value}" is not an origin such as https://portal.example.com`);
  }
  if (
    (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') ||
    parsed.origin !== value ||
    value.includes('*')
  )
    throw new Error(`"${value}" is not an exact origin such as https://portal.example.com`);
  return parsed.origin;
}

function isoDate(): Reader<string | undefined> {
  return (raw) => {
    if (raw === undefined) return undefined;
    const time = Date.parse(`${raw}T00:00:00Z`);
    if (
      !/^\d{4}-\d{2}-\d{2}$/.test(raw) ||
      Number.isNaN(time) ||
      new Date(time).toISOString().slice(0, 10) !== raw
    )
      throw new Error('must be an ISO date such as 2024-06-30');
    return raw;
  };
}

function positiveNumber(fallback: number, max: number): Reader<number> {
  return (raw) => {
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^\d+(\.\d+)?$/.test(raw) || value <= 0 || value > max)
      throw new Error(`must be a number above 0 and at most ${max}`);
    return value;
  };
}

/** A ClickHouse database or cluster name: letters, digits and underscores, not starting with a digit. */
function sqlName(fallback: string | undefined): Reader<string | undefined> {
  return (raw) => {
    const value = raw ?? fallback;
    if (value !== undefined && !/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(value))
      throw new Error(
        'must be a name of letters, digits and underscores (at most 64), not starting with a digit',
      );
    return value;
  };
}

function optionalUrl(): Reader<string | undefined> {
  const read = url(undefined);
  return (raw) => (raw === undefined ? undefined : read(raw));
}

function absoluteFolder(): Reader<string | undefined> {
  return (raw) => {
    if (raw === undefined) return undefined;
    if (!raw.startsWith('/')) throw new Error('must be an absolute path');
    return resolve(raw);
  };
}

function requiredSecret(): Reader<string> {
  return secret((raw) => {
    if (raw === undefined) {
      throw new Error('is required: the client secret the portal server uses to call this service');
    }
    return raw;
  });
}

/**
 * Reads and validates the analytics service's environment once; throws a ConfigError naming every bad variable.
 *
 * ```ts
 * const config = loadConfig({ ANALYTICS_CLIENT_SECRET: 'dev' });
 * config.port; // 4402
 * ```
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): AnalyticsConfig {
  const raw = readConfig(env, {
    PORTICO_DATA_DIR: str('./.data'),
    ANALYTICS_HOST: str('127.0.0.1'),
    ANALYTICS_PORT: port(4402),
    ANALYTICS_PUBLIC_URL: url('http://localhost:4402'),
    ANALYTICS_FRAME_DIST: str(DEFAULT_FRAME_DIST),
    ANALYTICS_CLIENT_ID: str('portico-portal-server'),
    ANALYTICS_CLIENT_SECRET: requiredSecret(),
    // The portal only; `npm run dev` adds the Vite dev server's origin (http://localhost:5173).
    ANALYTICS_EMBED_ORIGINS: list(['http://localhost:4400'], exactOrigin),
    ANALYTICS_EMBED_TOKEN_MAX_MINUTES: int(60, { min: 1, max: 24 * 60 }),
    ANALYTICS_DATA_END_DATE: isoDate(),
    ANALYTICS_DATA_SCALE: positiveNumber(1, 1000),
    ANALYTICS_ENGINE: oneOf(ENGINES, 'duckdb'),
    ANALYTICS_DATA_FOLDER: absoluteFolder(),
    ANALYTICS_DATA_FOLDER_MODE: oneOf(FOLDER_MODES, 'import'),
    ANALYTICS_CLICKHOUSE_URL: secret(optionalUrl()),
    ANALYTICS_CLICKHOUSE_USER: str('default'),
    ANALYTICS_CLICKHOUSE_PASSWORD: secret(optionalStr()),
    ANALYTICS_CLICKHOUSE_DATABASE: sqlName('default'),
    ANALYTICS_CLICKHOUSE_CLUSTER: sqlName(undefined),
    ANALYTICS_MODELS_DIR: absoluteFolder(),
    ANALYTICS_DUCKDB_MEMORY_MB: int(DEFAULT_DUCKDB_MEMORY_MB, { min: 64, max: 1_048_576 }),
    ANALYTICS_DUCKDB_THREADS: int(DEFAULT_DUCKDB_THREADS, { min: 1, max: 256 }),
    ANALYTICS_DUCKDB_CONNECTIONS: int(DEFAULT_DUCKDB_CONNECTIONS, { min: 1, max: 64 }),
    ANALYTICS_CACHE_MAX_MB: int(64, { min: 0, max: 65_536 }),
    ANALYTICS_CACHE_TTL_SECONDS: int(60, { min: 1, max: 86_400 }),
    ANALYTICS_GC_GROWTH_MB: int(64, { min: 0, max: 65_536 }),
    ANALYTICS_BATCH_GATHER_MS: int(20, { min: 0, max: 1000 }),
    LOG_LEVEL: oneOf(LOG_LEVELS, 'info'),
  });
  let engine: EngineConfig;
  if (raw.ANALYTICS_ENGINE === 'clickhouse') {
    if (raw.ANALYTICS_CLICKHOUSE_URL === undefined) {
      throw new ConfigError([
        'ANALYTICS_CLICKHOUSE_URL: is required when ANALYTICS_ENGINE=clickhouse (e.g. http://clickhouse:8123)',
      ]);
    }
    engine = {
      kind: 'clickhouse',
      url: raw.ANALYTICS_CLICKHOUSE_URL,
      username: raw.ANALYTICS_CLICKHOUSE_USER,
      password: raw.ANALYTICS_CLICKHOUSE_PASSWORD ?? '',
      database: raw.ANALYTICS_CLICKHOUSE_DATABASE ?? 'default',
      cluster: raw.ANALYTICS_CLICKHOUSE_CLUSTER,
    };
  } else {
    engine = {
      kind: 'duckdb',
      dataFolder: raw.ANALYTICS_DATA_FOLDER,
      folderMode: raw.ANALYTICS_DATA_FOLDER_MODE,
    };
  }
  const dataDir = resolve(raw.PORTICO_DATA_DIR);
  return {
    host: raw.ANALYTICS_HOST,
    port: raw.ANALYTICS_PORT,
    publicUrl: raw.ANALYTICS_PUBLIC_URL,
    dataDir,
    frameDist: resolve(raw.ANALYTICS_FRAME_DIST),
    clientId: raw.ANALYTICS_CLIENT_ID,
    clientSecret: raw.ANALYTICS_CLIENT_SECRET,
    embedOrigins: raw.ANALYTICS_EMBED_ORIGINS,
    embedTokenMaxMinutes: raw.ANALYTICS_EMBED_TOKEN_MAX_MINUTES,
    data: { endDate: raw.ANALYTICS_DATA_END_DATE, scale: raw.ANALYTICS_DATA_SCALE },
    engine,
    modelsDir: raw.ANALYTICS_MODELS_DIR ?? BUILT_IN_MODELS_DIR,
    duckdb: {
      memoryLimitMb: raw.ANALYTICS_DUCKDB_MEMORY_MB,
      threads: raw.ANALYTICS_DUCKDB_THREADS,
      connections: raw.ANALYTICS_DUCKDB_CONNECTIONS,
      tempDirectory: join(dataDir, 'analytics', 'duckdb-tmp'),
    },
    cache: {
      maxBytes: raw.ANALYTICS_CACHE_MAX_MB * 1024 * 1024,
      ttlSeconds: raw.ANALYTICS_CACHE_TTL_SECONDS,
    },
    gcGrowthMb: raw.ANALYTICS_GC_GROWTH_MB,
    batchGatherMs: raw.ANALYTICS_BATCH_GATHER_MS,
    logLevel: raw.LOG_LEVEL,
  };
}
