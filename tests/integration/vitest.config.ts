import { defineProject } from 'vitest/config';

// Tests that run two apps together over real HTTP (the apps never import each other; only these tests do).
export default defineProject({
  test: {
    name: 'integration',
    environment: 'node',
    include: ['**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
