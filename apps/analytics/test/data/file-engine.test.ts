/**
 * DuckDB over a data folder: the fleet sample written as Parquet file sets (and one table as CSV) answers every
 * visual of every sample report exactly as the embedded database it was written from.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_REPORTS } from '../../src/models/built-in.ts';
import { PRINT_FLEET_DATASET } from '../../src/models/built-in.ts';
import { visualQuery } from '@portico/analytics-model';
import type { Engine } from '../../src/data/engine.ts';
import { findFileTables, openFileEngine } from '../../src/data/file-engine.ts';
import { writeSampleParquet } from '../../src/data/sample-export.ts';
import { runVisualQuery } from '../../src/query/run.ts';
import { comparable } from '../conformance/compare.ts';
import { openTestFleet, TEST_NOW } from '../helpers/fleet.ts';
import type { TestFleet } from '../helpers/fleet.ts';
import { ALL_ACCOUNTS } from '../helpers/oracle.ts';

let fleet: TestFleet;
let folder: string;
let files: Engine;

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
}, 120_000);

afterAll(async () => {
  await files?.close();
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
    it(`${report.name}: every visual answers as the embedded database does`, async () => {
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
          }
        }
      }
    });
  }
});
