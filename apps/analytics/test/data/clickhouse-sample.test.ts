/**
 * The ClickHouse sample loader against a real two-shard cluster: the RowBinary streams it writes hold exactly the
 * rows the DuckDB loader (`loadFleet`) makes from the same parameters — every table, every column, every value —
 * and each account's rows sit on one shard.
 */
import { createClient } from '@clickhouse/client';
import type { ClickHouseClient } from '@clickhouse/client';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickHouseColumns } from '../../src/data/clickhouse-schema.ts';
import { FLEET_TABLES } from '../../src/data/fleet-schema.ts';
import type { FleetTable } from '../../src/data/fleet-schema.ts';
import { loadFleet } from '../../src/data/load-fleet.ts';
import type { FleetLoadParameters } from '../../src/data/load-fleet.ts';
import { loadSampleIntoClickHouse } from '../../src/data/sample-export.ts';
import type { ExportSummary } from '../../src/data/sample-export.ts';
import { clickHouseServerBinary, startClickHouseCluster } from '../helpers/clickhouse-cluster.ts';
import type { ClickHouseCluster } from '../helpers/clickhouse-cluster.ts';

if (clickHouseServerBinary() === undefined && process.env['CI'] === undefined) {
  console.warn(
    'ClickHouse loader test: clickhouse-server is not installed; the test fails to start the cluster',
  );
}

/** Two sample accounts, a generated one and one whose name needs more than ASCII (the RowBinary string lengths). */
const PARAMETERS: FleetLoadParameters = {
  databaseNames: ['fabrikam', 'northwind', 'account_00006', 'ñandú_café'],
  endDate: '2024-06-30',
  days: 40,
  scale: 0.1,
  seed: 0,
};

type Row = readonly unknown[];

/** Booleans as ClickHouse stores them (UInt8); everything else as both engines' JSON gives it. */
const normalise = (row: Row): Row => row.map((value) => (typeof value === 'boolean' ? Number(value) : value));
const sorted = (rows: readonly Row[]): string[] => rows.map((row) => JSON.stringify(normalise(row))).sort();

async function duckRows(parameters: FleetLoadParameters): Promise<Record<FleetTable, Row[]>> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await loadFleet(connection, parameters);
    const out = {} as Record<FleetTable, Row[]>;
    for (const table of FLEET_TABLES) {
      const names = clickHouseColumns(table).map((c) => c.name);
      const reader = await connection.runAndReadAll(`SELECT ${names.join(', ')} FROM ${table}`);
      out[table] = reader.getRowsJson() as Row[];
    }
    return out;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

async function clickRows(
  client: ClickHouseClient,
  table: string,
  columns: readonly string[],
): Promise<Row[]> {
  const result = await client.query({
    query: `SELECT ${columns.join(', ')} FROM ${table}`,
    format: 'JSONCompact',
    clickhouse_settings: { output_format_json_quote_64bit_integers: 0 },
  });
  return ((await result.json()) as unknown as { data: Row[] }).data;
}

let cluster: ClickHouseCluster;
let nodes: ClickHouseClient[];
let loaded: ExportSummary;
let expected: Record<FleetTable, Row[]>;

beforeAll(async () => {
  cluster = await startClickHouseCluster();
  nodes = cluster.nodes.map((node) => createClient({ url: node.url }));
  const [first] = nodes;
  if (first === undefined) throw new Error('the cluster has no node');
  loaded = await loadSampleIntoClickHouse(
    { client: first, nodes, layout: { database: 'default', cluster: cluster.clusterName } },
    PARAMETERS,
  );
  expected = await duckRows(PARAMETERS);
});

afterAll(async () => {
  await Promise.all((nodes ?? []).map((node) => node.close()));
  await cluster?.stop();
});

describe('the ClickHouse sample loader', () => {
  it('loads every table with the rows the DuckDB loader makes from the same parameters, value for value', async () => {
    const [first] = nodes;
    if (first === undefined) throw new Error('no node');
    for (const table of FLEET_TABLES) {
      const names = clickHouseColumns(table).map((c) => c.name);
      const rows = await clickRows(first, table, names);
      expect(rows.length, table).toBeGreaterThan(0);
      expect(rows.length, table).toBe(expected[table].length);
      expect(loaded.rows[table], table).toBe(rows.length);
      expect(sorted(rows), table).toEqual(sorted(expected[table]));
    }
  });

  it('tags every row with one of the loaded accounts, and every account has readings', async () => {
    const [first] = nodes;
    if (first === undefined) throw new Error('no node');
    const perAccount = await clickRows(
      first,
      'meter_readings GROUP BY database_name ORDER BY database_name',
      ['database_name', 'count()', 'min(mono_pages) >= 0', 'min(lifetime_mono) >= 0'],
    );
    expect(perAccount.map((row) => row[0])).toEqual([...PARAMETERS.databaseNames].sort());
    for (const row of perAccount) {
      expect(row[1]).toBeGreaterThan(0);
      expect(row.slice(2)).toEqual([1, 1]);
    }
  });

  it("keeps each account's rows on one shard, and the shards together hold them all", async () => {
    const perNode = await Promise.all(
      nodes.map(async (node) =>
        (
          await clickRows(node, 'meter_readings_local GROUP BY database_name', ['database_name', 'count()'])
        ).map((row) => [String(row[0]), Number(row[1])] as const),
      ),
    );
    const seen = perNode.flat().map(([name]) => name);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...PARAMETERS.databaseNames].sort());
    expect(perNode.flat().reduce((sum, [, count]) => sum + count, 0)).toBe(expected.meter_readings.length);
  });

  it('fills only the fact tables asked for, and reloads from scratch', async () => {
    const [first] = nodes;
    if (first === undefined) throw new Error('no node');
    const summary = await loadSampleIntoClickHouse(
      { client: first, nodes, layout: { database: 'default', cluster: cluster.clusterName } },
      { ...PARAMETERS, databaseNames: ['fabrikam'], facts: ['meter_readings'] },
    );
    expect(Object.keys(summary.rows).sort()).toEqual(['accounts', 'calendar', 'devices', 'meter_readings']);
    const counts = await clickRows(first, 'system.one', [
      '(SELECT count() FROM default.supply_levels)',
      '(SELECT uniqExact(database_name) FROM default.meter_readings)',
    ]);
    expect(counts).toEqual([[0, 1]]);
    // Put the full load back for any test after this one.
    loaded = await loadSampleIntoClickHouse(
      { client: first, nodes, layout: { database: 'default', cluster: cluster.clusterName } },
      PARAMETERS,
    );
  });
});
