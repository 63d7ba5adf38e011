/**
 * Paginated reports on the shards of the run's two-shard ClickHouse cluster (18.16): their statements join, filter
 * and aggregate where the rows are, as visual queries do (the fact table by name in the outer FROM, its joins read as
 * each shard's `_local` tables, src/kinds/paginated/sql.ts), and an inner join drops the rows that match nothing on a
 * shard as DuckDB does (18.16 kept them, or failed, when the statement also read a joined key). This file adds a
 * meter reading and a service alert of a device that `devices` does not have, so it has a database of its own.
 */
import { createClient } from '@clickhouse/client';
import type { ClickHouseClient } from '@clickhouse/client';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/data/engine.ts';
import { PaginatedCatalogue } from '../../src/kinds/paginated/catalogue.ts';
import { resolveParameters } from '../../src/kinds/paginated/parameters.ts';
import { loadParameterContext } from '../../src/kinds/paginated/run.ts';
import { DEVICE_ALERTS_REPORT_ID } from '../../src/kinds/paginated/samples/device-alerts.ts';
import { INVOICE_REPORT_ID } from '../../src/kinds/paginated/samples/invoice.ts';
import { ALL_ACCOUNTS, renderPaginated } from './cases.ts';
import type { ParameterValueList } from './cases.ts';
import { RUN_CLICKHOUSE, shardStatements, useEngines } from './engines.ts';
import type { Engines } from './engines.ts';

let engines: Engines;
/** An account whose rows live on the second node: a shard the node the engine talks to sends statements to. */
let shardAccount: string;
const GHOST_DEVICE = 'ghost-device';
const GHOST_DAY = '2024-05-10';

async function rows(client: ClickHouseClient, query: string): Promise<unknown[][]> {
  const result = await client.query({ query, format: 'JSONCompact' });
  return ((await result.json()) as unknown as { data: unknown[][] }).data;
}

/** Inserts the same rows into a DuckDB table and into the second node's `_local` table. */
async function insertBoth(
  shard: ClickHouseClient,
  table: string,
  columns: readonly string[],
  values: readonly string[],
): Promise<void> {
  await engines.duckdb.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${values.join(', ')})`);
  await shard.command({
    query: `INSERT INTO ${engines.database}.${table}_local (${columns.join(', ')}) VALUES (${values.join(', ')})`,
  });
}

useEngines(async (opened) => {
  engines = opened;
  const shard = createClient({ url: opened.nodeUrls[1] ?? '', database: opened.database });
  try {
    const accounts = await rows(
      shard,
      'SELECT DISTINCT database_name FROM devices_local ORDER BY database_name',
    );
    shardAccount = String(accounts[0]?.[0] ?? '');
    if (shardAccount === '') throw new Error('the second node holds no account');
    const text = (value: string) => `'${value}'`;
    await insertBoth(
      shard,
      'meter_readings',
      [
        'database_name',
        'device_id',
        'date',
        'mono_pages',
        'colour_pages',
        'total_pages',
        'lifetime_mono',
        'lifetime_colour',
      ],
      [text(shardAccount), text(GHOST_DEVICE), text(GHOST_DAY), '700', '300', '1000', '7000', '3000'],
    );
    await insertBoth(
      shard,
      'service_alerts',
      [
        'database_name',
        'alert_id',
        'device_id',
        'code',
        'severity',
        'description',
        'status',
        'opened_at',
        'opened_date',
        'open_count',
      ],
      [
        shardAccount,
        'ghost-alert',
        GHOST_DEVICE,
        'PAPER_JAM',
        'critical',
        'Paper jam',
        'Open',
        `${GHOST_DAY} 10:00:00`,
        GHOST_DAY,
      ]
        .map(text)
        .concat('1'),
    );
  } finally {
    await shard.close();
  }
});

/** The parameter sets that reach the rows of no device: the shard account's month and days of them. */
const ghostParameters = (): Record<string, ParameterValueList> => ({
  [INVOICE_REPORT_ID]: [
    { name: 'Account', value: shardAccount },
    { name: 'Month', value: GHOST_DAY.slice(0, 7) },
  ],
  [DEVICE_ALERTS_REPORT_ID]: [
    { name: 'Accounts', value: shardAccount },
    { name: 'Accounts', value: 'fabrikam' },
    { name: 'From', value: '2024-05-01' },
    { name: 'To', value: '2024-05-31' },
  ],
});

/** A report's statements for `values` (resolved as the service resolves them) on `engine`'s dialect. */
async function statementsOf(engine: Engine, reportId: string, values: ParameterValueList) {
  const report = new PaginatedCatalogue().find(reportId);
  if (report === undefined) throw new Error(`no report ${reportId}`);
  const context = await loadParameterContext(engine, ALL_ACCOUNTS);
  const resolved = resolveParameters(report.parameters, values, context).values;
  return {
    lines: report.lines(resolved, ALL_ACCOUNTS, engine.dialect).sql,
    summary: report.summary(resolved, ALL_ACCOUNTS, engine.dialect).sql,
  };
}

describe.runIf(RUN_CLICKHOUSE)(
  'paginated reports on the shards of a two-shard ClickHouse cluster',
  { timeout: 120_000 },
  () => {
    it('leave out a meter reading and an alert of a device that devices does not have on a shard, as DuckDB does', async () => {
      const shard = createClient({ url: engines.nodeUrls[1] ?? '', database: engines.database });
      try {
        // The rows are there, on the shard, on both engines.
        const onShard = await rows(
          shard,
          `SELECT (SELECT count() FROM meter_readings_local WHERE device_id = '${GHOST_DEVICE}'),
                  (SELECT count() FROM service_alerts_local WHERE device_id = '${GHOST_DEVICE}')`,
        );
        expect(onShard.map((row) => row.map(Number))).toEqual([[1, 1]]);
      } finally {
        await shard.close();
      }
      const inDuckDb = await engines.duckdb.query(
        `SELECT (SELECT count(*) FROM meter_readings WHERE device_id = $1), (SELECT count(*) FROM service_alerts WHERE device_id = $1)`,
        [GHOST_DEVICE],
      );
      expect(inDuckDb.rows.map((row) => row.map(Number))).toEqual([[1, 1]]);
      for (const [reportId, values] of Object.entries(ghostParameters())) {
        const duckdb = await renderPaginated(engines.duckdb, reportId, values, ALL_ACCOUNTS);
        const clickhouse = await renderPaginated(engines.clickhouse, reportId, values, ALL_ACCOUNTS);
        expect(duckdb.bodyLines, reportId).toBeGreaterThan(2);
        expect(clickhouse.pages, reportId).toEqual(duckdb.pages);
        expect(clickhouse.streamed, reportId).toEqual(duckdb.streamed);
        expect(clickhouse.csv, reportId).toEqual(duckdb.csv);
        expect(JSON.stringify(clickhouse.csv), reportId).not.toContain(GHOST_DEVICE);
      }
    });

    it('the invoice: each shard joins its readings to its devices and sums them per device, sending one row per device, not its readings', async () => {
      const { lines, summary } = await statementsOf(
        engines.clickhouse,
        INVOICE_REPORT_ID,
        ghostParameters()[INVOICE_REPORT_ID] ?? [],
      );
      const shard = createClient({ url: engines.nodeUrls[1] ?? '', database: engines.database });
      let devices: number;
      let readings: number;
      try {
        const [[deviceCount, readingCount] = []] = await rows(
          shard,
          `SELECT (SELECT count() FROM devices_local WHERE database_name = '${shardAccount}'),
                  (SELECT count() FROM meter_readings_local WHERE database_name = '${shardAccount}')`,
        );
        [devices, readings] = [Number(deviceCount), Number(readingCount)];
      } finally {
        await shard.close();
      }
      expect(readings).toBeGreaterThan(10 * devices);
      for (const [what, sql] of Object.entries({ lines, summary })) {
        const received = await shardStatements(engines, sql, `invoice-${what}`);
        const facts = received.filter((s) => /meter_readings_local/.test(s.query));
        expect(facts.length, what).toBeGreaterThan(0);
        for (const statement of facts) {
          expect(statement.query, what).toMatch(/FROM [`.\w]*meter_readings_local\s+ALL INNER JOIN/);
          expect(statement.query, what).toMatch(/devices_local/);
          expect(statement.query, what).toMatch(/GROUP BY/);
          // The row-level-security predicate on both tables, the month's range with them.
          expect(statement.query.match(/database_name IN \(/g)?.length, what).toBeGreaterThanOrEqual(2);
          expect(statement.query, what).toMatch(/date >= toDate\('2024-05-01'\)/);
          expect(statement.resultRows, what).toBeLessThanOrEqual(devices);
        }
      }
    });

    it('device alerts: each shard joins its alerts in range to its devices, sending only those alerts', async () => {
      const { lines } = await statementsOf(
        engines.clickhouse,
        DEVICE_ALERTS_REPORT_ID,
        ghostParameters()[DEVICE_ALERTS_REPORT_ID] ?? [],
      );
      const shard = createClient({ url: engines.nodeUrls[1] ?? '', database: engines.database });
      let inRange: number;
      let all: number;
      try {
        const [[matched, total] = []] = await rows(
          shard,
          `SELECT (SELECT count() FROM service_alerts_local WHERE database_name = '${shardAccount}'
                     AND opened_date BETWEEN '2024-05-01' AND '2024-05-31' AND device_id != '${GHOST_DEVICE}'),
                  (SELECT count() FROM service_alerts_local WHERE database_name = '${shardAccount}')`,
        );
        [inRange, all] = [Number(matched), Number(total)];
      } finally {
        await shard.close();
      }
      expect(all).toBeGreaterThan(inRange);
      const received = await shardStatements(engines, lines, 'alerts-lines');
      const facts = received.filter((s) => /service_alerts_local/.test(s.query));
      expect(facts.length).toBeGreaterThan(0);
      for (const statement of facts) {
        expect(statement.query).toMatch(/FROM [`.\w]*service_alerts_local\s+ALL INNER JOIN/);
        expect(statement.query).toMatch(/devices_local/);
        expect(statement.query.match(/database_name IN \(/g)?.length).toBeGreaterThanOrEqual(2);
        expect(statement.query).toMatch(/opened_date >= toDate\('2024-05-01'\)/);
        expect(statement.resultRows).toBeLessThanOrEqual(inRange);
      }
    });
  },
);
