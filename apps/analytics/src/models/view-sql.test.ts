/**
 * A model's SQL table reads the data's tables and nothing else: the parse-tree check alone, then the data source of
 * the own-data example with its Calendar table's SQL replaced by statements that read or write files.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers/test-app.ts';
import { openDataSource } from '../data/data-source.ts';
import { openEngine } from '../data/engine.ts';
import type { Engine } from '../data/engine.ts';
import { loadModelFolder } from './load-models.ts';
import { viewSqlProblem } from './view-sql.ts';

const EXAMPLE = fileURLToPath(new URL('../../../../examples/own-data/', import.meta.url));
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;
const dir = mkdtempSync(join(tmpdir(), 'analytics-view-sql-'));
let engine: Engine;

beforeAll(async () => {
  engine = await openEngine({ path: ':memory:', connections: 1 });
  await engine.query("CREATE TABLE accounts AS SELECT 'acme' AS account_id");
});
afterAll(async () => {
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a model table's SQL", () => {
  it('may select, join, aggregate and generate rows over the data tables', async () => {
    for (const sql of [
      'SELECT * FROM accounts',
      'FROM accounts',
      'SELECT 1;',
      'WITH a AS (SELECT * FROM accounts) SELECT a.account_id FROM a JOIN accounts AS b USING (account_id)',
      "SELECT a.account_id, CAST(d AS DATE) AS date FROM accounts AS a CROSS JOIN range(TIMESTAMP '2026-01-01', TIMESTAMP '2026-02-01', INTERVAL 1 DAY) AS t(d)",
      'SELECT x FROM generate_series(1, 3) AS g(x), unnest([1, 2]) AS u(y)',
      "SELECT * FROM (VALUES ('acme')) AS v(account_id) WHERE account_id IN (SELECT account_id FROM accounts)",
    ])
      expect({ sql, problem: await viewSqlProblem(engine, sql) }).toEqual({ sql, problem: undefined });
  });

  it('may not read files, settings or other databases, nor run a second statement or anything but SELECT', async () => {
    for (const sql of [
      "SELECT * FROM accounts; COPY (SELECT 42) TO '/tmp/x.csv'",
      "COPY accounts TO '/tmp/x.csv'",
      "ATTACH '/tmp/other.duckdb' AS other",
      'PRAGMA version',
      "SELECT content AS account_id FROM read_text('/etc/hostname')",
      "SELECT * FROM read_csv('/etc/passwd')",
      "SELECT * FROM accounts WHERE account_id IN (SELECT content FROM read_text('/etc/hostname'))",
      "SELECT (SELECT count(*) FROM glob('/etc/*')) AS n FROM accounts",
      'SELECT * FROM "/etc/passwd.csv"',
      "SELECT * FROM '/srv/other/accounts.parquet'",
      'SELECT * FROM duckdb_settings()',
      'SELECT * FROM main.range(1, 2)',
      'SELECT * FROM information_schema.tables',
      'SELECT * FROM portico_next.main.accounts',
      "SELECT * FROM query('SELECT 1')",
      'SELECT * FROM',
      "SELECT list_transform([1], i -> (SELECT content FROM read_text('/etc/hostname'))) AS y FROM accounts",
      "SELECT * FROM accounts ORDER BY (SELECT content FROM read_text('/etc/hostname'))",
      "SELECT account_id, count(*) OVER (ORDER BY (SELECT content FROM read_text('/etc/hostname'))) FROM accounts",
      "SELECT * FROM range((SELECT length(content) FROM read_text('/etc/hostname')))",
    ])
      expect({ sql, problem: await viewSqlProblem(engine, sql) }).toEqual({
        sql,
        problem: expect.any(String),
      });
  });

  it('that writes or reads a file is refused by the data source before any view is made', async () => {
    const models = join(dir, 'models');
    cpSync(join(EXAMPLE, 'models'), models, { recursive: true });
    const file = join(models, 'support.model.yaml');
    const original = readFileSync(file, 'utf8');
    const written = join(dir, 'written.csv');
    const attempts = [
      `SELECT 'acme' AS account_id; COPY (SELECT 42 AS x) TO '${written}'`,
      "SELECT content AS account_id FROM read_text('/etc/hostname')",
    ];
    for (const sql of attempts) {
      writeFileSync(
        file,
        original.replace(/ {6}sql: >-\n(?: {8}.*\n)+/, `      sql: ${JSON.stringify(sql)}\n`),
      );
      const loaded = loadModelFolder(models);
      expect(loaded.datasets[0]?.tables.some((t) => t.view !== undefined && 'sql' in t.view)).toBe(true);
      const config = testConfig(join(dir, 'data'), {
        ANALYTICS_DATA_FOLDER: join(EXAMPLE, 'data'),
        ANALYTICS_DATA_FOLDER_MODE: 'read',
      });
      await expect(openDataSource(config, silent, loaded.datasets)).rejects.toThrow(
        /Model table 'Calendar': its SQL (is not one SELECT statement|reads the table function read_text)/,
      );
    }
    expect(existsSync(written)).toBe(false);
  });
});
