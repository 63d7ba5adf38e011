/**
 * The bring-your-own-data example (examples/own-data/): a support desk's CSV files, its model and one report. The
 * service's data source opens DuckDB over the folder exactly as ANALYTICS_DATA_FOLDER + ANALYTICS_MODELS_DIR make it
 * at start, and every visual of the report answers, each account seeing its own tickets only.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visualQuery } from '@portico/analytics-model';
import type { Dataset, QueryAnswer, VisualQuery } from '@portico/analytics-model';
import { openDataSource } from '../../src/data/data-source.ts';
import type { DataSource } from '../../src/data/data-source.ts';
import { loadModelFolder } from '../../src/models/load-models.ts';
import type { LoadedModels } from '../../src/models/load-models.ts';
import { runVisualQuery } from '../../src/query/run.ts';
import { testConfig } from '../helpers/test-app.ts';

const EXAMPLE = fileURLToPath(new URL('../../../../examples/own-data/', import.meta.url));
const DATA = join(EXAMPLE, 'data');
const ACCOUNTS = ['acme', 'globex', 'initech', 'umbrella'];
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;

/** The ticket rows of the CSV files, read independently of DuckDB: [ticket_id, account_id, …]. */
const ticketRows = readdirSync(join(DATA, 'tickets'))
  .filter((f) => f.endsWith('.csv'))
  .flatMap((f) =>
    readFileSync(join(DATA, 'tickets', f), 'utf8')
      .trim()
      .split('\n')
      .slice(1),
  )
  .map((line) => line.split(','));

let models: LoadedModels;
let dataset: Dataset;
let source: DataSource;
const dataDir = mkdtempSync(join(tmpdir(), 'analytics-own-data-'));
const run = (query: VisualQuery, databaseNames: readonly string[]): Promise<QueryAnswer> =>
  runVisualQuery(source.engine, dataset, query, { databaseNames, now: new Date('2026-07-01T00:00:00Z') });

beforeAll(async () => {
  models = loadModelFolder(join(EXAMPLE, 'models'));
  dataset = models.datasets[0] as Dataset;
  // The service's data directory: the folder is imported into analytics/folder/ there.
  const config = testConfig(dataDir, {
    ANALYTICS_DATA_FOLDER: DATA,
    ANALYTICS_MODELS_DIR: join(EXAMPLE, 'models'),
  });
  source = await openDataSource(config, silent, models.datasets);
});
afterAll(async () => {
  await source?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the own-data example', () => {
  it('is small, and its model and report load', () => {
    const bytes = [
      join(DATA, 'accounts.csv'),
      ...readdirSync(join(DATA, 'tickets')).map((f) => join(DATA, 'tickets', f)),
    ]
      .map((f) => readFileSync(f).length)
      .reduce((a, b) => a + b, 0);
    expect(bytes).toBeLessThan(200 * 1024);
    expect(models.reports.map((r) => r.name)).toEqual(['Support overview']);
    expect(dataset.tables.map((t) => t.rlsColumn)).toEqual(['account_id', 'account_id', 'account_id']);
  });

  it('takes the accounts an embed token may name from the row-level-security columns', () => {
    expect([...source.accounts].sort()).toEqual(ACCOUNTS);
  });

  it('counts each account its own tickets, as the CSV files hold them', async () => {
    const tickets: VisualQuery = { select: [{ measure: { table: 'Tickets', measure: 'Tickets' } }] };
    for (const account of ACCOUNTS) {
      const expected = ticketRows.filter((row) => row[1] === account).length;
      expect(expected).toBeGreaterThan(0);
      expect((await run(tickets, [account])).rows).toEqual([[expected]]);
    }
    expect((await run(tickets, ACCOUNTS)).rows).toEqual([[ticketRows.length]]);
    expect((await run(tickets, [])).rows).toEqual([[0]]);
  });

  it('answers every visual of the report for one account with that account’s rows only', async () => {
    const report = models.reports[0];
    expect(report).toBeDefined();
    const acme = ticketRows.filter((row) => row[1] === 'acme');
    for (const page of report?.definition.pages ?? []) {
      for (const visual of page.visuals) {
        const query = visualQuery(report?.definition ?? { filters: [] }, page, visual);
        const [mine, all] = await Promise.all([run(query, ['acme']), run(query, ACCOUNTS)]);
        expect(mine.rows.length, `${page.name}/${visual.name}`).toBeGreaterThan(0);
        expect(all.rows.length, `${page.name}/${visual.name}`).toBeGreaterThanOrEqual(mine.rows.length);
        if (visual.name === 'account-list') {
          expect(mine.rows.map((row) => row[0])).toEqual(['Acme Corporation']);
          expect(mine.rows[0]?.[3]).toBe(acme.length);
          expect(mine.rows[0]?.[4]).toBe(acme.filter((row) => row[5] === 'Open').length);
          expect(all.rows).toHaveLength(4);
        }
        if (visual.name === 'by-priority') {
          const urgent = acme.filter((row) => row[7] === 'Urgent').length;
          expect(mine.rows.find((row) => row[0] === 'Urgent')?.[1]).toBe(urgent);
        }
        if (visual.name === 'tickets-per-month') {
          expect(mine.rows.map((row) => row[1]).reduce((a, b) => Number(a) + Number(b), 0)).toBe(acme.length);
        }
      }
    }
  }, 90_000);
});

describe('file-set and SQL tables elsewhere', () => {
  it('are refused on ClickHouse, naming the model and table, before any query', async () => {
    const config = testConfig(dataDir, {
      ANALYTICS_ENGINE: 'clickhouse',
      ANALYTICS_CLICKHOUSE_URL: 'http://127.0.0.1:9',
    });
    await expect(openDataSource(config, silent, models.datasets)).rejects.toThrow(
      "Model 'Support desk', table 'Tickets': file-set and SQL sources need ANALYTICS_DATA_FOLDER (DuckDB over files), not ClickHouse",
    );
  });
});
