import { defineProject } from 'vitest/config';

// The tests that need a real ClickHouse cluster: a project of their own, so that its globalSetup starts the one
// cluster of the run only when a run includes one of them (`npx vitest run apps/analytics/test/conformance`).
export default defineProject({
  test: {
    name: 'analytics-clickhouse',
    environment: 'node',
    include: ['test/conformance/**/*.test.ts'],
    globalSetup: ['test/support/clickhouse-global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
