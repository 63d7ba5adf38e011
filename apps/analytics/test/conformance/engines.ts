/**
 * The two engines of the conformance suite, over the same rows: the test fleet in an embedded DuckDB, and the same
 * parameters loaded into a real two-shard ClickHouse cluster (Distributed tables over MergeTree shards).
 *
 * ClickHouse tests run wherever `clickhouse-server` is installed, and always in CI (CI=1 or TEST_CLICKHOUSE=1), where a
 * missing server fails the suite. Elsewhere, without the server, the suite says why it skipped.
 */
import { createClient } from '@clickhouse/client';
import { SAMPLE_ACCOUNTS } from '@portico/fleet-data';
import { openClickHouseEngine } from '../../src/data/clickhouse-engine.ts';
import type { Engine } from '../../src/data/engine.ts';
import { loadSampleIntoClickHouse } from '../../src/data/sample-export.ts';
import { clickHouseServerBinary, startClickHouseCluster } from '../helpers/clickhouse-cluster.ts';
import type { ClickHouseCluster } from '../helpers/clickhouse-cluster.ts';
import { openTestFleet, TEST_DATA } from '../helpers/fleet.ts';
import type { TestFleet } from '../helpers/fleet.ts';

/** Whether ClickHouse tests must run (CI), and whether they can (the server is installed). */
export const CLICKHOUSE_REQUIRED = process.env['CI'] !== undefined || process.env['TEST_CLICKHOUSE'] === '1';
export const CLICKHOUSE_AVAILABLE = clickHouseServerBinary() !== undefined;
export const RUN_CLICKHOUSE = CLICKHOUSE_AVAILABLE || CLICKHOUSE_REQUIRED;
if (!RUN_CLICKHOUSE) {
  console.warn(
    'ClickHouse conformance skipped: clickhouse-server is not installed (apt-get install clickhouse-server) and CI is not set',
  );
}

export interface Engines {
  readonly duckdb: Engine;
  readonly clickhouse: Engine;
  readonly cluster: ClickHouseCluster;
  readonly fleet: TestFleet;
  close(): Promise<void>;
}

/** Starts the cluster, loads the test data into it and into DuckDB (a few seconds in all). */
export async function openEngines(): Promise<Engines> {
  const fleet = await openTestFleet();
  const cluster = await startClickHouseCluster();
  const nodes = cluster.nodes.map((node) => createClient({ url: node.url }));
  try {
    const [first] = nodes;
    if (first === undefined) throw new Error('the cluster has no node');
    await loadSampleIntoClickHouse(
      { client: first, nodes, layout: { database: 'default', cluster: cluster.clusterName } },
      { ...fleet.fleet.parameters },
    );
  } catch (error) {
    await cluster.stop();
    await fleet.close();
    throw error;
  } finally {
    await Promise.all(nodes.map((node) => node.close()));
  }
  const clickhouse = openClickHouseEngine({ url: cluster.url });
  return {
    duckdb: fleet.fleet.engine,
    clickhouse,
    cluster,
    fleet,
    async close() {
      await clickhouse.close();
      await cluster.stop();
      await fleet.close();
    },
  };
}

export const ALL_ACCOUNTS: readonly string[] = SAMPLE_ACCOUNTS.map((a) => a.databaseName);
export { TEST_DATA };
