import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'models', environment: 'node', include: ['src/**/*.test.ts'] },
});
