/**
 * DuckDB over a data folder: the fleet sample written as Parquet file sets (and one table as CSV) answers every
 * visual of every sample report exactly as the embedded database it was written from.
 */
import { mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_REPORTS } from '../../src/models/built-in.ts';
import { PRINT_FLEET_DATASET } from '../../src/models/built-in.ts';
import { visualQuery } from '@portico/analytics-model';
import type { Engine } from '../../src/data/engine.ts';
import { findFileTables, openFileEngine } from '../../src/data/file-engine.ts';
import { openImportedFolder } from '../../src/data/folder-import.ts';
import type { ImportedFolder } from '../../src/data/folder-import.ts';
import { writeSampleParquet } from '../../src/data/sample-export.ts';
import { runVisualQuery } from '../../src/query/run.ts';
import { comparable } from '../conformance/compare.ts';
import { openTestFleet, TEST_NOW } from '../helpers/fleet.ts';
import type { TestFleet } from '../helpers/fleet.ts';
import { ALL_ACCOUNTS } from '../helpers/oracle.ts';

let fleet: TestFleet;
let folder: string;
let files: Engine;
let home: string;
let imported: ImportedFolder;

const SORT_KEYS = new Map(
  [
    'accounts',
    'devices',
    'calendar',
    'meter_readings',
    'supply_levels',
    'supply_replacements',
    'service_alerts',
  ].map((table) => [table, 'database_name']),
);
const openImport = (): Promise<ImportedFolder> =>
  openImportedFolder({
    folder,
    home,
    sortKeys: SORT_KEYS,
    connections: 2,
    limits: { threads: 2, memoryLimitMb: 128 },
  });

beforeAll(async () => {
  fleet = await openTestFleet();
  folder = await mkdtemp(join(tmpdir(), 'analytics-files-'));
  const summary = await writeSampleParquet(folder, { ...fleet.fleet.parameters });
  expect(summary.rows['meter_readings']).toBeGreaterThan(0);
  // The accounts table as CSV instead, to read both formats; and files the folder must ignore.
  await rm(join(folder, 'accounts'), { recursive: true });
  const { rows } = await fleet.fleet.engine.query('SELECT * FROM accounts ORDER BY database_name');
  const csv = [
    'database_name,account_name,customer_name,region,time_zone',
    ...rows.map((r) => r.map((v) => (v === null ? '' : `"${String(v).replaceAll('"', '""')}"`)).join(',')),
  ];
  await writeFile(join(folder, 'accounts.csv'), `${csv.join('\n')}\n`);
  await writeFile(join(folder, "bad name'; DROP.parquet"), 'not a table');
  await writeFile(join(folder, 'notes.txt'), 'not a table');
  files = (await openFileEngine({ folder, connections: 2, limits: { threads: 2 } })).engine;
  home = await mkdtemp(join(tmpdir(), 'analytics-import-'));
  imported = await openImport();
}, 120_000);

afterAll(async () => {
  await files?.close();
  await imported?.close();
  if (home !== undefined) await rm(home, { recursive: true, force: true });
  await fleet?.close();
  await rm(folder, { recursive: true, force: true });
});

describe('DuckDB over a folder of Parquet and CSV files', () => {
  it('finds one table per file set or file, and ignores other files and names that are not identifiers', async () => {
    const tables = await findFileTables(folder);
    expect(tables.map((t) => `${t.table}:${t.reader}`)).toEqual([
      'accounts:read_csv',
      'calendar:read_parquet',
      'devices:read_parquet',
      'meter_readings:read_parquet',
      'service_alerts:read_parquet',
      'supply_levels:read_parquet',
      'supply_replacements:read_parquet',
    ]);
    expect((await readdir(join(folder, 'meter_readings'))).sort()).toEqual(
      ALL_ACCOUNTS.map((a) => `${a}.parquet`).sort(),
    );
  });

  for (const report of SAMPLE_REPORTS) {
    it(`${report.name}: every visual answers as the embedded database does, read from the files and imported`, async () => {
      for (const page of report.definition.pages) {
        for (const visual of page.visuals) {
          const query = visualQuery(report.definition, page, visual);
          for (const databaseNames of [ALL_ACCOUNTS, ['tailspin']]) {
            const context = { databaseNames, now: TEST_NOW };
            const expected = await runVisualQuery(fleet.fleet.engine, PRINT_FLEET_DATASET, query, context);
            const actual = await runVisualQuery(files, PRINT_FLEET_DATASET, query, context);
            expect(comparable(actual.rows, true), `${page.name}/${visual.name}`).toEqual(
              comparable(expected.rows, true),
            );
            const fromImport = await runVisualQuery(imported.engine, PRINT_FLEET_DATASET, query, context);
            expect(comparable(fromImport.rows, true), `imported: ${page.name}/${visual.name}`).toEqual(
              comparable(expected.rows, true),
            );
          }
        }
      }
    });
  }
});

describe('a data folder imported into the service’s DuckDB file', () => {
  it('stores each table sorted by account and then date, with the load stamp beside the tables', async () => {
    const { rows } = await imported.engine.query(
      `SELECT count(*) FILTER (WHERE prev_name IS NOT NULL AND (database_name, date) < (prev_name, prev_date)) FROM (
         SELECT database_name, date, lag(database_name) OVER w AS prev_name, lag(date) OVER w AS prev_date
         FROM meter_readings WINDOW w AS (ORDER BY rowid))`,
    );
    expect(rows).toEqual([[0]]);
    const stamp = await imported.engine.query('SELECT stamp FROM portico_import.folder_load');
    expect(stamp.rows).toEqual([[imported.stamp()]]);
    expect(imported.lastImport.reused).toBe(false);
    expect((await readdir(home)).filter((name) => name.endsWith('.duckdb'))).toEqual(['folder-1.duckdb']);
  });

  it('is reused by the next start while the files are unchanged', async () => {
    // A second instance cannot open the file the first holds: close, reopen, and leave it open for the next test.
    const stamp = imported.stamp();
    await imported.close();
    imported = await openImport();
    expect(imported.lastImport.reused).toBe(true);
    expect(imported.stamp()).toBe(stamp);
    expect(await imported.refresh(async () => undefined)).toBe(false);
  });

  it('is imported again when a file changes, queries moving to the new import once it is ready', async () => {
    const before = imported.stamp();
    const count = async (): Promise<unknown> =>
      (await imported.engine.query("SELECT count(*) FROM devices WHERE database_name = 'tailspin'"))
        .rows[0]?.[0];
    const devices = await count();
    expect(devices).toBeGreaterThan(0);
    // tailspin's devices file replaced by an empty one of the same columns.
    const file = join(folder, 'devices', 'tailspin.parquet');
    await files.query(`COPY (SELECT * FROM devices WHERE false) TO '${file}.new' (FORMAT parquet)`);
    await rm(file);
    await rename(`${file}.new`, file);
    const prepared: string[] = [];
    const switched = await imported.refresh(async (next) => {
      prepared.push(String((await next.query('SELECT count(*) FROM devices')).rows[0]?.[0]));
      // The old import still answers while the new one is being prepared.
      expect(await count()).toBe(devices);
    });
    expect(switched).toBe(true);
    expect(prepared).toHaveLength(1);
    expect(await count()).toBe(0);
    expect(imported.stamp()).not.toBe(before);
    expect((await readdir(home)).filter((name) => name.endsWith('.duckdb'))).toEqual(['folder-2.duckdb']);
  });
});
