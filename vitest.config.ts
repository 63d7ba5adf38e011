import { defineConfig } from 'vitest/config';

// One run over every workspace that has a vitest.config.ts; the machine has two cores.
export default defineConfig({
  test: {
    projects: [
      'apps/*/vitest.config.ts',
      'apps/analytics/vitest.clickhouse.config.ts',
      'apps/*/frame/vitest.config.ts',
      'packages/*/vitest.config.ts',
      'tests/*/vitest.config.ts',
    ],
    maxWorkers: 2,
  },
});
