// The Print fleet model lists the values of its small vocabularies (severity, status, supply, …) with captions and a
// natural order. A value the data holds but the model does not list would show raw and sort last in every language:
// this test reads the real sample data (DuckDB, as the service loads it) and the generator's alert catalogue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_CATALOGUE } from '@portico/fleet-data';
import { PRINT_FLEET_DATASET } from '../../src/models/built-in.ts';
import { openTestFleet } from '../helpers/fleet.ts';
import type { TestFleet } from '../helpers/fleet.ts';

const listedColumns = PRINT_FLEET_DATASET.tables.flatMap((table) =>
  table.columns
    .filter((column) => column.values !== undefined)
    .map((column) => ({ table, column, listed: (column.values ?? []).map((v) => v.value) })),
);

let test: TestFleet;
beforeAll(async () => {
  test = await openTestFleet();
});
afterAll(() => test.close());

describe('the listed values of the Print fleet model', () => {
  it('cover regions, alert codes, severity, status, colour mode, supplies, descriptions, month and day names', () => {
    expect(listedColumns.map(({ table, column }) => `${table.name}.${column.name}`)).toEqual([
      'Accounts.Region',
      'Devices.Colour or mono',
      'Calendar.Month name',
      'Calendar.Day of week',
      'Supply levels.Supply',
      'Supply replacements.Supply',
      'Service alerts.Code',
      'Service alerts.Severity',
      'Service alerts.Description',
      'Service alerts.Status',
    ]);
    const severity = listedColumns.find(({ column }) => column.name === 'Severity');
    expect(severity?.listed).toEqual(['critical', 'warning', 'info']);
  });

  for (const { table, column, listed } of listedColumns) {
    it(`list every value the sample data holds in ${table.name}.${column.name}`, async () => {
      const { rows } = await test.fleet.engine.query(
        `SELECT DISTINCT "${column.source}" AS v FROM "${table.source}" ORDER BY 1`,
      );
      const held = rows.map((row) => String(row[0]));
      expect(held.length).toBeGreaterThan(1);
      expect(held.filter((value) => !listed.includes(value))).toEqual([]);
    });
  }

  it('list every code, severity and description of the generator’s alert catalogue', () => {
    const alerts = PRINT_FLEET_DATASET.tables.find((t) => t.name === 'Service alerts');
    const listed = (name: string) =>
      alerts?.columns.find((c) => c.name === name)?.values?.map((v) => v.value) ?? [];
    expect(ALERT_CATALOGUE.map((a) => a.code).filter((c) => !listed('Code').includes(c))).toEqual([]);
    expect(ALERT_CATALOGUE.map((a) => a.severity).filter((s) => !listed('Severity').includes(s))).toEqual([]);
    expect(
      ALERT_CATALOGUE.map((a) => a.description).filter((d) => !listed('Description').includes(d)),
    ).toEqual([]);
  });
});
