import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/database.ts';
import { createTestDatabase, postgresServerUrl } from '../helpers/postgres.ts';
import { testConfig } from '../helpers/test-app.ts';
import { databaseContract } from './database-contract.ts';
import { servicesOf } from '../../src/services.ts';

// Without a server this fails as a test of its own (with the reason), besides failing the suites below.
it('has a PostgreSQL server to test against', () => {
  expect(postgresServerUrl()).toMatch(/^postgres(ql)?:\/\//);
});

// A real PostgreSQL server (test/postgres-global-setup.ts), in a database created for this file alone.
databaseContract('postgres', async () => {
  const testDatabase = await createTestDatabase();
  return {
    database: await openDatabase({ url: testDatabase.url, dataDir: tmpdir() }),
    dispose: () => testDatabase.drop(),
  };
});

describe('buildApp without a database', () => {
  it('opens and migrates the one DATABASE_URL names, and closes it with the app', async () => {
    const testDatabase = await createTestDatabase();
    try {
      const app = await buildApp({ config: testConfig({ DATABASE_URL: testDatabase.url }), logger: false });
      expect(servicesOf(app).database.kind).toBe('postgres');
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
      await app.close();
      await expect(servicesOf(app).database.ping()).rejects.toThrow();
    } finally {
      await testDatabase.drop();
    }
  });
});
