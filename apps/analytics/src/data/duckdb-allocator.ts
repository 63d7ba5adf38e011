/**
 * DuckDB's allocator settings, set before DuckDB's library is loaded: its jemalloc reads `DUCKDB_JE_MALLOC_CONF` once,
 * when the library loads, not when an instance opens (server.ts and engine.ts import this module first).
 *
 * DuckDB allocates through a jemalloc of its own, which keeps freed pages resident for a while: "dirty" pages for its
 * decay time, then "muzzy" ones, handed back with MADV_FREE yet counted in RSS until the kernel wants them. Neither
 * `duckdb_memory()` nor DuckDB's memory limit counts them: under 100 viewers they were most of the service's RSS above
 * its idle size (bench/RESULTS.md, "Memory"). The service skips the muzzy stage (a page past its decay is returned at
 * once), which cost no measurable CPU. Shorter dirty decays took more off the peak but cost CPU per page (0 ms: about
 * 100 MB less at 100 viewers for about 40 % more CPU, pages freed by one query being faulted in again by the next),
 * so they are left to the host: a `DUCKDB_JE_MALLOC_CONF` in the environment (an empty one: DuckDB's own settings)
 * is kept as it is.
 */
export const DUCKDB_JEMALLOC_CONF = 'muzzy_decay_ms:0';

process.env['DUCKDB_JE_MALLOC_CONF'] ??= DUCKDB_JEMALLOC_CONF;
