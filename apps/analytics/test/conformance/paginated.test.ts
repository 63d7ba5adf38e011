/**
 * Paginated reports on both engines: every sample paginated report, with each of its parameters set in turn, renders
 * the same pages (header block, lines, totals, page count) on the embedded DuckDB and on the run's two-shard
 * ClickHouse cluster; its export batches walk the same lines; and a token of one account sees only that account's
 * rows on both. The statements are written once, through each engine's Dialect (src/kinds/paginated/sql.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageAnswer, ReportLine } from '@portico/analytics-model';
import type { Engine } from '../../src/data/engine.ts';
import { PaginatedCatalogue } from '../../src/kinds/paginated/catalogue.ts';
import { ReportRun } from '../../src/kinds/paginated/run.ts';
import { DEVICE_ALERTS_REPORT_ID } from '../../src/kinds/paginated/samples/device-alerts.ts';
import { INVOICE_REPORT_ID } from '../../src/kinds/paginated/samples/invoice.ts';
import { ALL_ACCOUNTS, openEngines, RUN_CLICKHOUSE } from './engines.ts';
import type { Engines } from './engines.ts';

let engines: Engines;

beforeAll(async () => {
  if (RUN_CLICKHOUSE) engines = await openEngines();
}, 180_000);
afterAll(async () => engines?.close());

type Values = { name: string; value: string | null }[];

/** Parameter sets per sample report: the defaults, then each parameter set to a value that changes the rows. */
const PARAMETER_SETS: Readonly<Record<string, readonly { what: string; values: Values }[]>> = {
  [INVOICE_REPORT_ID]: [
    { what: 'the defaults', values: [] },
    {
      what: 'another account and month',
      values: [
        { name: 'Account', value: 'contoso_us' },
        { name: 'Month', value: '2024-04' },
      ],
    },
    // 0.045 per colour page makes amounts that end in half a cent: rounded half up on both engines.
    {
      what: 'one site, prices of five decimals',
      values: [
        { name: 'Account', value: 'fabrikam' },
        { name: 'Month', value: '2024-05' },
        { name: 'MonoPrice', value: '0.00735' },
        { name: 'ColourPrice', value: '0.045' },
      ],
    },
    { what: 'a month at the data start', values: [{ name: 'Month', value: '2024-03' }] },
  ],
  [DEVICE_ALERTS_REPORT_ID]: [
    { what: 'the defaults', values: [] },
    {
      what: 'two accounts, the whole range',
      values: [
        { name: 'Accounts', value: 'fabrikam' },
        { name: 'Accounts', value: 'northwind' },
        { name: 'From', value: '2024-03-03' },
        { name: 'To', value: '2024-06-30' },
      ],
    },
    {
      what: 'warnings only, open only',
      values: [
        { name: 'From', value: '2024-03-03' },
        { name: 'Severity', value: 'warning' },
        { name: 'Status', value: 'Open' },
      ],
    },
    {
      what: 'closed warnings and information',
      values: [
        { name: 'From', value: '2024-04-01' },
        { name: 'To', value: '2024-05-31' },
        { name: 'Severity', value: 'warning' },
        { name: 'Severity', value: 'info' },
        { name: 'Status', value: 'Closed' },
      ],
    },
  ],
};

/** Every page of a run, in order. */
async function allPages(run: ReportRun): Promise<PageAnswer[]> {
  const pages: PageAnswer[] = [];
  for (let n = 1; n <= run.pageCount; n += 1) pages.push(await run.page(n));
  return pages;
}

async function render(engine: Engine, reportId: string, values: Values, databaseNames: readonly string[]) {
  const report = new PaginatedCatalogue().find(reportId);
  if (report === undefined) throw new Error(`no report ${reportId}`);
  const run = await ReportRun.open(engine, report, values, databaseNames);
  const pages = await allPages(run);
  const streamed: ReportLine[] = [];
  for await (const batch of run.batches((n) => 7 * 2 ** n)) streamed.push(...batch.map((b) => b.line));
  const csv: unknown[] = [];
  for await (const batch of run.batches(50, true)) csv.push(...batch.map((b) => [b.groups, b.line.cells]));
  return { pages, streamed, csv, bodyLines: run.bodyLines };
}

describe.runIf(RUN_CLICKHOUSE)(
  'paginated reports on DuckDB and a two-shard ClickHouse cluster',
  { timeout: 120_000 },
  () => {
    it('every sample paginated report has parameter sets here', () => {
      const ids = new PaginatedCatalogue().inWorkspace(
        new PaginatedCatalogue().find(INVOICE_REPORT_ID)?.workspaceId ?? '',
      );
      expect(ids.map((r) => r.id).sort()).toEqual(Object.keys(PARAMETER_SETS).sort());
    });

    for (const [reportId, sets] of Object.entries(PARAMETER_SETS)) {
      for (const { what, values } of sets) {
        it(`${reportId === INVOICE_REPORT_ID ? 'Monthly page invoice' : 'Device alerts by site'} with ${what}: the same pages, batches and CSV records`, async () => {
          const duckdb = await render(engines.duckdb, reportId, values, ALL_ACCOUNTS);
          const clickhouse = await render(engines.clickhouse, reportId, values, ALL_ACCOUNTS);
          expect(duckdb.bodyLines, 'the parameter set selects rows').toBeGreaterThan(2);
          expect(clickhouse.pages).toEqual(duckdb.pages);
          expect(clickhouse.streamed).toEqual(duckdb.streamed);
          expect(clickhouse.csv).toEqual(duckdb.csv);
          // The batches walk exactly the paged body, on each engine.
          const body = duckdb.pages.flatMap((p) => p.lines).slice(0, duckdb.bodyLines);
          expect(duckdb.streamed).toEqual(body);
        });
      }
    }

    it('keeps a fabrikam token to fabrikam rows on both engines, whatever accounts the parameters name', async () => {
      for (const engine of [engines.duckdb, engines.clickhouse]) {
        const rendered = await render(
          engine,
          DEVICE_ALERTS_REPORT_ID,
          [{ name: 'From', value: '2024-03-03' }],
          ['fabrikam'],
        );
        const accounts = new Set(rendered.csv.map((record) => (record as [unknown[]])[0][0]));
        expect([...accounts], engine.source).toEqual(['Fabrikam']);
        await expect(
          render(engine, DEVICE_ALERTS_REPORT_ID, [{ name: 'Accounts', value: 'contoso_us' }], ['fabrikam']),
          engine.source,
        ).rejects.toThrow(/Accounts/);
      }
    });

    it('answers nothing to a token with no accounts, on both engines', async () => {
      for (const engine of [engines.duckdb, engines.clickhouse]) {
        const report = new PaginatedCatalogue().find(DEVICE_ALERTS_REPORT_ID);
        if (report === undefined) throw new Error('no report');
        const run = await ReportRun.open(engine, report, [], []);
        expect({ engine: engine.source, lines: run.bodyLines, accounts: run.context.accounts }).toEqual({
          engine: engine.source,
          lines: 0,
          accounts: [],
        });
      }
    });
  },
);
