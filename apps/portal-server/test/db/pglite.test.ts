import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/db/database.ts';
import { databaseContract } from './database-contract.ts';

// The embedded default, file-backed in a data directory of its own, as `npm start` runs it.
databaseContract('pglite', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-pglite-'));
  return {
    database: await openDatabase({ dataDir }),
    dispose: () => rm(dataDir, { recursive: true, force: true }),
  };
});
