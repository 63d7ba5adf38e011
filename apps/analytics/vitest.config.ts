import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'analytics',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each integration file loads a small fleet into its own DuckDB once (about a second).
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
