import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateAccount } from '@portico/fleet-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFleetDatabase } from '../../src/data/fleet-database.ts';

const OPTIONS = {
  endDate: '2024-03-31',
  days: 45,
  devicesPerAccount: 3,
  databaseNames: ['fabrikam', 'northwind'],
} as const;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'analytics-fleet-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('the fleet database', () => {
  it('holds exactly the rows fleet-data generates, each tagged with its account', async () => {
    const fleet = await openFleetDatabase({ file: join(dir, 'a.duckdb'), ...OPTIONS });
    try {
      const expected = {
        devices: 0,
        meter_readings: 0,
        supply_levels: 0,
        supply_replacements: 0,
        service_alerts: 0,
        pages: 0,
      };
      for (const name of OPTIONS.databaseNames) {
        const data = generateAccount(name, OPTIONS);
        expected.devices += data.devices.length;
        for (const m of data.meterReadings()) {
          expected.meter_readings += 1;
          expected.pages += m.monoPages + m.colourPages;
        }
        expected.supply_levels += [...data.supplyLevels()].length;
        expected.supply_replacements += [...data.supplyReplacements()].length;
        expected.service_alerts += [...data.serviceAlerts()].length;
      }
      const { rows } = await fleet.engine.query(
        `SELECT (SELECT count(*) FROM devices), (SELECT count(*) FROM meter_readings), (SELECT count(*) FROM supply_levels),
                (SELECT count(*) FROM supply_replacements), (SELECT count(*) FROM service_alerts), (SELECT sum(total_pages) FROM meter_readings)`,
      );
      expect(rows[0]).toEqual(Object.values(expected));
      expect(fleet.loaded?.rows).toMatchObject({ accounts: 2, calendar: 2 * 45 });
      const tags = await fleet.engine.query(
        `SELECT DISTINCT database_name FROM meter_readings WHERE NOT starts_with(device_id, database_name)
         UNION ALL SELECT DISTINCT database_name FROM service_alerts WHERE NOT starts_with(device_id, database_name)`,
      );
      expect(tags.rows).toEqual([]);
    } finally {
      await fleet.engine.close();
    }
  });

  it('is reused by the next start with the same parameters, and reloaded when the scale changes', async () => {
    const file = join(dir, 'b.duckdb');
    const first = await openFleetDatabase({ file, ...OPTIONS });
    await first.engine.close();
    expect(first.loaded).toBeDefined();
    const again = await openFleetDatabase({ file, ...OPTIONS });
    await again.engine.close();
    expect(again.loaded).toBeUndefined();
    const unsetEnd = await openFleetDatabase({ file, ...OPTIONS, endDate: undefined });
    await unsetEnd.engine.close();
    expect(unsetEnd.loaded).toBeUndefined();
    expect(unsetEnd.parameters.endDate).toBe('2024-03-31');
    const scaled = await openFleetDatabase({ file, ...OPTIONS, scale: 2 });
    try {
      expect(scaled.loaded).toBeDefined();
      expect(scaled.parameters.scale).toBe(2);
      const { rows } = await scaled.engine.query('SELECT parameters FROM fleet_load');
      expect(JSON.parse(String(rows[0]?.[0]))).toMatchObject({ scale: 2, schemaVersion: 1 });
    } finally {
      await scaled.engine.close();
    }
  });
});
