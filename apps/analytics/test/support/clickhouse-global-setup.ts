/**
 * One two-shard ClickHouse cluster for a whole test run (vitest globalSetup of the `analytics-clickhouse` project,
 * vitest.clickhouse.config.ts): started once on free loopback ports before the project's first file, stopped after
 * its last. Each test file loads its data into a database of its own (engines.ts), so files stay independent.
 *
 * Without `clickhouse-server` the project's files skip, saying why, unless ClickHouse is required (CI=… or
 * TEST_CLICKHOUSE=1, as `.ci/run` sets): then every one of them FAILS with the reason, and the rest of the run goes on.
 */
import type { TestProject } from 'vitest/node';
import { clickHouseServerBinary, startClickHouseCluster } from '../helpers/clickhouse-cluster.ts';

/** What the files of the run receive (`inject('clickhouse')`). */
export type ProvidedClickHouse =
  | {
      readonly state: 'running';
      readonly url: string;
      readonly clusterName: string;
      readonly nodeUrls: string[];
    }
  | { readonly state: 'failed'; readonly reason: string }
  | { readonly state: 'absent'; readonly reason: string };

declare module 'vitest' {
  export interface ProvidedContext {
    clickhouse: ProvidedClickHouse;
  }
}

/** Whether ClickHouse tests must run: in CI, or when TEST_CLICKHOUSE=1. */
export const clickHouseRequired = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env['CI'] !== undefined || env['TEST_CLICKHOUSE'] === '1';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const required = clickHouseRequired();
  if (clickHouseServerBinary() === undefined && !required) {
    const reason =
      'clickhouse-server is not installed (apt-get install clickhouse-server) and neither CI nor TEST_CLICKHOUSE=1 is set';
    console.warn(`ClickHouse conformance skipped: ${reason}`);
    project.provide('clickhouse', { state: 'absent', reason });
    return undefined;
  }
  try {
    const cluster = await startClickHouseCluster();
    project.provide('clickhouse', {
      state: 'running',
      url: cluster.url,
      clusterName: cluster.clusterName,
      nodeUrls: cluster.nodes.map((node) => node.url),
    });
    return () => cluster.stop();
  } catch (error) {
    project.provide('clickhouse', {
      state: 'failed',
      reason: `the test ClickHouse cluster did not start: ${error instanceof Error ? error.message : String(error)}`,
    });
    return undefined;
  }
}
