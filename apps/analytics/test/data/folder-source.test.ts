/**
 * The data source over a folder, as the service opens it from ANALYTICS_DATA_FOLDER and ANALYTICS_DATA_FOLDER_MODE, on
 * a copy of the own-data example (CSV files and a model whose Tickets table is a file set): imported by default (the
 * file set becomes a table, and a changed file is imported again while the service runs), or read in place.
 */
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dataset, VisualQuery } from '@portico/analytics-model';
import { openDataSource } from '../../src/data/data-source.ts';
import type { DataSource } from '../../src/data/data-source.ts';
import { loadModelFolder } from '../../src/models/load-models.ts';
import { runVisualQuery } from '../../src/query/run.ts';
import { testConfig } from '../helpers/test-app.ts';

const EXAMPLE = fileURLToPath(new URL('../../../../examples/own-data/', import.meta.url));
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;
const TICKETS: VisualQuery = { select: [{ measure: { table: 'Tickets', measure: 'Tickets' } }] };
const datasets = loadModelFolder(join(EXAMPLE, 'models')).datasets;
const dataset = datasets[0] as Dataset;
const ticketsTable = dataset.tables.find((t) => t.name === 'Tickets')?.source ?? '';

let dir: string;
let folder: string;
const sources: DataSource[] = [];

async function open(mode: 'import' | 'read', dataDir: string): Promise<DataSource> {
  const config = testConfig(dataDir, {
    ANALYTICS_DATA_FOLDER: folder,
    ANALYTICS_DATA_FOLDER_MODE: mode,
    ANALYTICS_DUCKDB_MEMORY_MB: '128',
    ANALYTICS_DUCKDB_THREADS: '2',
  });
  const source = await openDataSource(config, silent, datasets);
  sources.push(source);
  return source;
}

const acmeTickets = async (source: DataSource): Promise<unknown> =>
  (await runVisualQuery(source.engine, dataset, TICKETS, { databaseNames: ['acme'] })).rows[0]?.[0];

const kindOf = async (source: DataSource, name: string): Promise<unknown> =>
  (
    await source.engine.query(
      `SELECT 'table' FROM duckdb_tables() WHERE table_name = $1 UNION ALL SELECT 'view' FROM duckdb_views() WHERE view_name = $1`,
      [name],
    )
  ).rows[0]?.[0];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'analytics-folder-source-'));
  folder = join(dir, 'data');
  await cp(join(EXAMPLE, 'data'), folder, { recursive: true });
});

afterAll(async () => {
  for (const source of sources) await source.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a data folder as the service opens it', () => {
  it('imports the model’s file set as a table and reads it in place as a view, answering alike', async () => {
    const imported = await open('import', join(dir, 'service-import'));
    const read = await open('read', join(dir, 'service-read'));
    expect(await kindOf(imported, ticketsTable)).toBe('table');
    expect(await kindOf(read, ticketsTable)).toBe('view');
    expect(await acmeTickets(imported)).toBeGreaterThan(0);
    expect(await acmeTickets(imported)).toBe(await acmeTickets(read));
    expect([...imported.accounts].sort()).toEqual([...read.accounts].sort());
    // The import's version stays put while the files do.
    expect(await imported.dataVersion()).toBe(await imported.dataVersion());
  });

  it('imports a changed file again while it runs: new answers and a new data version', async () => {
    const source = sources[0] as DataSource;
    const [before, version] = [await acmeTickets(source), await source.dataVersion()];
    await appendFile(
      join(folder, 'tickets', '2026-q2.csv'),
      'T99999,acme,2026-06-01 09:00:00,2026-06-01,,Open,1,Urgent,1,Email,Login,15,\n',
    );
    // The folder is looked at every 5 s; the import of a few hundred rows takes well under a second more.
    const deadline = Date.now() + 30_000;
    while ((await acmeTickets(source)) === before && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await acmeTickets(source)).toBe(Number(before) + 1);
    expect(await source.dataVersion()).not.toBe(version);
    expect(await kindOf(source, ticketsTable)).toBe('table');
  }, 40_000);
});
