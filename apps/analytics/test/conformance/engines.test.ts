/**
 * One conformance suite on both engines: the same queries, compiled once per dialect, give the same rows on the
 * embedded DuckDB and on a real two-shard ClickHouse cluster — every visual of every sample report, every filter type
 * and operator, top N, relative dates, underlying data, Q&A's queries and the row-level-security widening attempts.
 */
import { createClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_REPORTS } from '../../src/models/built-in.ts';
import { PRINT_FLEET_DATASET } from '../../src/models/built-in.ts';
import { visualQuery } from '@portico/analytics-model';
import { openClickHouseEngine } from '../../src/data/clickhouse-engine.ts';
import type { Engine } from '../../src/data/engine.ts';
import { loadSampleIntoClickHouse } from '../../src/data/sample-export.ts';
import { clickHouseLiteral } from '../../src/query/clickhouse-literals.ts';
import type { TimeBucket } from '../../src/query/dialect.ts';
import { runCompiled, runVisualQuery } from '../../src/query/run.ts';
import type { QueryAnswer, VisualQuery } from '@portico/analytics-model';
import { compileUnderlyingQuery } from '../../src/query/underlying.ts';
import { TEST_NOW } from '../helpers/fleet.ts';
import { DATABASE_NAME, WIDENING } from '../helpers/widening-filters.ts';
import { comparable } from './compare.ts';
import { ALL_ACCOUNTS, openEngines, RUN_CLICKHOUSE } from './engines.ts';
import type { Engines } from './engines.ts';

const col = (table: string, column: string) => ({ column: { table, column } });
const msr = (table: string, measure: string) => ({ measure: { table, measure } });
const BASIC = 'http://powerbi.com/product/schema#basic';
const ADVANCED = 'http://powerbi.com/product/schema#advanced';
const basic = (table: string, column: string, operator: string, values: unknown[]) => ({
  $schema: BASIC,
  target: { table, column },
  operator,
  values,
  filterType: 1,
});
const advanced = (
  table: string,
  column: string,
  logicalOperator: 'And' | 'Or',
  ...conditions: unknown[]
) => ({
  $schema: ADVANCED,
  target: { table, column },
  logicalOperator,
  conditions,
  filterType: 0,
});
const relative = (
  column: [string, string],
  operator: number,
  count: number,
  unit: number,
  includeToday = true,
) => ({
  $schema: 'http://powerbi.com/product/schema#relativeDate',
  target: { table: column[0], column: column[1] },
  operator,
  timeUnitsCount: count,
  timeUnitType: unit,
  includeToday,
  filterType: 4,
});

let engines: Engines;

beforeAll(async () => {
  if (RUN_CLICKHOUSE) engines = await openEngines();
}, 180_000);
afterAll(async () => engines?.close());

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

const PAGES_BY_MODEL = { select: [col('Devices', 'Model'), msr('Meter readings', 'Total pages')] };

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
        let visuals = 0;
        for (const page of report.definition.pages) {
          for (const visual of page.visuals) {
            const query = visualQuery(report.definition, page, visual);
            const answer = await expectSame(query, ALL_ACCOUNTS, `${page.name}/${visual.name}`);
            expect(answer.rows.length, `${page.name}/${visual.name} has rows`).toBeGreaterThan(0);
            await expectSame(query, ['fabrikam'], `${page.name}/${visual.name} (fabrikam)`);
            visuals += 1;
          }
        }
        expect(visuals).toBeGreaterThan(0);
      });
    }

    const FILTERS: Record<string, unknown> = {
      'basic In': basic('Devices', 'Manufacturer', 'In', ['HP', 'Canon']),
      'basic In with blank': basic('Devices', 'Retired date', 'In', [null, '2024-05-01']),
      'basic NotIn': basic('Devices', 'Site', 'NotIn', ['Lyon']),
      'basic NotIn with blank': basic('Devices', 'Retired date', 'NotIn', [null]),
      'basic NotIn nothing': basic('Devices', 'Site', 'NotIn', []),
      'basic All': basic('Devices', 'Site', 'All', []),
      'basic In booleans': basic('Devices', 'Is colour', 'In', [true]),
      'basic In numbers': basic('Devices', 'Monthly duty cycle', 'In', [5000, 10000, 20000]),
      'advanced comparisons (And)': advanced(
        'Devices',
        'Monthly duty cycle',
        'And',
        { operator: 'GreaterThan', value: 1000 },
        { operator: 'LessThanOrEqual', value: 50000 },
      ),
      'advanced comparisons (Or)': advanced(
        'Devices',
        'Install date',
        'Or',
        { operator: 'LessThan', value: '2022-01-01' },
        { operator: 'GreaterThanOrEqual', value: '2024-03-01T00:00:00.000Z' },
      ),
      'advanced Is / IsNot': advanced(
        'Devices',
        'Colour or mono',
        'Or',
        { operator: 'Is', value: 'Colour' },
        { operator: 'IsNot', value: 'Mono' },
      ),
      'advanced Contains (any case)': advanced('Devices', 'Model', 'And', {
        operator: 'Contains',
        value: 'LASER',
      }),
      'advanced DoesNotContain': advanced('Devices', 'Model', 'And', {
        operator: 'DoesNotContain',
        value: 'pro',
      }),
      'advanced StartsWith': advanced('Devices', 'Serial number', 'And', {
        operator: 'StartsWith',
        value: 'c',
      }),
      'advanced DoesNotStartWith': advanced('Devices', 'Location', 'And', {
        operator: 'DoesNotStartWith',
        value: 'Floor',
      }),
      'advanced IsBlank on text': advanced('Accounts', 'Customer', 'And', { operator: 'IsBlank', value: '' }),
      'advanced IsNotBlank on a date': advanced('Devices', 'Retired date', 'And', {
        operator: 'IsNotBlank',
        value: '',
      }),
      'advanced on a timestamp': advanced('Service alerts', 'Opened at', 'And', {
        operator: 'GreaterThanOrEqual',
        value: '2024-06-01T06:30:00Z',
      }),
      'advanced with injection text': advanced(
        'Devices',
        'Model',
        'Or',
        { operator: 'Is', value: "x' OR '1'='1" },
        { operator: 'Contains', value: "\\'; DROP TABLE devices; --" },
      ),
      'top 3 models by pages': {
        $schema: 'http://powerbi.com/product/schema#topN',
        target: { table: 'Devices', column: 'Model' },
        operator: 'Top',
        itemCount: 3,
        orderBy: msr('Meter readings', 'Total pages').measure,
        filterType: 5,
      },
      'bottom 2 sites by alerts': {
        $schema: 'http://powerbi.com/product/schema#topN',
        target: { table: 'Devices', column: 'Site' },
        operator: 'Bottom',
        itemCount: 2,
        orderBy: msr('Service alerts', 'Alerts').measure,
        filterType: 5,
      },
      'a tuple': {
        $schema: 'http://powerbi.com/product/schema#tuple',
        target: [
          { table: 'Devices', column: 'Manufacturer' },
          { table: 'Devices', column: 'Colour or mono' },
        ],
        operator: 'In',
        values: [
          [{ value: 'HP' }, { value: 'Mono' }],
          [{ value: 'Canon' }, { value: 'Colour' }],
        ],
        filterType: 6,
      },
      'a hierarchy': {
        $schema: 'http://powerbi.com/product/schema#hierarchy',
        target: [
          { table: 'Devices', hierarchy: 'Fleet', hierarchyLevel: 'Manufacturer' },
          { table: 'Devices', hierarchy: 'Fleet', hierarchyLevel: 'Model' },
        ],
        hierarchyData: [
          {
            operator: 'Selected',
            value: 'HP',
            children: [{ operator: 'NotSelected', value: 'LaserJet Pro 4002dn' }],
          },
          {
            operator: 'NotSelected',
            value: 'Canon',
            children: [{ operator: 'Selected', value: 'imageRUNNER C3226i' }],
          },
        ],
        filterType: 9,
      },
      'a measure filter (pages above 1,000)': advanced('Meter readings', 'Total pages', 'And', {
        operator: 'GreaterThan',
        value: 1000,
      }),
    };
    // Measure filters target { table, measure }: rewrite that one's target.
    (FILTERS['a measure filter (pages above 1,000)'] as { target: unknown }).target = msr(
      'Meter readings',
      'Total pages',
    ).measure;

    it('every filter type and operator, each alone, on pages by model, site and month', async () => {
      for (const [what, filter] of Object.entries(FILTERS)) {
        await expectSame(
          {
            select: [
              col('Devices', 'Model'),
              col('Devices', 'Site'),
              col('Calendar', 'Month'),
              msr('Meter readings', 'Total pages'),
              msr('Service alerts', 'Alerts'),
            ],
            filters: [filter],
          },
          ALL_ACCOUNTS,
          what,
        );
        await expectSame(
          { ...PAGES_BY_MODEL, filters: [filter] },
          ['fabrikam', 'northwind'],
          `${what} (two accounts)`,
        );
      }
    });

    it('top N: a visual top, a ranked top N filter, and ordering by a measure', async () => {
      await expectSame({
        ...PAGES_BY_MODEL,
        top: 3,
        orderBy: [{ field: msr('Meter readings', 'Total pages'), direction: 'Descending' }],
      });
      await expectSame({ ...PAGES_BY_MODEL, filters: [FILTERS['top 3 models by pages']] });
      await expectSame({
        select: [
          col('Devices', 'Site'),
          msr('Service alerts', 'Alerts'),
          msr('Meter readings', 'Colour share'),
        ],
        orderBy: [{ field: msr('Meter readings', 'Colour share'), direction: 'Ascending' }],
      });
    });

    it('relative dates in every unit, and relative time', async () => {
      const byDay = { select: [col('Calendar', 'Date'), msr('Meter readings', 'Total pages')] };
      for (const operator of [0, 1, 2]) {
        for (const unit of [0, 1, 2, 3, 4, 5, 6]) {
          for (const includeToday of [true, false]) {
            const filter = relative(['Calendar', 'Date'], operator, 2, unit, includeToday);
            await expectSame(
              { ...byDay, filters: [filter] },
              ALL_ACCOUNTS,
              `operator ${operator} unit ${unit} today ${includeToday}`,
            );
          }
        }
      }
      for (const [operator, unit] of [
        [0, 8],
        [0, 7],
        [1, 8],
      ] as const) {
        await expectSame(
          {
            select: [col('Service alerts', 'Alert ID'), col('Service alerts', 'Opened at')],
            filters: [
              {
                ...relative(['Service alerts', 'Opened at'], operator, 36, unit),
                $schema: 'http://powerbi.com/product/schema#relativeTime',
                filterType: 7,
              },
            ],
          },
          ALL_ACCOUNTS,
          `relative time ${operator}/${unit}`,
        );
      }
    });

    it('underlying data, with and without a measure filter', async () => {
      const query = {
        select: [col('Devices', 'Site'), msr('Meter readings', 'Total pages')],
        filters: [FILTERS['a measure filter (pages above 1,000)'], FILTERS['basic In']],
      };
      for (const q of [
        query,
        { ...query, filters: [FILTERS['basic In']] },
        {
          select: [msr('Meter readings', 'Total pages')],
          filters: [FILTERS['a measure filter (pages above 1,000)']],
        },
      ]) {
        const context = { databaseNames: ['fabrikam', 'tailspin'], now: TEST_NOW };
        const { duckdb, clickhouse } = await both((engine) =>
          runCompiled(engine, compileUnderlyingQuery(PRINT_FLEET_DATASET, q, context, 500, engine.dialect)),
        );
        expect(clickhouse.columns).toEqual(duckdb.columns);
        expect(comparable(clickhouse.rows, false)).toEqual(comparable(duckdb.rows, false));
        expect(duckdb.rows.length).toBeGreaterThan(0);
      }
    });

    it('the row-level-security widening attempts: fabrikam alone on both engines', async () => {
      const byAccount = { select: [{ column: DATABASE_NAME }, msr('Meter readings', 'Total pages')] };
      for (const [what, filter] of Object.entries(WIDENING)) {
        const answer = await expectSame({ ...byAccount, filters: [filter] }, ['fabrikam'], what);
        expect({ what, accounts: [...new Set(answer.rows.map((row) => row[0]))] }).toEqual({
          what,
          accounts: answer.rows.length === 0 ? [] : ['fabrikam'],
        });
      }
      const none = await expectSame(byAccount, [], 'no accounts');
      expect(none.rows).toEqual([]);
    });

    it('reads every injection attempt back from ClickHouse as the very text that was sent', async () => {
      const attempts = [
        "'; DROP TABLE devices; --",
        "\\'; --",
        '\\',
        "x\\'",
        'a\0b',
        'line\nbreak\r\t',
        '/* c */ -- d # e',
        '日本語 🖨️ \u202E',
        "'); SELECT * FROM system.users; --",
      ];
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
