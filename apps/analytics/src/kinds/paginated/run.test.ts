import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestFleet, type TestFleet } from '../../../test/helpers/fleet.ts';
import { ReportRun } from './run.ts';
import { DEVICE_ALERTS_REPORT } from './samples/device-alerts.ts';
import { NARROW_ALERTS_REPORT } from '../../../test/helpers/narrow-alerts.ts';
import { PRINT_FLEET_DATASET } from '../../models/built-in.ts';
import type { ReportLine } from '@portico/analytics-model';
import type { PaginatedReport } from './definition.ts';
import { ReportStatement, unionAll } from './sql.ts';
import type { UnionColumn } from './sql.ts';

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

describe('an alert whose description is wider than its column', () => {
  it('continues on the line under it, in pages and batches alike, and stays one raw CSV record with its code', async () => {
    const alerts = (report: PaginatedReport) =>
      ReportRun.open(
        data.fleet.engine,
        report,
        [
          { name: 'From', value: '2024-03-02' },
          { name: 'Severity', value: 'critical' },
        ],
        ['fabrikam', 'contoso_us', 'northwind'],
        'en',
        PRINT_FLEET_DATASET,
      );
    const run = await alerts(NARROW_ALERTS_REPORT);
    const paged: ReportLine[] = [];
    for (let page = 1; page <= run.pageCount; page += 1) paged.push(...(await run.page(page)).lines);
    const body = paged.slice(0, run.bodyLines);
    // The page answer draws six columns: the code is the CSV's.
    expect((await run.page(1)).columns.map((c) => c.title)).toEqual([
      'Opened (UTC)',
      'Severity',
      'Alert',
      'Status',
      'Closed (UTC)',
      'Hours',
    ]);
    const at = body.findIndex((l) => l.kind === 'detail' && String(l.cells[2]).startsWith('Device offline'));
    expect(at).toBeGreaterThanOrEqual(0);
    const [detail, continuation] = [body[at], body[at + 1]];
    expect(continuation?.kind).toBe('continuation');
    expect(continuation?.label).toBe('');
    expect(`${String(detail?.cells[2])} ${String(continuation?.cells[2])}`).toBe(
      'Device offline: not reachable on the network',
    );
    expect(continuation?.cells.filter((c) => c !== null)).toHaveLength(1);
    expect(detail?.cells).toHaveLength(6);
    // Batches that end anywhere (7, 14, 28…) walk the same lines, none skipped or repeated.
    const streamed: ReportLine[] = [];
    for await (const batch of run.batches((n) => 7 * 2 ** n)) streamed.push(...batch.map((b) => b.line));
    expect(streamed).toEqual(body);
    // One record per alert, its values raw: the code beside the description, whole.
    const records: unknown[][] = [];
    for await (const batch of run.batches(50, 'records'))
      records.push(...batch.map((b) => [...b.line.cells]));
    expect(records).toHaveLength(body.filter((l) => l.kind === 'detail').length);
    expect(records).toContainEqual(
      expect.arrayContaining(['NETWORK_OFFLINE', 'Device offline: not reachable on the network']),
    );
    // In the report's own width every description fits its line: the same alerts, no continuation lines.
    const wide = await alerts(DEVICE_ALERTS_REPORT);
    expect(wide.bodyLines).toBe(run.bodyLines - body.filter((l) => l.kind === 'continuation').length);
  });
});

describe('the order of a report’s lines', () => {
  // Devices named in lower case and in capitals, and two sites that differ only in case.
  const names = [
    'VersaLink C405',
    'imageRUNNER 2630i',
    'ECOSYS M3655idn',
    'i-SENSYS MF455dw',
    'IM C3000',
    'berlin',
    'Berlin',
  ];
  const columns: readonly UnionColumn[] = [
    { name: 'kind', type: 'text', nullable: false },
    { name: 'label', type: 'text', nullable: false },
    { name: 'context', type: 'text', nullable: false },
    { name: 'c1', type: 'text', nullable: false },
    { name: 'k1', type: 'text', nullable: false },
    { name: 'k2', type: 'integer', nullable: false },
  ];
  const report: PaginatedReport = {
    ...DEVICE_ALERTS_REPORT,
    parameters: [],
    columns: [{ title: 'Name', width: 1, align: 'left', format: 'text' }],
    groupColumns: [],
    keys: [
      { name: 'k1', type: 'text' },
      { name: 'k2', type: 'integer' },
    ],
    layout: { linesPerPage: 5, headerLines: 2, footerLines: 0 },
    lines(_values, databaseNames, dialect) {
      const statement = new ReportStatement(dialect, databaseNames);
      // Every line only for a caller who may see fabrikam (the statement's account list is its first value).
      const rest = `WHERE ${statement.values.rls(statement.value('fabrikam'))}`;
      const sql = unionAll(
        dialect,
        columns,
        names.map((name) => {
          const value = statement.value(name);
          return { select: ["'detail'", "''", "''", value, value, '0'], rest };
        }),
      );
      return { sql, statement: statement.values };
    },
    summary(values, databaseNames, dialect) {
      const { sql, statement } = this.lines(values, databaseNames, dialect);
      return { sql: `SELECT count(*) AS lines FROM (${sql}) AS l`, statement };
    },
    header: () => ({ title: 'Devices', lines: [] }),
    totals: () => [],
    columnTitles: () => ['Name'],
    label: (line) => line.label,
  };

  it('sorts text keys as every statement sorts text: by the lower case, then the text, in pages and batches alike', async () => {
    const run = await ReportRun.open(data.fleet.engine, report, [], ['fabrikam']);
    const expected = [
      'Berlin',
      'berlin',
      'ECOSYS M3655idn',
      'i-SENSYS MF455dw',
      'IM C3000',
      'imageRUNNER 2630i',
      'VersaLink C405',
    ];
    const paged: unknown[] = [];
    for (let page = 1; page <= run.pageCount; page += 1) {
      paged.push(...(await run.page(page)).lines.map((line) => line.cells[0]));
    }
    expect(paged).toEqual(expected);
    // Batches of two start after a key of another case than the next one's: the keyset condition compares as the
    // ORDER BY sorts.
    const streamed: unknown[] = [];
    for await (const batch of run.batches(2)) streamed.push(...batch.map((b) => b.line.cells[0]));
    expect(streamed).toEqual(expected);
  });
});
