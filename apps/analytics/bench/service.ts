/**
 * What the analytics benchmarks share: medians and timing, and the service listening on a fleet database file with
 * a plain DuckDB connection to the same instance beside it (the direct baseline).
 */
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { ephemeralSigningKey } from '../src/auth/signing-key.ts';
import { loadConfig } from '../src/config.ts';
import { ContentStore } from '../src/content/store.ts';
import { engineOn } from '../src/data/engine.ts';
import type { FleetDatabase } from '../src/data/fleet-database.ts';

export const BENCH_SECRET = 'bench-secret';

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

export async function time(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export interface BenchService {
  readonly app: FastifyInstance;
  readonly config: ReturnType<typeof loadConfig>;
  /** `http://127.0.0.1:<port>`. */
  readonly address: string;
  /** A plain connection to the service's DuckDB instance. */
  readonly direct: DuckDBConnection;
  close(): Promise<void>;
}

/**
 * The service on the fleet database `file` (loaded, and its engine closed, by the caller) with content and config in
 * `dir`; its client secret is `BENCH_SECRET`. One DuckDB instance serves both the service's engine and `direct`.
 */
export async function serviceOn(file: string, dir: string, loaded: FleetDatabase): Promise<BenchService> {
  const instance = await DuckDBInstance.create(file);
  const engine = await engineOn(instance, 4);
  const direct = await instance.connect();
  const config = loadConfig({
    PORTICO_DATA_DIR: dir,
    ANALYTICS_CLIENT_SECRET: BENCH_SECRET,
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({
    config,
    fleet: { engine, parameters: loaded.parameters, loaded: undefined },
    content: await ContentStore.open(join(dir, 'content')),
    signingKey: await ephemeralSigningKey(),
    logger: false,
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    config,
    address,
    direct,
    async close() {
      await app.close();
      direct.closeSync();
      await engine.close();
    },
  };
}
