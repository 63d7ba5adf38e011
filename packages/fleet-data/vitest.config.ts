import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'fleet-data', environment: 'node', include: ['src/**/*.test.ts'] },
});
