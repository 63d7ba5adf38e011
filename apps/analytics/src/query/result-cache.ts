/**
 * The query result cache: answers of compiled statements kept in memory, so that the viewers of one account who open
 * the same page cost the engine one query per visual, not one per viewer.
 *
 * - The key holds the model version, the data version, the row-level-security identities (the token's
 *   databaseNames, sorted) and a hash of the compiled statement with its bound values: two identities never share an
 *   entry, even where their statements would be alike.
 * - A new data version (a load stamp: the fleet load's parameters, the data folder's files' mtimes) drops every
 *   entry; every entry also expires after a lifetime (the only signal for ClickHouse, whose data changes unseen).
 * - Bounded by the bytes of the kept answers (least recently used first out); an answer larger than an eighth of the
 *   bound is not kept.
 * - Concurrent identical misses share one engine call; a failed call is never kept.
 */
import { createHash } from 'node:crypto';
import type { CompiledQuery } from './compile.ts';

/** An answer as it is sent: the serialised body, and whether the statement matched more rows than it returned. */
export interface CachedResult {
  readonly body: Buffer;
  readonly truncated: boolean;
}

/** `hit`: kept answer; `shared`: waited for an identical call in flight; `miss`: asked the engine. */
export type CacheOutcome = 'hit' | 'shared' | 'miss';

export interface CacheStats {
  hits: number;
  shared: number;
  misses: number;
  /** Entries pushed out by the byte bound. */
  evictions: number;
  /** Entries dropped because their lifetime ran out. */
  expirations: number;
  /** Entries dropped because the data version changed. */
  invalidations: number;
  /** Engine calls that failed (never kept). */
  errors: number;
  entries: number;
  bytes: number;
  maxBytes: number;
}

export interface ResultCacheOptions {
  /** Bound on the kept answers' bytes; 0 keeps nothing (every call goes to the engine). */
  readonly maxBytes: number;
  /** Lifetime of an entry in ms. */
  readonly ttlMs: number;
  /** The clock of lifetimes; default Date.now. */
  readonly now?: () => number;
}

interface Entry {
  readonly result: CachedResult;
  readonly expiresAt: number;
}

export class ResultCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<CachedResult>>();
  private readonly counts: CacheStats;
  private readonly now: () => number;
  private dataVersion: string | undefined;

  constructor(private readonly options: ResultCacheOptions) {
    this.now = options.now ?? Date.now;
    this.counts = {
      hits: 0,
      shared: 0,
      misses: 0,
      evictions: 0,
      expirations: 0,
      invalidations: 0,
      errors: 0,
      entries: 0,
      bytes: 0,
      maxBytes: options.maxBytes,
    };
  }

  /** False when the bound is 0: callers skip the cache altogether. */
  get enabled(): boolean {
    return this.options.maxBytes > 0;
  }

  /** A copy of the counters. */
  stats(): CacheStats {
    return { ...this.counts, entries: this.entries.size };
  }

  /**
   * The answer kept under `key`, or `compute()`'s (kept unless it fails). `dataVersion` is the data's current stamp:
   * when it differs from the last one seen, every entry is dropped first.
   */
  async get(
    key: string,
    dataVersion: string,
    compute: () => Promise<CachedResult>,
  ): Promise<{ result: CachedResult; outcome: CacheOutcome }> {
    if (dataVersion !== this.dataVersion) {
      if (this.dataVersion !== undefined) {
        this.counts.invalidations += this.entries.size;
        this.entries.clear();
        this.counts.bytes = 0;
      }
      this.dataVersion = dataVersion;
    }
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      this.entries.delete(key);
      if (entry.expiresAt > this.now()) {
        this.entries.set(key, entry);
        this.counts.hits += 1;
        return { result: entry.result, outcome: 'hit' };
      }
      this.counts.bytes -= entry.result.body.length;
      this.counts.expirations += 1;
    }
    const pending = this.inFlight.get(key);
    if (pending !== undefined) {
      this.counts.shared += 1;
      return { result: await pending, outcome: 'shared' };
    }
    this.counts.misses += 1;
    const call = compute();
    this.inFlight.set(key, call);
    try {
      const result = await call;
      // Not kept when the data changed while the engine answered: the answer may predate the change.
      if (this.enabled && dataVersion === this.dataVersion) this.keep(key, result);
      return { result, outcome: 'miss' };
    } catch (error) {
      this.counts.errors += 1;
      throw error;
    } finally {
      this.inFlight.delete(key);
    }
  }

  private keep(key: string, result: CachedResult): void {
    const size = result.body.length;
    if (size > this.options.maxBytes / 8) return;
    this.entries.set(key, { result, expiresAt: this.now() + this.options.ttlMs });
    this.counts.bytes += size;
    for (const [oldest, entry] of this.entries) {
      if (this.counts.bytes <= this.options.maxBytes) break;
      this.entries.delete(oldest);
      this.counts.bytes -= entry.result.body.length;
      this.counts.evictions += 1;
    }
  }
}

const modelVersions = new WeakMap<object, string>();

/** A hash of the model's definition, computed once per model object (a reloaded model is a new object). */
export function modelVersion(model: object): string {
  let version = modelVersions.get(model);
  if (version === undefined) {
    version = createHash('sha256').update(JSON.stringify(model)).digest('hex');
    modelVersions.set(model, version);
  }
  return version;
}

/** A bound value as text that tells apart every type and value (bigints, DuckDB's list and date objects included). */
function stableText(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value !== 'object') return `${typeof value}:${JSON.stringify(value)}`;
  if (Array.isArray(value)) return `[${value.map(stableText).join(',')}]`;
  if (value instanceof Date) return `Date:${value.toISOString()}`;
  const fields = Object.keys(value)
    .sort()
    .map((name) => `${JSON.stringify(name)}:${stableText((value as Record<string, unknown>)[name])}`);
  return `${value.constructor.name}{${fields.join(',')}}`;
}

export interface ResultKeyParts {
  /** What is cached: `query` (JSON answer), `export-summarized`, `export-underlying` (CSV). */
  readonly kind: string;
  readonly modelVersion: string;
  readonly dataVersion: string;
  /** The token's databaseNames: the caller's row-level-security identity. */
  readonly databaseNames: readonly string[];
  readonly compiled: Pick<CompiledQuery, 'sql' | 'params' | 'paramTypes' | 'limit'>;
}

const digests = new WeakMap<object, string>();

/**
 * A SHA-256 of everything of a statement that decides its answer: text, bound values and their types, row limit.
 * Worked out once per compiled object (compile-cache.ts hands out the same object from request to request).
 */
export function statementDigest(compiled: ResultKeyParts['compiled']): string {
  let digest = digests.get(compiled);
  if (digest === undefined) {
    digest = createHash('sha256')
      .update(
        JSON.stringify([
          compiled.sql,
          compiled.params.map(stableText),
          compiled.paramTypes.map(String),
          compiled.limit,
        ]),
      )
      .digest('hex');
    digests.set(compiled, digest);
  }
  return digest;
}

/** The cache key: every part that decides an answer (the statement as its digest). */
export function resultKey(parts: ResultKeyParts): string {
  const identities = [...new Set(parts.databaseNames)].sort();
  return JSON.stringify([
    parts.kind,
    parts.modelVersion,
    parts.dataVersion,
    identities,
    statementDigest(parts.compiled),
  ]);
}
