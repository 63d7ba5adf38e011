/**
 * The two engines of the conformance suite, over the same rows: the test fleet in an embedded DuckDB, and the same
 * parameters loaded into the run's real two-shard ClickHouse cluster (Distributed tables over MergeTree shards), in
 * a database of this file's own so that files stay independent.
 *
 * The cluster is started once per run by test/support/clickhouse-global-setup.ts. Without `clickhouse-server` these
 * files skip, saying why, except in CI (CI=… or TEST_CLICKHOUSE=1), where they fail.
 */
import { randomBytes } from 'node:crypto';
import { createClient } from '@clickhouse/client';
import { CLICKHOUSE_QUERY_SETTINGS } from '../../src/data/clickhouse-engine.ts';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { openClickHouseEngine } from '../../src/data/clickhouse-engine.ts';
import type { Engine } from '../../src/data/engine.ts';
import { loadSampleIntoClickHouse } from '../../src/data/sample-export.ts';
import { openTestFleet, TEST_DATA } from '../helpers/fleet.ts';
import type { TestFleet } from '../helpers/fleet.ts';

const provided = inject('clickhouse');

/** Whether this run has (or must have) ClickHouse: false only where it is absent and not required. */
export const RUN_CLICKHOUSE = provided.state !== 'absent';

export interface Engines {
  readonly duckdb: Engine;
  readonly clickhouse: Engine;
  /** This file's database on every node. */
  readonly database: string;
  /** Every node's HTTP URL; the first is where the engine connects. */
  readonly nodeUrls: readonly string[];
  readonly fleet: TestFleet;
  close(): Promise<void>;
}

/** The run's cluster, or the reason there is none (which fails the calling file). */
export function clickHouseCluster(): { url: string; clusterName: string; nodeUrls: string[] } {
  if (provided.state !== 'running') throw new Error(provided.reason);
  return provided;
}

/** Statements on every node of the cluster (DDL is per node: 18.16's ON CLUSTER needs ZooKeeper). */
export async function onEveryNode(nodeUrls: readonly string[], statement: string): Promise<void> {
  await Promise.all(
    nodeUrls.map(async (url) => {
      const client = createClient({ url });
      try {
        await client.command({ query: statement });
      } finally {
        await client.close();
      }
    }),
  );
}

/** Loads the test data into DuckDB and into a new database of the run's cluster (a few seconds in all). */
export async function openEngines(): Promise<Engines> {
  const cluster = clickHouseCluster();
  const database = `conformance_${randomBytes(6).toString('hex')}`;
  const fleet = await openTestFleet();
  const nodes = cluster.nodeUrls.map((url) => createClient({ url }));
  try {
    const [first] = nodes;
    if (first === undefined) throw new Error('the cluster has no node');
    await loadSampleIntoClickHouse(
      { client: first, nodes, layout: { database, cluster: cluster.clusterName } },
      { ...fleet.fleet.parameters },
    );
  } catch (error) {
    await fleet.close();
    await onEveryNode(cluster.nodeUrls, `DROP DATABASE IF EXISTS ${database}`);
    throw error;
  } finally {
    await Promise.all(nodes.map((node) => node.close()));
  }
  const clickhouse = openClickHouseEngine({ url: cluster.url, database });
  return {
    duckdb: fleet.fleet.engine,
    clickhouse,
    database,
    nodeUrls: cluster.nodeUrls,
    fleet,
    async close() {
      await clickhouse.close();
      await onEveryNode(cluster.nodeUrls, `DROP DATABASE IF EXISTS ${database}`);
      await fleet.close();
    },
  };
}

/**
 * Opens the engines for this file once (where ClickHouse runs or is required) and hands them to `set`. When they
 * cannot be opened (CI without a working server), every test of the file FAILS with the reason, rather than being
 * skipped as a failing beforeAll would leave them.
 */
export function useEngines(set: (engines: Engines) => Promise<void> | void): void {
  let opened: Engines | undefined;
  let failure: unknown;
  beforeAll(async () => {
    if (!RUN_CLICKHOUSE) return;
    try {
      opened = await openEngines();
      await set(opened);
    } catch (error) {
      failure = error;
    }
  }, 180_000);
  beforeEach(() => {
    if (failure !== undefined) throw failure;
  });
  afterAll(async () => opened?.close());
}

/**
 * The statements the second node received, as a shard, for `sql` sent to the first node as the engine sends it, with
 * the rows each sent back (its query log). The first node is a shard too, but runs its part in-process.
 */
export async function shardStatements(
  engines: Engines,
  sql: string,
  tag: string,
): Promise<{ readonly query: string; readonly resultRows: number }[]> {
  const [first, second] = engines.nodeUrls.map((url) => createClient({ url, database: engines.database }));
  if (first === undefined || second === undefined) throw new Error('the cluster has fewer than two nodes');
  try {
    const id = `${tag}-${engines.database}`;
    const answer = await first.query({
      query: sql,
      format: 'JSONCompact',
      query_id: id,
      clickhouse_settings: { ...CLICKHOUSE_QUERY_SETTINGS, log_queries: 1 },
    });
    await answer.json();
    // The second node logs its part when its stream ends, which under load can be after the initiator has answered:
    // the log is flushed and read again until the part is there (at most 10 s).
    const deadline = Date.now() + 10_000;
    for (;;) {
      await second.command({ query: 'SYSTEM FLUSH LOGS' });
      const logged = await second.query({
        query: `SELECT query, result_rows FROM system.query_log
          WHERE type = 2 AND is_initial_query = 0 AND initial_query_id = '${id}'`,
        format: 'JSONCompact',
      });
      const { data } = (await logged.json()) as unknown as { data: unknown[][] };
      if (data.length > 0 || Date.now() > deadline)
        return data.map(([query, resultRows]) => ({ query: String(query), resultRows: Number(resultRows) }));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await Promise.all([first.close(), second.close()]);
  }
}

export { ALL_ACCOUNTS } from './cases.ts';
export { TEST_DATA };
