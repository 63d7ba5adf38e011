import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'analytics-model', environment: 'node', include: ['src/**/*.test.ts'] },
});
