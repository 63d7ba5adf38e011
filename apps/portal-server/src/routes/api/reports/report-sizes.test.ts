import { describe, expect, it } from 'vitest';
import type { CustomerAccount } from '../../../db/accounts.ts';
import { findReportKind } from '../../../documents/index.ts';
import type { ReportKind } from '../../../documents/index.ts';
import { reportSizes } from './report-sizes.ts';
import type { SizeRequest } from './report-sizes.ts';

const account: CustomerAccount = {
  databaseName: 'northwind',
  accountName: 'Northwind',
  customerName: 'northwind',
};
const inventory = findReportKind('device-inventory') as ReportKind;
const csv: SizeRequest = { account, kind: inventory, format: 'csv' };
const xml: SizeRequest = { account, kind: inventory, format: 'xml' };

describe('reportSizes', () => {
  it('knows nothing at first, measures what is asked in the background, then knows it', async () => {
    const sizes = reportSizes();
    expect(sizes.known(csv)).toBeNull();
    sizes.measure([csv]);
    // Not on the caller's path: still unknown right after the call.
    expect(sizes.known(csv)).toBeNull();
    await sizes.idle();
    expect(sizes.known(csv)).toBeGreaterThan(1_000);
  });

  it('measures one report at a time, in the order asked, each once', async () => {
    let active = 0;
    let most = 0;
    const order: string[] = [];
    const sizes = reportSizes(undefined, async ({ format }) => {
      active += 1;
      most = Math.max(most, active);
      order.push(format);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active -= 1;
      return format.length;
    });
    sizes.measure([xml, csv]);
    sizes.measure([csv, xml]);
    await sizes.idle();
    expect(order).toEqual(['xml', 'csv']);
    expect(most).toBe(1);
    expect(sizes.known(xml)).toBe(3);
  });

  it('forgets a failed measurement, so a later request measures again', async () => {
    let calls = 0;
    const sizes = reportSizes(undefined, async () => {
      calls += 1;
      if (calls === 1) throw new Error('disk gone');
      return 42;
    });
    sizes.measure([csv]);
    await sizes.idle();
    expect(sizes.known(csv)).toBeNull();
    sizes.measure([csv]);
    await sizes.idle();
    expect(sizes.known(csv)).toBe(42);
  });

  it('measures again once the data has moved on to the next day', async () => {
    let now = new Date('2026-03-10T12:00:00Z');
    const seen: string[] = [];
    const sizes = reportSizes(
      () => now,
      async ({ endDate }) => {
        seen.push(endDate);
        return 7;
      },
    );
    sizes.measure([csv]);
    await sizes.idle();
    expect(sizes.known(csv)).toBe(7);
    now = new Date('2026-03-11T00:00:01Z');
    expect(sizes.known(csv)).toBeNull();
    sizes.measure([csv]);
    await sizes.idle();
    expect(seen).toEqual(['2026-03-09', '2026-03-10']);
  });
});
