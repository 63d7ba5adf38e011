/**
 * Paginated reports on both engines: every sample paginated report, with each of its parameters set in turn, renders
 * the same pages (header block, lines, totals, page count) on the embedded DuckDB and on the run's two-shard
 * ClickHouse cluster; its export batches walk the same lines; and a token of one account sees only that account's
 * rows on both. The statements are written once, through each engine's Dialect (src/kinds/paginated/sql.ts).
 */
import { describe, expect, it } from 'vitest';
import { PaginatedCatalogue } from '../../src/kinds/paginated/catalogue.ts';
import { ReportRun } from '../../src/kinds/paginated/run.ts';
import { DEVICE_ALERTS_REPORT_ID } from '../../src/kinds/paginated/samples/device-alerts.ts';
import { INVOICE_REPORT_ID } from '../../src/kinds/paginated/samples/invoice.ts';
import { ALL_ACCOUNTS, PAGINATED_PARAMETER_SETS, renderPaginated } from './cases.ts';
import { RUN_CLICKHOUSE, useEngines } from './engines.ts';
import { NARROW_ALERTS_REPORT } from '../helpers/narrow-alerts.ts';
import type { Engines } from './engines.ts';

let engines: Engines;

useEngines((opened) => {
  engines = opened;
});

describe.runIf(RUN_CLICKHOUSE)(
  'paginated reports on DuckDB and a two-shard ClickHouse cluster',
  { timeout: 120_000 },
  () => {
    it('every sample paginated report has parameter sets here', () => {
      const ids = new PaginatedCatalogue().inWorkspace(
        new PaginatedCatalogue().find(INVOICE_REPORT_ID)?.workspaceId ?? '',
      );
      expect(ids.map((r) => r.id).sort()).toEqual(Object.keys(PAGINATED_PARAMETER_SETS).sort());
    });

    for (const [reportId, sets] of Object.entries(PAGINATED_PARAMETER_SETS)) {
      for (const { what, values } of sets) {
        it(`${reportId === INVOICE_REPORT_ID ? 'Monthly page invoice' : 'Device alerts by site'} with ${what}: the same pages, batches and CSV records`, async () => {
          const duckdb = await renderPaginated(engines.duckdb, reportId, values, ALL_ACCOUNTS);
          const clickhouse = await renderPaginated(engines.clickhouse, reportId, values, ALL_ACCOUNTS);
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

    it('Device alerts by site with a narrow alert column: the same continuation lines under long descriptions', async () => {
      // Every sample description fits the report's own alert column; narrower, the long ones wrap, and the line
      // stream's continuation parts (a union part per line, `IN` the wrapping values) run on both engines.
      const values = [
        { name: 'From', value: '2024-03-03' },
        { name: 'Severity', value: 'critical' },
      ];
      const duckdb = await renderPaginated(engines.duckdb, NARROW_ALERTS_REPORT, values, ALL_ACCOUNTS);
      const clickhouse = await renderPaginated(
        engines.clickhouse,
        NARROW_ALERTS_REPORT,
        values,
        ALL_ACCOUNTS,
      );
      const body = duckdb.pages.flatMap((p) => p.lines).slice(0, duckdb.bodyLines);
      expect(body.filter((l) => l.kind === 'continuation').length).toBeGreaterThan(0);
      expect(clickhouse.pages).toEqual(duckdb.pages);
      expect(clickhouse.streamed).toEqual(duckdb.streamed);
      expect(clickhouse.csv).toEqual(duckdb.csv);
      expect(duckdb.streamed).toEqual(body);
    });

    it('keeps a fabrikam token to fabrikam rows on both engines, whatever accounts the parameters name', async () => {
      for (const engine of [engines.duckdb, engines.clickhouse]) {
        const rendered = await renderPaginated(
          engine,
          DEVICE_ALERTS_REPORT_ID,
          [{ name: 'From', value: '2024-03-03' }],
          ['fabrikam'],
        );
        const accounts = new Set(rendered.csv.map((record) => (record as [unknown[]])[0][0]));
        expect([...accounts], engine.source).toEqual(['Fabrikam']);
        await expect(
          renderPaginated(
            engine,
            DEVICE_ALERTS_REPORT_ID,
            [{ name: 'Accounts', value: 'contoso_us' }],
            ['fabrikam'],
          ),
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
