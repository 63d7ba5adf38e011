import { generateAccount, SAMPLE_ACCOUNTS } from '@portico/fleet-data';
import { describe, expect, it } from 'vitest';
import { devicesInService, firstDayOfPeriod } from '../../src/documents/kinds/aggregate.ts';
import { OFFICE_KINDS } from '../../src/documents/kinds/office.ts';
import type { Summary } from '../../src/documents/model.ts';
import { END_DATE } from './helpers.ts';

const statement = OFFICE_KINDS.find((k) => k.id === 'monthly-usage-statement');
const summary = OFFICE_KINDS.find((k) => k.id === 'fleet-summary');

const fact = (s: Summary, label: string) => s.facts.find((f) => f.label === label)?.value;
const table = (s: Summary, heading: string) => s.tables.find((t) => t.heading === heading);

describe('devices in service, one definition for every report', () => {
  it.each(SAMPLE_ACCOUNTS.map((a) => a.databaseName))(
    'the usage statement of %s counts as many devices in service as its sites add up to',
    (databaseName) => {
      const data = generateAccount(databaseName, { endDate: END_DATE });
      const s = statement?.summarise({ data, parameters: new Map([['months', '12']]) });
      if (s === undefined) throw new Error('no usage statement');
      const total = fact(s, 'devicesInService');
      const bySite = table(s, 'siteTotals')?.rows.reduce((sum, row) => sum + Number(row[1]), 0);
      expect(total).toBeGreaterThan(0);
      expect(bySite).toBe(total);
      // Every device of the statement reported in its months, and no other device did.
      const from = firstDayOfPeriod(END_DATE, 12);
      const reported = new Set<string>();
      for (const r of data.meterReadings()) if (r.date >= from) reported.add(r.deviceId);
      expect(reported.size).toBe(total);
      // A month's active devices are never more than the statement's devices in service.
      for (const row of table(s, 'monthlyTotals')?.rows ?? [])
        expect(Number(row[1])).toBeLessThanOrEqual(Number(total));
    },
  );

  it("the fleet summary's devices in service are the inventory's devices not retired at the end of the data", () => {
    const data = generateAccount('contoso_emea', { endDate: END_DATE });
    const s = summary?.summarise({ data, parameters: new Map() });
    if (s === undefined) throw new Error('no fleet summary');
    const notRetired = data.devices.filter((d) => d.retiredDate === null).length;
    expect(fact(s, 'devicesInService')).toBe(notRetired);
    expect(devicesInService(data.devices, END_DATE, END_DATE)).toHaveLength(notRetired);
  });

  it('counts a device retired during a period as in service in it, and not in a later one', () => {
    const device = {
      deviceId: 'd',
      serialNumber: 's',
      model: 'm',
      manufacturer: 'x',
      isColour: false,
      location: 'l',
      site: 'Oslo',
      installDate: '2023-01-10',
      retiredDate: '2024-03-15',
      monthlyDutyCycle: 1000,
    };
    expect(devicesInService([device], '2024-01-01', '2024-06-30')).toHaveLength(1);
    expect(devicesInService([device], '2024-03-15', '2024-06-30')).toHaveLength(0);
    expect(devicesInService([device], '2022-01-01', '2023-01-09')).toHaveLength(0);
  });
});
