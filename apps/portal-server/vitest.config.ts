import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'portal-server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Starts a throw-away PostgreSQL cluster for the database tests unless TEST_DATABASE_URL is set.
    globalSetup: [fileURLToPath(new URL('./test/postgres-global-setup.ts', import.meta.url))],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
