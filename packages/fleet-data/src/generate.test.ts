import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_ACCOUNTS } from './accounts.ts';
import { estimateMeterRows, generateAccount } from './generate.ts';
import { FULL, SMALL } from './test-support.ts';
import type { GenerateOptions } from './types.ts';

function everything(databaseName: string, options: GenerateOptions) {
  const data = generateAccount(databaseName, options);
  return {
    account: data.account,
    period: data.period,
    devices: data.devices,
    meterReadings: [...data.meterReadings()],
    supplyLevels: [...data.supplyLevels()],
    supplyReplacements: [...data.supplyReplacements()],
    serviceAlerts: [...data.serviceAlerts()],
  };
}

describe('generateAccount', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('produces identical data for the same inputs', () => {
    expect(everything('fabrikam', SMALL)).toEqual(everything('fabrikam', SMALL));
  });

  it('produces identical rows each time a row set is iterated', () => {
    const data = generateAccount('northwind', SMALL);
    expect([...data.meterReadings()]).toEqual([...data.meterReadings()]);
  });

  it('produces different data for different accounts and different seeds', () => {
    const fabrikam = everything('fabrikam', SMALL);
    expect(everything('northwind', SMALL).devices).not.toEqual(fabrikam.devices);
    const reseeded = everything('fabrikam', { ...SMALL, seed: 7 });
    expect(reseeded.devices).not.toEqual(fabrikam.devices);
    expect(reseeded.meterReadings).not.toEqual(fabrikam.meterReadings);
  });

  it('covers exactly the requested period, ending on endDate', () => {
    const data = everything('contoso_us', { ...SMALL, endDate: '2024-03-10', days: 30 });
    expect(data.period).toEqual({ startDate: '2024-02-10', endDate: '2024-03-10', days: 30 });
    const dates = new Set(data.meterReadings.map((row) => row.date));
    expect(Math.min(...[...dates].map(Date.parse))).toBe(Date.parse('2024-02-10'));
    expect([...dates].sort().at(-1)).toBe('2024-03-10');
    expect(dates.size).toBe(30);
    for (const row of data.supplyLevels)
      expect(row.date <= '2024-03-10' && row.date >= '2024-02-10').toBe(true);
    for (const alert of data.serviceAlerts) {
      expect(alert.openedAt >= '2024-02-10T00:00:00Z' && alert.openedAt < '2024-03-11T00:00:00Z').toBe(true);
    }
  });

  it('ends yesterday in UTC by default, so recent-days filters find data', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-01T00:30:00Z'));
    const data = generateAccount('tailspin', { days: 3, devicesPerAccount: 2 });
    expect(data.period).toEqual({ startDate: '2025-02-26', endDate: '2025-02-28', days: 3 });
    expect([...data.meterReadings()].at(-1)?.date).toBe('2025-02-28');
  });

  it('gives the same numbers for a day whatever period contains it', () => {
    const shorter = everything('contoso_emea', { endDate: '2024-06-30', days: 60, devicesPerAccount: 10 });
    const longer = everything('contoso_emea', { endDate: '2024-08-31', days: 200, devicesPerAccount: 10 });
    const key = (row: { deviceId: string; date: string }) => `${row.deviceId} ${row.date}`;
    const later = new Map(longer.meterReadings.map((row) => [key(row), row]));
    for (const row of shorter.meterReadings) expect(later.get(key(row))).toEqual(row);
    const laterAlerts = new Map(longer.serviceAlerts.map((alert) => [alert.alertId, alert]));
    for (const alert of shorter.serviceAlerts) {
      const { closedAt, ...rest } = alert;
      expect(laterAlerts.get(alert.alertId)).toMatchObject(rest);
      if (closedAt !== null) expect(laterAlerts.get(alert.alertId)?.closedAt).toBe(closedAt);
    }
  });

  it('keeps existing devices when the fleet is scaled up', () => {
    const small = generateAccount('fabrikam', { ...SMALL, devicesPerAccount: 5 }).devices;
    const large = generateAccount('fabrikam', { ...SMALL, devicesPerAccount: 50 }).devices;
    expect(large.slice(0, small.length)).toEqual(small);
    expect(
      generateAccount('fabrikam', { ...SMALL, devicesPerAccount: 5, scale: 3 }).devices.length,
    ).toBeGreaterThan(small.length);
  });

  it('generates data for an account outside the sample', () => {
    const data = generateAccount('acme_corp', SMALL);
    expect(data.account.databaseName).toBe('acme_corp');
    expect(data.devices.every((device) => device.deviceId.startsWith('acme_corp-'))).toBe(true);
  });

  it('refuses bad options with a RangeError naming the option', () => {
    expect(() => generateAccount('fabrikam', { endDate: '2024-02-30' })).toThrow(/endDate/);
    expect(() => generateAccount('fabrikam', { endDate: '30/06/2024' })).toThrow(/endDate/);
    expect(() => generateAccount('fabrikam', { days: 0 })).toThrow(/days/);
    expect(() => generateAccount('fabrikam', { scale: -1 })).toThrow(/scale/);
    expect(() => generateAccount('fabrikam', { devicesPerAccount: 2.5 })).toThrow(/devicesPerAccount/);
    expect(() => generateAccount('fabrikam', { seed: Number.NaN })).toThrow(/seed/);
    expect(() => generateAccount('fabrikam', SMALL).meterReadingBatches({ batchSize: 0 })).toThrow(
      /batchSize/,
    );
  });

  it('lists unique devices and serial numbers in every account', () => {
    for (const { databaseName } of SAMPLE_ACCOUNTS) {
      const { devices } = generateAccount(databaseName, FULL);
      expect(new Set(devices.map((device) => device.deviceId)).size).toBe(devices.length);
      expect(new Set(devices.map((device) => device.serialNumber)).size).toBe(devices.length);
    }
  });
});

describe('estimateMeterRows', () => {
  it('equals the number of rows generated', () => {
    const options = { ...SMALL, scale: 1.5 };
    let rows = 0;
    for (const { databaseName } of SAMPLE_ACCOUNTS) {
      const data = generateAccount(databaseName, options);
      for (const _ of data.meterReadings()) rows++;
      expect(data.meterReadingCount()).toBe([...data.meterReadings()].length);
    }
    expect(estimateMeterRows(options)).toBe(rows);
  });

  it('is about 300k rows at the default size and grows with scale', () => {
    const rows = estimateMeterRows(FULL);
    expect(rows).toBeGreaterThan(250_000);
    expect(rows).toBeLessThan(350_000);
    expect(estimateMeterRows({ ...FULL, scale: 10 })).toBeCloseTo(rows * 10, -4);
    expect(estimateMeterRows({ ...FULL, databaseNames: ['tailspin'] })).toBeLessThan(rows / 4);
  });
});
