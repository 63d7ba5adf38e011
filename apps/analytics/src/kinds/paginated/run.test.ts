import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestFleet, type TestFleet } from '../../../test/helpers/fleet.ts';
import { ReportRun } from './run.ts';
import { DEVICE_ALERTS_REPORT } from './samples/device-alerts.ts';
import type { ReportLine } from '@portico/analytics-model';

let data: TestFleet;

beforeAll(async () => {
  data = await openTestFleet();
});

afterAll(async () => {
  await data?.close();
});

describe('reading a report in batches', () => {
  it('yields every body line once, in page order, in batches of the sizes asked for', async () => {
    const run = await ReportRun.open(
      data.fleet.engine,
      DEVICE_ALERTS_REPORT,
      [
        { name: 'Accounts', value: 'fabrikam' },
        { name: 'Accounts', value: 'contoso_us' },
        { name: 'From', value: '2024-03-02' },
        { name: 'To', value: '2024-06-30' },
      ],
      ['fabrikam', 'contoso_us'],
    );
    expect(run.bodyLines).toBeGreaterThan(3 + 6 + 12);
    const sizes: number[] = [];
    const streamed: ReportLine[] = [];
    for await (const batch of run.batches((n) => 3 * 2 ** n)) {
      sizes.push(batch.length);
      streamed.push(...batch.map((b) => b.line));
    }
    const paged: ReportLine[] = [];
    for (let page = 1; page <= run.pageCount; page += 1) paged.push(...(await run.page(page)).lines);
    expect(streamed).toEqual(paged.slice(0, run.bodyLines));
    expect(sizes.slice(0, 3)).toEqual([3, 6, 12]);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(run.bodyLines);
  });
});
