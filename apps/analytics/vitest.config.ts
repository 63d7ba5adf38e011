import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'analytics',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Their own project (vitest.clickhouse.config.ts), with the run's one ClickHouse cluster.
    exclude: [...configDefaults.exclude, 'test/conformance/**'],
    // Each integration file loads a small fleet into its own DuckDB once (about a second).
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
