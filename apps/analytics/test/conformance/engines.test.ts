/**
 * One conformance suite on both engines: the same queries, compiled once per dialect, give the same rows on the
 * embedded DuckDB and on a real two-shard ClickHouse cluster — every visual of every sample report, every filter type
 * and operator, top N, relative dates, underlying data, Q&A's queries and the row-level-security widening attempts.
 */
import { createClient } from '@clickhouse/client';
import { describe, expect, it } from 'vitest';
import { SAMPLE_REPORTS } from '../../src/models/built-in.ts';
import { PRINT_FLEET_DATASET } from '../../src/models/built-in.ts';
import { visualQuery } from '@portico/analytics-model';
import { openClickHouseEngine } from '../../src/data/clickhouse-engine.ts';
import { compileVisualQuery } from '../../src/query/compile.ts';
import { clickHouseDialect } from '../../src/query/dialect.ts';
import type { Engine } from '../../src/data/engine.ts';
import { loadSampleIntoClickHouse } from '../../src/data/sample-export.ts';
import { clickHouseLiteral } from '../../src/query/clickhouse-literals.ts';
import type { TimeBucket } from '../../src/query/dialect.ts';
import { runCompiled, runVisualQuery } from '../../src/query/run.ts';
import type { QueryAnswer, VisualQuery } from '@portico/analytics-model';
import { compileUnderlyingQuery } from '../../src/query/underlying.ts';
import { TEST_NOW } from '../helpers/fleet.ts';
import {
  filterCases,
  LITERAL_ATTEMPTS,
  relativeDateCases,
  sampleVisualCases,
  topNCases,
  UNDERLYING_ACCOUNTS,
  underlyingQueries,
  wideningCases,
} from './cases.ts';
import type { VisualCase } from './cases.ts';
import { comparable } from './compare.ts';
import { ALL_ACCOUNTS, RUN_CLICKHOUSE, shardStatements, useEngines } from './engines.ts';
import type { Engines } from './engines.ts';

let engines: Engines;

useEngines((opened) => {
  engines = opened;
});

async function both(
  run: (engine: Engine) => Promise<QueryAnswer>,
): Promise<{ duckdb: QueryAnswer; clickhouse: QueryAnswer }> {
  const duckdb = await run(engines.duckdb);
  const clickhouse = await run(engines.clickhouse);
  return { duckdb, clickhouse };
}

/** Runs `query` on both engines and expects the same columns, rows (in order) and truncation. */
async function expectSame(
  query: VisualQuery,
  databaseNames: readonly string[] = ALL_ACCOUNTS,
  what = '',
): Promise<QueryAnswer> {
  const context = { databaseNames, now: TEST_NOW };
  const { duckdb, clickhouse } = await both((engine) =>
    runVisualQuery(engine, PRINT_FLEET_DATASET, query, context),
  );
  expect(clickhouse.columns, what).toEqual(duckdb.columns);
  expect(comparable(clickhouse.rows, true), what).toEqual(comparable(duckdb.rows, true));
  expect(clickhouse.truncated, what).toBe(duckdb.truncated);
  return duckdb;
}

/** Every case alike on both engines; those marked so must give rows. */
async function expectCases(cases: readonly VisualCase[]): Promise<void> {
  expect(cases.length).toBeGreaterThan(0);
  for (const { what, query, databaseNames, hasRows } of cases) {
    const answer = await expectSame(query, databaseNames, what);
    if (hasRows === true) expect(answer.rows.length, `${what} has rows`).toBeGreaterThan(0);
  }
}

describe.runIf(RUN_CLICKHOUSE)(
  'DuckDB and a two-shard ClickHouse cluster answer alike',
  { timeout: 90_000 },
  () => {
    it('hold the same rows in every table (the cluster spreads the accounts over both shards)', async () => {
      for (const table of [
        'accounts',
        'devices',
        'calendar',
        'meter_readings',
        'supply_levels',
        'supply_replacements',
        'service_alerts',
      ]) {
        const duck = await engines.duckdb.query(`SELECT count(*) FROM ${table}`);
        const ch = await engines.clickhouse.query(`SELECT count() FROM ${table}`);
        expect({ table, rows: ch.rows[0]?.[0] }).toEqual({ table, rows: duck.rows[0]?.[0] });
      }
      const shards = await Promise.all(
        engines.nodeUrls.map(async (url) =>
          (
            await fetch(
              `${url}/?query=${encodeURIComponent(`SELECT count() FROM ${engines.database}.meter_readings_local`)}`,
            )
          ).text(),
        ),
      );
      for (const count of shards) expect(Number(count)).toBeGreaterThan(0);
    });

    for (const report of SAMPLE_REPORTS) {
      it(`${report.name}: every visual of every page, for every account and for fabrikam alone`, async () => {
        await expectCases(sampleVisualCases(report));
      });
    }

    it('every filter type and operator, each alone, on pages by model, site and month', async () => {
      await expectCases(filterCases());
    });

    it('top N: a visual top, a ranked top N filter, and ordering by a measure', async () => {
      await expectCases(topNCases());
    });

    it('relative dates in every unit, and relative time', async () => {
      await expectCases(relativeDateCases());
    });

    it('underlying data, with and without a measure filter', async () => {
      for (const q of underlyingQueries()) {
        const context = { databaseNames: UNDERLYING_ACCOUNTS, now: TEST_NOW };
        const { duckdb, clickhouse } = await both((engine) =>
          runCompiled(engine, compileUnderlyingQuery(PRINT_FLEET_DATASET, q, context, 500, engine.dialect)),
        );
        expect(clickhouse.columns).toEqual(duckdb.columns);
        expect(comparable(clickhouse.rows, false)).toEqual(comparable(duckdb.rows, false));
        expect(duckdb.rows.length).toBeGreaterThan(0);
      }
    });

    it('the row-level-security widening attempts: fabrikam alone on both engines', async () => {
      for (const { what, query, databaseNames } of wideningCases()) {
        const answer = await expectSame(query, databaseNames, what);
        expect({ what, accounts: [...new Set(answer.rows.map((row) => row[0]))] }).toEqual({
          what,
          accounts: answer.rows.length === 0 || databaseNames.length === 0 ? [] : ['fabrikam'],
        });
        if (databaseNames.length === 0) expect(answer.rows).toEqual([]);
      }
    });

    it('reads every injection attempt back from ClickHouse as the very text that was sent', async () => {
      const attempts = LITERAL_ATTEMPTS;
      const sql = `SELECT ${attempts.map((text, i) => `${clickHouseLiteral({ value: text })} AS a${i}`).join(', ')}`;
      const { rows } = await engines.clickhouse.query(sql);
      expect(rows[0]).toEqual(attempts);
      const devices = await engines.clickhouse.query('SELECT count() FROM devices');
      expect(Number(devices.rows[0]?.[0])).toBeGreaterThan(0);
    });

    it('truncates dates to days, Sunday weeks, months and years alike (the calendar table agrees)', async () => {
      const buckets: [TimeBucket, string][] = [
        ['day', 'date'],
        ['week', 'week_start'],
        ['month', 'month_start'],
        ['year', 'month_start'],
      ];
      for (const [bucket, column] of buckets) {
        for (const engine of [engines.duckdb, engines.clickhouse]) {
          const d = engine.dialect;
          const expected = bucket === 'year' ? d.timeBucket('year', d.ident(column)) : d.ident(column);
          const sql = `SELECT count(*) FROM calendar WHERE ${d.timeBucket(bucket, d.ident('date'))} <> ${expected}`;
          const { rows } = await engine.query(sql);
          expect({ bucket, engine: engine.source, mismatches: Number(rows[0]?.[0]) }).toEqual({
            bucket,
            engine: engine.source,
            mismatches: 0,
          });
        }
      }
    });

    it('aggregates on the shards: the initiator receives one row per group from a shard, not its meter readings', async () => {
      const query: VisualQuery = {
        select: [
          { column: { table: 'Devices', column: 'Model' } },
          { measure: { table: 'Meter readings', measure: 'Total pages' } },
        ],
      };
      await expectSame(query, ALL_ACCOUNTS, 'pages by model, every account');
      const { sql } = compileVisualQuery(
        PRINT_FLEET_DATASET,
        query,
        { databaseNames: ALL_ACCOUNTS, now: TEST_NOW },
        clickHouseDialect,
      );
      const statements = (await shardStatements(engines, sql, 'shards')).map((s) => s.query);
      const second = createClient({ url: engines.nodeUrls[1] ?? '', database: engines.database });
      try {
        expect(statements).toHaveLength(1);
        const [shardStatement = ''] = statements;
        expect(shardStatement).toMatch(/FROM [`.\w]*meter_readings_local/);
        expect(shardStatement).toMatch(/devices_local/);
        expect(shardStatement).toMatch(/GROUP BY/);
        // What the shard sends back: as many rows as it has models, where the old form sent every reading.
        const sent = await second.query({
          query: `SELECT count() FROM (${shardStatement})`,
          format: 'JSONCompact',
        });
        const readings = await second.query({
          query: `SELECT count() FROM meter_readings_local`,
          format: 'JSONCompact',
        });
        const models = await second.query({
          query: `SELECT uniqExact(model) FROM devices_local`,
          format: 'JSONCompact',
        });
        const count = async (result: typeof sent) =>
          Number(((await result.json()) as unknown as { data: unknown[][] }).data[0]?.[0]);
        const [sentRows, readingRows, modelCount] = [
          await count(sent),
          await count(readings),
          await count(models),
        ];
        expect(readingRows).toBeGreaterThan(1000);
        expect(sentRows).toBe(modelCount);
      } finally {
        await second.close();
      }
    });

    it('loads and answers on a single server too: plain MergeTree tables in their own database', async () => {
      const url = engines.nodeUrls[1] ?? '';
      const database = `${engines.database}_single`;
      const client = createClient({ url });
      const single = openClickHouseEngine({ url, database });
      try {
        const summary = await loadSampleIntoClickHouse(
          { client, nodes: [client], layout: { database } },
          { ...engines.fleet.fleet.parameters, databaseNames: ['fabrikam'] },
        );
        expect(summary.rows['meter_readings']).toBeGreaterThan(0);
        const engine = await single.query(
          `SELECT engine FROM system.tables WHERE database = '${database}' AND name = 'devices'`,
        );
        expect(engine.rows).toEqual([['MergeTree']]);
        const report = SAMPLE_REPORTS[0];
        const page = report?.definition.pages[0];
        if (report === undefined || page === undefined) throw new Error('no sample page');
        const context = { databaseNames: ['fabrikam'], now: TEST_NOW };
        for (const visual of page.visuals) {
          const query = visualQuery(report.definition, page, visual);
          const expected = await runVisualQuery(engines.duckdb, PRINT_FLEET_DATASET, query, context);
          const actual = await runVisualQuery(single, PRINT_FLEET_DATASET, query, context);
          expect(comparable(actual.rows, true), visual.name).toEqual(comparable(expected.rows, true));
        }
      } finally {
        await single.close();
        await client.command({ query: `DROP DATABASE IF EXISTS ${database}` });
        await client.close();
      }
    });
  },
);
