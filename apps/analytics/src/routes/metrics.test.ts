import { describe, expect, it } from 'vitest';
import type { CacheStats } from '../query/result-cache.ts';
import { metricsText } from './metrics.ts';

const STATS: CacheStats = {
  hits: 3,
  shared: 0,
  misses: 2,
  evictions: 0,
  expirations: 0,
  invalidations: 0,
  errors: 0,
  entries: 2,
  bytes: 512,
  maxBytes: 1024,
};

describe('the metrics text', () => {
  it("shows the engine's statements running and waiting and its threads as gauges, without naming the engine", () => {
    const text = metricsText(STATS, 1000, { running: 8, waiting: 37, threads: 1 });
    expect(text).toContain(
      '# TYPE analytics_engine_statements_running gauge\nanalytics_engine_statements_running 8\n',
    );
    expect(text).toContain(
      '# TYPE analytics_engine_statements_waiting gauge\nanalytics_engine_statements_waiting 37\n',
    );
    expect(text).toContain('# TYPE analytics_engine_threads gauge\nanalytics_engine_threads 1\n');
    expect(text).toContain('analytics_result_cache_hits_total 3\n');
    // What an anonymous caller reads names no library (the hostile-input audit holds every answer to it).
    expect(text).not.toMatch(/duckdb/i);
  });

  it('leaves the engine lines out for an engine without a pool of its own (ClickHouse)', () => {
    const text = metricsText(STATS, 1000);
    expect(text).not.toContain('analytics_engine_');
    expect(text).toMatch(/^process_resident_memory_bytes 1000$/m);
  });
});
