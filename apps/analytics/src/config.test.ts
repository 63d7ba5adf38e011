import { resolve } from 'node:path';
import { ConfigError } from '@portico/env-config';
import { describe, expect, it } from 'vitest';
import { exactOrigin, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('uses the documented defaults when only the client secret is set', () => {
    const config = loadConfig({ ANALYTICS_CLIENT_SECRET: 's3cret' });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 4402,
      publicUrl: 'http://localhost:4402',
      dataDir: resolve('.data'),
      clientId: 'portico-portal-server',
      clientSecret: 's3cret',
      embedOrigins: ['http://localhost:4400'],
      embedTokenMaxMinutes: 60,
      data: { endDate: undefined, scale: 1 },
      engine: { kind: 'duckdb', dataFolder: undefined },
      cache: { maxBytes: 64 * 1024 * 1024, ttlSeconds: 60 },
      logLevel: 'info',
    });
    expect(config.frameDist.endsWith('/apps/analytics/frame-dist')).toBe(true);
  });

  it('stops with a message naming ANALYTICS_CLIENT_SECRET when it is missing, without echoing values', () => {
    const problems = problemsOf({});
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^ANALYTICS_CLIENT_SECRET: is required/);
    expect(problems[0]).toContain('value not shown');
  });

  it('reads every variable and reports each bad one by name', () => {
    const config = loadConfig({
      ANALYTICS_CLIENT_SECRET: 'x',
      ANALYTICS_PORT: '5000',
      ANALYTICS_EMBED_ORIGINS: 'https://portal.example.com, http://localhost:4400',
      ANALYTICS_EMBED_TOKEN_MAX_MINUTES: '15',
      ANALYTICS_DATA_END_DATE: '2024-06-30',
      ANALYTICS_DATA_SCALE: '2.5',
    });
    expect(config.port).toBe(5000);
    expect(config.embedOrigins).toEqual(['https://portal.example.com', 'http://localhost:4400']);
    expect(config.embedTokenMaxMinutes).toBe(15);
    expect(config.data).toEqual({ endDate: '2024-06-30', scale: 2.5 });

    const problems = problemsOf({
      ANALYTICS_CLIENT_SECRET: 'x',
      ANALYTICS_EMBED_ORIGINS: 'https://portal.example.com/path',
      ANALYTICS_DATA_END_DATE: '2024-02-30',
      ANALYTICS_DATA_SCALE: '0',
      ANALYTICS_EMBED_TOKEN_MAX_MINUTES: '0',
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'ANALYTICS_DATA_END_DATE',
      'ANALYTICS_DATA_SCALE',
      'ANALYTICS_EMBED_ORIGINS',
      'ANALYTICS_EMBED_TOKEN_MAX_MINUTES',
    ]);
  });
});

describe('exactOrigin', () => {
  it('accepts scheme://host[:port] and refuses paths, trailing slashes, wildcards and other schemes', () => {
    expect(exactOrigin('https://portal.example.com')).toBe('https://portal.example.com');
    expect(exactOrigin('http://localhost:4400')).toBe('http://localhost:4400');
    for (const bad of [
      'https://portal.example.com/',
      'https://portal.example.com/x',
      '*',
      'https://*.example.com',
      'ftp://x.com',
      'https://a:b@x.com',
    ]) {
      expect(() => exactOrigin(bad), bad).toThrow(/origin/);
    }
  });

  it('reads the ClickHouse engine settings, with the default user and database', () => {
    const config = loadConfig({
      ANALYTICS_CLIENT_SECRET: 'x',
      ANALYTICS_ENGINE: 'clickhouse',
      ANALYTICS_CLICKHOUSE_URL: 'http://clickhouse.internal:8123/',
      ANALYTICS_CLICKHOUSE_PASSWORD: 'pw',
      ANALYTICS_CLICKHOUSE_CLUSTER: 'fleet_cluster',
    });
    expect(config.engine).toEqual({
      kind: 'clickhouse',
      url: 'http://clickhouse.internal:8123',
      username: 'default',
      password: 'pw',
      database: 'default',
      cluster: 'fleet_cluster',
    });
  });

  it('reads a DuckDB data folder as an absolute path', () => {
    const config = loadConfig({ ANALYTICS_CLIENT_SECRET: 'x', ANALYTICS_DATA_FOLDER: '/srv/fleet-files' });
    expect(config.engine).toEqual({ kind: 'duckdb', dataFolder: '/srv/fleet-files', folderMode: 'import' });
    const read = loadConfig({
      ANALYTICS_CLIENT_SECRET: 'x',
      ANALYTICS_DATA_FOLDER: '/srv/fleet-files',
      ANALYTICS_DATA_FOLDER_MODE: 'read',
    });
    expect(read.engine).toEqual({ kind: 'duckdb', dataFolder: '/srv/fleet-files', folderMode: 'read' });
  });

  it('bounds DuckDB by default: 192 MB, at most four threads, eight statements at once, spilling under the data directory', () => {
    const config = loadConfig({ ANALYTICS_CLIENT_SECRET: 'x', PORTICO_DATA_DIR: '/var/lib/portico' });
    expect(config.duckdb.memoryLimitMb).toBe(192);
    expect(config.duckdb.connections).toBe(8);
    expect(config.duckdb.threads).toBeGreaterThanOrEqual(1);
    expect(config.duckdb.threads).toBeLessThanOrEqual(4);
    expect(config.duckdb.tempDirectory).toBe('/var/lib/portico/analytics/duckdb-tmp');
  });

  it('takes the DuckDB memory, threads and connections from the environment', () => {
    const config = loadConfig({
      ANALYTICS_CLIENT_SECRET: 'x',
      ANALYTICS_DUCKDB_MEMORY_MB: '1024',
      ANALYTICS_DUCKDB_THREADS: '8',
      ANALYTICS_DUCKDB_CONNECTIONS: '2',
    });
    expect(config.duckdb).toMatchObject({ memoryLimitMb: 1024, threads: 8, connections: 2 });
  });

  it('stops naming each bad DuckDB bound or folder mode and saying what is allowed', () => {
    const problems = problemsOf({
      ANALYTICS_CLIENT_SECRET: 'x',
      ANALYTICS_DUCKDB_MEMORY_MB: '256MB',
      ANALYTICS_DUCKDB_THREADS: '0',
      ANALYTICS_DUCKDB_CONNECTIONS: '65',
      ANALYTICS_DATA_FOLDER_MODE: 'copy',
    });
    expect(problems).toEqual([
      'ANALYTICS_DATA_FOLDER_MODE: must be one of import, read (got "copy")',
      'ANALYTICS_DUCKDB_MEMORY_MB: must be a whole number (got "256MB")',
      'ANALYTICS_DUCKDB_THREADS: must be between 1 and 256 (got "0")',
      'ANALYTICS_DUCKDB_CONNECTIONS: must be between 1 and 64 (got "65")',
    ]);
    expect(problemsOf({ ANALYTICS_CLIENT_SECRET: 'x', ANALYTICS_DUCKDB_MEMORY_MB: '32' })).toEqual([
      'ANALYTICS_DUCKDB_MEMORY_MB: must be between 64 and 1048576 (got "32")',
    ]);
  });

  it('stops naming each bad engine variable, never echoing the ClickHouse URL or password', () => {
    const problems = problemsOf({
      ANALYTICS_CLIENT_SECRET: 'x',
      ANALYTICS_ENGINE: 'postgres',
      ANALYTICS_CLICKHOUSE_URL: 'ftp://user:hunter2@host',
      ANALYTICS_CLICKHOUSE_DATABASE: 'fleet; DROP',
      ANALYTICS_CLICKHOUSE_CLUSTER: '1cluster',
      ANALYTICS_DATA_FOLDER: 'relative/folder',
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'ANALYTICS_CLICKHOUSE_CLUSTER',
      'ANALYTICS_CLICKHOUSE_DATABASE',
      'ANALYTICS_CLICKHOUSE_URL',
      'ANALYTICS_DATA_FOLDER',
      'ANALYTICS_ENGINE',
    ]);
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it('stops naming ANALYTICS_CLICKHOUSE_URL when the ClickHouse engine has none', () => {
    const problems = problemsOf({ ANALYTICS_CLIENT_SECRET: 'x', ANALYTICS_ENGINE: 'clickhouse' });
    expect(problems).toEqual([
      expect.stringMatching(/^ANALYTICS_CLICKHOUSE_URL: is required when ANALYTICS_ENGINE=clickhouse/),
    ]);
  });

  it('reads the result cache’s bound and lifetime, 0 MB turning it off, and refuses values out of range', () => {
    const config = loadConfig({
      ANALYTICS_CLIENT_SECRET: 'x',
      ANALYTICS_CACHE_MAX_MB: '0',
      ANALYTICS_CACHE_TTL_SECONDS: '5',
    });
    expect(config.cache).toEqual({ maxBytes: 0, ttlSeconds: 5 });
    const problems = problemsOf({
      ANALYTICS_CLIENT_SECRET: 'x',
      ANALYTICS_CACHE_MAX_MB: '-1',
      ANALYTICS_CACHE_TTL_SECONDS: '0',
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'ANALYTICS_CACHE_MAX_MB',
      'ANALYTICS_CACHE_TTL_SECONDS',
    ]);
  });

  it('reads the growth that asks for a garbage collection, 64 MB by default and 0 turning it off', () => {
    expect(loadConfig({ ANALYTICS_CLIENT_SECRET: 'x' }).gcGrowthMb).toBe(64);
    expect(loadConfig({ ANALYTICS_CLIENT_SECRET: 'x', ANALYTICS_GC_GROWTH_MB: '0' }).gcGrowthMb).toBe(0);
    expect(problemsOf({ ANALYTICS_CLIENT_SECRET: 'x', ANALYTICS_GC_GROWTH_MB: '-5' })).toEqual([
      expect.stringMatching(/^ANALYTICS_GC_GROWTH_MB:/),
    ]);
  });

  it('reads how long a batch gathers answered lines, 20 ms by default, at most a second', () => {
    expect(loadConfig({ ANALYTICS_CLIENT_SECRET: 'x' }).batchGatherMs).toBe(20);
    expect(loadConfig({ ANALYTICS_CLIENT_SECRET: 'x', ANALYTICS_BATCH_GATHER_MS: '0' }).batchGatherMs).toBe(
      0,
    );
    expect(problemsOf({ ANALYTICS_CLIENT_SECRET: 'x', ANALYTICS_BATCH_GATHER_MS: '1001' })).toEqual([
      expect.stringMatching(/^ANALYTICS_BATCH_GATHER_MS:/),
    ]);
  });
});
