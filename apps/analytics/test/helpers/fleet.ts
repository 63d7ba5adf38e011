import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateAccount } from '@portico/fleet-data';
import type { AccountData, GenerateOptions } from '@portico/fleet-data';
import { openFleetDatabase } from '../../src/data/fleet-database.ts';
import type { FleetDatabase } from '../../src/data/fleet-database.ts';

/** The small, fixed data set of the tests: every sample account, 120 days to 2024-06-30, 6 printer places each. */
export const TEST_DATA = { endDate: '2024-06-30', days: 120, devicesPerAccount: 6 } as const;
/** "Now" for relative filters: midday on the last day of the data. */
export const TEST_NOW = new Date('2024-06-30T12:00:00Z');

export const GENERATE_OPTIONS: GenerateOptions = TEST_DATA;

/** The same accounts as fleet-data generates them, for computing expected answers in JS. */
export function accountData(databaseName: string): AccountData {
  return generateAccount(databaseName, GENERATE_OPTIONS);
}

export interface TestFleet {
  readonly dir: string;
  readonly fleet: FleetDatabase;
  close(): Promise<void>;
}

/** Loads the test data into a DuckDB file in a fresh temporary folder (about half a second). */
export async function openTestFleet(): Promise<TestFleet> {
  const dir = await mkdtemp(join(tmpdir(), 'analytics-test-'));
  const fleet = await openFleetDatabase({
    file: join(dir, 'analytics', 'fleet.duckdb'),
    ...TEST_DATA,
    connections: 2,
    limits: { threads: 2 },
  });
  return {
    dir,
    fleet,
    async close() {
      await fleet.engine.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
