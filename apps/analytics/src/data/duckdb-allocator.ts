/**
 * DuckDB's allocator settings, set before DuckDB's library is loaded (import this module first: its jemalloc reads
 * `DUCKDB_JE_MALLOC_CONF` once, when the library loads, not when an instance opens).
 *
 * DuckDB allocates through a jemalloc of its own, which by default keeps freed pages mapped for a while (its decay)
 * and in per-thread caches: under 100 viewers that memory, never counted by `duckdb_memory()` nor by the memory limit,
 * was 150–230 MB of the service's RSS (see the README's "Memory"). Returning freed pages at once (decay 0) bounds it;
 * a `DUCKDB_JE_MALLOC_CONF` in the environment is kept as it is.
 */
export const DUCKDB_JEMALLOC_CONF = 'dirty_decay_ms:0,muzzy_decay_ms:0';

process.env['DUCKDB_JE_MALLOC_CONF'] ??= DUCKDB_JEMALLOC_CONF;
