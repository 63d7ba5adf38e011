/**
 * Quick create on both engines: the same supplied rows (hostile text, NULLs, negative and fractional numbers,
 * booleans, dates and timestamps) become engine tables on the embedded DuckDB and on the run's ClickHouse cluster,
 * and every visual of the automatic report answers alike; the rows belong to the creating account only.
 */
import { describe, expect, it } from 'vitest';
import { visualQuery } from '@portico/analytics-model';
import type { Dataset } from '@portico/analytics-model';
import { openClickHouseEngine } from '../../src/data/clickhouse-engine.ts';
import type { Engine } from '../../src/data/engine.ts';
import { autoReport } from '../../src/kinds/create/auto-report.ts';
import { DatasetConfigError, parseDatasetConfig } from '../../src/kinds/create/dataset-config.ts';
import {
  buildUserDataset,
  checkStorable,
  createUserTables,
  dropUserTables,
  existingUserTables,
  storedRows,
} from '../../src/kinds/create/user-dataset.ts';
import { clickHouseDialect } from '../../src/query/dialect.ts';
import { runVisualQuery } from '../../src/query/run.ts';
import { TEST_NOW } from '../helpers/fleet.ts';
import { comparable } from './compare.ts';
import { HOSTILE, MILLISECOND_TIMES, MILLISECONDS_CONFIG, QUICK_CREATE_CONFIG } from './cases.ts';
import { RUN_CLICKHOUSE, useEngines } from './engines.ts';
import type { Engines } from './engines.ts';

let engines: Engines;

useEngines((opened) => {
  engines = opened;
});

async function make(engine: Engine, tables: ReturnType<typeof parseDatasetConfig>): Promise<Dataset> {
  checkStorable(engine.dialect, tables);
  const dataset = buildUserDataset(tables, { workspaceId: 'quick-create-conformance' });
  await createUserTables(engine, dataset, 'fabrikam', storedRows(tables));
  return dataset;
}

describe.runIf(RUN_CLICKHOUSE)('quick create on DuckDB and a ClickHouse cluster', { timeout: 60_000 }, () => {
  it('stores the supplied rows exactly and answers every visual of the automatic report alike', async () => {
    const tables = parseDatasetConfig(QUICK_CREATE_CONFIG);
    const duckdb = await make(engines.duckdb, tables);
    // The same model (its physical names) over both engines.
    await createUserTables(engines.clickhouse, duckdb, 'fabrikam', storedRows(tables));
    try {
      const definition = autoReport(duckdb);
      let visuals = 0;
      for (const page of definition.pages) {
        for (const visual of page.visuals) {
          const query = visualQuery(definition, page, visual);
          const context = { databaseNames: ['fabrikam'], now: TEST_NOW };
          const expected = await runVisualQuery(engines.duckdb, duckdb, query, context);
          const actual = await runVisualQuery(engines.clickhouse, duckdb, query, context);
          expect(actual.columns, visual.name).toEqual(expected.columns);
          expect(comparable(actual.rows, true), visual.name).toEqual(comparable(expected.rows, true));
          expect(expected.rows.length, visual.name).toBeGreaterThan(0);
          visuals += 1;
        }
      }
      expect(visuals).toBeGreaterThan(3);
      // The table visual gives back every supplied text as it was.
      const [page] = definition.pages;
      const table = page?.visuals[0];
      if (page === undefined || table === undefined) throw new Error('no table visual');
      const answer = await runVisualQuery(engines.clickhouse, duckdb, visualQuery(definition, page, table), {
        databaseNames: ['fabrikam'],
        now: TEST_NOW,
      });
      const customers = new Set(answer.rows.map((row) => row[1]));
      for (const name of HOSTILE) expect(customers.has(name), name).toBe(true);
      // Another account's token sees none of the rows, on either engine.
      for (const engine of [engines.duckdb, engines.clickhouse]) {
        const other = await runVisualQuery(engine, duckdb, visualQuery(definition, page, table), {
          databaseNames: ['contoso_us'],
          now: TEST_NOW,
        });
        expect({ engine: engine.source, rows: other.rows }).toEqual({ engine: engine.source, rows: [] });
      }
      const names = duckdb.tables.map((t) => t.source);
      for (const engine of [engines.duckdb, engines.clickhouse]) {
        const existing = await existingUserTables(engine);
        expect(names.every((name) => existing.has(name))).toBe(true);
      }
    } finally {
      await dropUserTables(engines.duckdb, duckdb);
      await dropUserTables(engines.clickhouse, duckdb);
    }
    for (const engine of [engines.duckdb, engines.clickhouse]) {
      const existing = await existingUserTables(engine);
      expect(duckdb.tables.some((t) => existing.has(t.source))).toBe(false);
    }
  });

  it('keeps a dataset on the node the service connects to: MergeTree tables there, none on the other shard', async () => {
    const tables = parseDatasetConfig(QUICK_CREATE_CONFIG);
    const dataset = await make(engines.clickhouse, tables);
    const [connected, other] = engines.nodeUrls;
    if (connected === undefined || other === undefined)
      throw new Error('the cluster has fewer than two nodes');
    const sameNode = openClickHouseEngine({ url: connected, database: engines.database });
    const otherNode = openClickHouseEngine({ url: other, database: engines.database });
    try {
      const names = dataset.tables.map((t) => t.source);
      const kinds = await sameNode.query(
        `SELECT name, engine FROM system.tables WHERE database = currentDatabase() AND startsWith(name, 'qc_') ORDER BY name`,
      );
      expect(kinds.rows).toEqual([...names].sort().map((name) => [name, 'MergeTree']));
      // A new connection to that node (the service after a restart) finds them; the other shard has none.
      const existing = await existingUserTables(sameNode);
      expect(names.every((name) => existing.has(name))).toBe(true);
      expect([...(await existingUserTables(otherNode))]).toEqual([]);
      const definition = autoReport(dataset);
      const [page] = definition.pages;
      const table = page?.visuals[0];
      if (page === undefined || table === undefined) throw new Error('no table visual');
      const answer = await runVisualQuery(sameNode, dataset, visualQuery(definition, page, table), {
        databaseNames: ['fabrikam'],
        now: TEST_NOW,
      });
      expect(answer.rows).toHaveLength(tables[0]?.rows.length ?? -1);
    } finally {
      await dropUserTables(engines.clickhouse, dataset);
      await Promise.all([sameNode.close(), otherNode.close()]);
    }
  });

  it('stores timestamps in whole seconds on 18.16 (no DateTime64: a fraction rounds up), where DuckDB keeps milliseconds', async () => {
    const version = await engines.clickhouse.query('SELECT version()');
    expect(String(version.rows[0]?.[0])).toMatch(/^18\./);
    const tables = parseDatasetConfig(MILLISECONDS_CONFIG);
    const dataset = await make(engines.duckdb, tables);
    await createUserTables(engines.clickhouse, dataset, 'fabrikam', storedRows(tables));
    try {
      const [table] = dataset.tables;
      const at = table?.columns.find((c) => c.name === 'At');
      if (table === undefined || at === undefined) throw new Error('no Events table');
      const query = { select: [{ column: { table: table.name, column: at.name } }] };
      const context = { databaseNames: ['fabrikam'], now: TEST_NOW };
      const kept = await runVisualQuery(engines.duckdb, dataset, query, context);
      expect(kept.rows.map((row) => row[0])).toEqual(MILLISECOND_TIMES.map(([, iso]) => iso));
      const rounded = await runVisualQuery(engines.clickhouse, dataset, query, context);
      // 00:30:00.250 and .999 both become 00:30:01, as 00:30:01 is (one group of three); 23:59:59.001 becomes the
      // next midnight.
      expect(rounded.rows.map((row) => row[0])).toEqual(['2024-05-01T00:30:01Z', '2025-01-01T00:00:00Z']);
      expect(engines.clickhouse.dialect).toBe(clickHouseDialect);
    } finally {
      await dropUserTables(engines.duckdb, dataset);
      await dropUserTables(engines.clickhouse, dataset);
    }
  });

  it('refuses on ClickHouse, before any table is made, a date it would not store as given', () => {
    const tables = parseDatasetConfig({
      locale: 'en-US',
      tableSchemaList: [{ name: 'Old', columns: [{ name: 'Day', dataType: 'Date' }] }],
      data: [{ name: 'Old', rows: [['1969-12-31']] }],
    });
    expect(() => checkStorable(engines.duckdb.dialect, tables)).not.toThrow();
    const refusal = (() => {
      try {
        checkStorable(engines.clickhouse.dialect, tables);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refusal).toBeInstanceOf(DatasetConfigError);
    expect((refusal as DatasetConfigError).reason).toBe('INVALID_VALUE');
    expect((refusal as DatasetConfigError).message).toMatch(/Row 1 of table 'Old', column 'Day'.*1970-01-01/);
  });
});
