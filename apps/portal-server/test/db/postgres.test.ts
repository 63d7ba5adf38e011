import { tmpdir } from 'node:os';
import { openDatabase } from '../../src/db/database.ts';
import { createTestDatabase } from '../helpers/postgres.ts';
import { databaseContract } from './database-contract.ts';

// A real PostgreSQL server (test/postgres-global-setup.ts), in a database created for this file alone.
databaseContract('postgres', async () => {
  const testDatabase = await createTestDatabase();
  return {
    database: await openDatabase({ url: testDatabase.url, dataDir: tmpdir() }),
    dispose: () => testDatabase.drop(),
  };
});
