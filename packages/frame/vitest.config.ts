import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'frame', environment: 'jsdom', include: ['src/**/*.test.ts'] },
});
