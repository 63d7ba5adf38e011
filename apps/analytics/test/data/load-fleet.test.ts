/**
 * The sample loader streams rows through one reused data chunk per table. These checks pin its output: the counts and
 * an order-independent checksum of every row of every table, as the loader wrote them before it streamed (a new chunk
 * per 2,048 rows), at a scale that fills many chunks. The checksum is DuckDB's `hash` of each row, XORed: it changes
 * with the DuckDB version (pinned in package.json), never with the order rows arrive in.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDuckDb } from '../../src/data/engine.ts';
import { FLEET_TABLES } from '../../src/data/fleet-schema.ts';
import { loadFleet } from '../../src/data/load-fleet.ts';

const PARAMETERS = {
  databaseNames: ['fabrikam', 'northwind', 'tailspin'],
  endDate: '2024-03-31',
  days: 120,
  scale: 1,
  seed: 0,
  devicesPerAccount: 40,
};

/** `count,checksum` per table, from the loader before it reused its chunk (same parameters, DuckDB 1.5.6). */
const BEFORE: Readonly<Record<string, string>> = {
  accounts: '3,171349513841915369',
  devices: '125,15335605960536091640',
  calendar: '360,6517355318806768721',
  meter_readings: '14400,9194029595635672192',
  supply_levels: '50184,5060183955419794636',
  supply_replacements: '154,5331609051293563895',
  service_alerts: '430,8774788255328735265',
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'analytics-load-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('the streamed fleet loader', () => {
  it('writes the same rows as before, table by table, within a 64 MB DuckDB that spills to its own folder', async () => {
    const spill = join(dir, 'spill');
    const instance = await createDuckDb(join(dir, 'fleet.duckdb'), {
      memoryLimitMb: 64,
      threads: 1,
      tempDirectory: spill,
    });
    const connection = await instance.connect();
    try {
      const summary = await loadFleet(connection, PARAMETERS);
      const found: Record<string, string> = {};
      for (const table of FLEET_TABLES) {
        const reader = await connection.runAndReadAll(
          `SELECT count(*)::INTEGER, bit_xor(hash(row))::VARCHAR FROM ${table} row`,
        );
        found[table] = (reader.getRows()[0] ?? []).join(',');
        expect(summary.rows[table], table).toBe(Number(found[table]?.split(',')[0]));
      }
      expect(found).toEqual(BEFORE);
      const settings = await connection.runAndReadAll(
        "SELECT current_setting('memory_limit'), current_setting('threads')::INTEGER, current_setting('temp_directory')",
      );
      expect(settings.getRows()[0]).toEqual(['61.0 MiB', 1, spill]);
      // The spill folder is made private before DuckDB writes to it.
      expect((await stat(spill)).mode & 0o777).toBe(0o700);
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });
});
