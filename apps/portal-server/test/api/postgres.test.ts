import { tmpdir } from 'node:os';
import { afterAll } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import type { Database } from '../../src/db/database.ts';
import { createTestDatabase } from '../helpers/postgres.ts';
import type { TestDatabase } from '../helpers/postgres.ts';
import { accountsAndReportsContract } from './accounts-reports-contract.ts';
import { installersContract } from './installers-contract.ts';

const created: TestDatabase[] = [];
afterAll(async () => {
  for (const database of created) await database.drop();
});

/** A migrated database of its own on the test server, dropped after the file. */
async function openPostgres(): Promise<Database> {
  const testDatabase = await createTestDatabase();
  created.push(testDatabase);
  const database = await openDatabase({ url: testDatabase.url, dataDir: tmpdir() });
  await database.migrate();
  return database;
}

accountsAndReportsContract('postgres', openPostgres);
installersContract('postgres', openPostgres);
