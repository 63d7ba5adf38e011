/**
 * Compiled visual queries, kept: the viewers of a report ask the same few queries (the fleet overview's first page:
 * 8), and compiling each anew (resolving names, parsing filters, writing SQL) cost about 0.3 ms of the main thread per
 * request under load — more than the rest of a result-cache hit. An entry is the statement for one model object (a
 * reloaded model is a new object), one dialect (its name and variant: the ClickHouse engine writes for 18.16 until it
 * has read the server's version(), then for that release, and the two write different text), one exact list of the
 * token's databaseNames and one query (its JSON text), so two identities never share a statement. Statements that
 * hold "now" stay only as long as it is true: relative date filters until the UTC day changes; relative time filters
 * (minutes, hours) are never kept. Queries that fail to compile are not kept (they throw again). Bounded by entries,
 * least recently used out. A kept statement is the same object from request to request, so the result cache hashes
 * its text once (`statementDigest`).
 */
import type { Dataset, QueryContext, VisualQuery } from '@portico/analytics-model';
import { compileVisualQuery } from './compile.ts';
import type { CompiledQuery } from './compile.ts';
import type { Dialect } from './dialect.ts';
import { modelVersion } from './result-cache.ts';

const DAY_MS = 86_400_000;

interface Entry {
  readonly compiled: CompiledQuery;
  /** The UTC day (days since the epoch) the statement was compiled for, when it holds one. */
  readonly day: number | undefined;
}

export interface CompileCacheStats {
  hits: number;
  misses: number;
  entries: number;
}

export class CompileCache {
  private readonly entries = new Map<string, Entry>();
  private readonly counts = { hits: 0, misses: 0 };

  /** `maxEntries`: statements kept at most; 0 keeps none. */
  constructor(private readonly maxEntries: number) {}

  stats(): CompileCacheStats {
    return { ...this.counts, entries: this.entries.size };
  }

  /**
   * `compileVisualQuery(dataset, query, context, dialect)`, from memory when that answer is still true. `source`, when
   * given, is text the query was parsed from and that decides it entirely (the request body): it is then the key's
   * query part instead of the query's JSON text, which spares serialising the query on every request.
   */
  compile(
    dataset: Dataset,
    query: VisualQuery | unknown,
    context: QueryContext,
    dialect: Dialect,
    source?: string,
  ): CompiledQuery {
    const now = context.now ?? new Date();
    const day = Math.floor(now.getTime() / DAY_MS);
    // The model's content hash (worked out once per model object): equal models compile alike.
    const key = [
      modelVersion(dataset),
      dialect.name,
      dialect.variant,
      JSON.stringify(context.databaseNames),
      source === undefined ? `query ${JSON.stringify(query)}` : `source ${source}`,
    ].join('\u0000');
    const found = this.entries.get(key);
    if (found !== undefined) {
      this.entries.delete(key);
      if (found.day === undefined || found.day === day) {
        this.entries.set(key, found);
        this.counts.hits += 1;
        return found.compiled;
      }
    }
    this.counts.misses += 1;
    const compiled = compileVisualQuery(dataset, query, { ...context, now }, dialect);
    if (this.maxEntries <= 0 || compiled.clock === undefined || compiled.clock === 'instant') return compiled;
    this.entries.set(key, { compiled, day: compiled.clock === 'day' ? day : undefined });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
    return compiled;
  }
}
