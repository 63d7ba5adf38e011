import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'env-config', environment: 'node', include: ['src/**/*.test.ts'] },
});
