/**
 * DuckDB over Parquet files: the fleet sample's meter readings (10 M by default) written as Parquet file sets by
 * `writeSampleParquet` (the `npm run analytics -- sample parquet` path), then a typical visual query (monthly pages
 * by model, three manufacturers, every account) through the service on a data folder (ANALYTICS_DATA_FOLDER)
 * against the same SQL run straight on DuckDB over the same files (the limit; goal ≤ 1.2×). Prints medians, the
 * ratio and this process's peak RSS.
 *
 *   node --import tsx apps/analytics/bench/duckdb-parquet.ts [meterRows=10000000] [runs=21]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BasicFilter } from '@portico/models';
import { estimateMeterRows, SAMPLE_ACCOUNTS } from '@portico/fleet-data';
import { PRINT_FLEET_DATASET } from '../src/models/built-in.ts';
import { openFileEngine } from '../src/data/file-engine.ts';
import { writeSampleParquet } from '../src/data/sample-export.ts';
import { compileVisualQuery } from '../src/query/compile.ts';
import type { VisualQuery } from '@portico/analytics-model';
import { peakRssMb, serviceOnEngine } from './engine-http.ts';
import { median, time } from './service.ts';

const END_DATE = '2024-06-30';
const ROWS = Number(process.argv[2] ?? 10_000_000);
const RUNS = Math.max(11, Number(process.argv[3] ?? 21));
const GOAL = 1.2;
const ACCOUNTS = SAMPLE_ACCOUNTS.map((a) => a.databaseName);
const REPORT_ID = 'c7f8789d-083c-4944-a9ce-49d0b3594f03';

const QUERY: VisualQuery = {
  select: [
    { column: { table: 'Calendar', column: 'Month' } },
    { column: { table: 'Devices', column: 'Model' } },
    { measure: { table: 'Meter readings', measure: 'Total pages' } },
  ],
  filters: [
    new BasicFilter({ table: 'Devices', column: 'Manufacturer' }, 'In', 'HP', 'Canon', 'Ricoh').toJSON(),
  ],
};

const folder = await mkdtemp(join(tmpdir(), 'analytics-parquet-bench-'));
try {
  const scale = ROWS / estimateMeterRows({ endDate: END_DATE });
  console.info(
    `Writing ${ROWS.toLocaleString('en')} meter rows as Parquet (fleet-data scale ${scale.toFixed(2)})…`,
  );
  const written = await writeSampleParquet(folder, {
    databaseNames: ACCOUNTS,
    endDate: END_DATE,
    days: 730,
    scale,
    seed: 0,
    facts: ['meter_readings'],
  });
  console.info(
    `  ${written.totalRows.toLocaleString('en')} rows in ${written.seconds.toFixed(1)} s (${written.rowsPerSecond.toLocaleString('en')} rows/s)`,
  );

  // The service's engine and the baseline: two DuckDB instances over the same files, alike in connections.
  const service = await openFileEngine({ folder, connections: 4 });
  const baseline = await openFileEngine({ folder, connections: 4 });
  const http = await serviceOnEngine(service.engine, ACCOUNTS, ACCOUNTS, REPORT_ID);
  const compiled = compileVisualQuery(PRINT_FLEET_DATASET, QUERY, { databaseNames: ACCOUNTS });
  const viaService = async () =>
    ((await http.frame('/frame-api/query', { reportId: REPORT_ID, query: QUERY }))['rows'] as unknown[])
      .length;
  const directly = async () =>
    (await baseline.engine.query(compiled.sql, compiled.params, compiled.paramTypes)).rows.length;
  const [serviceRows, directRows] = [await viaService(), await directly()];
  if (serviceRows !== directRows)
    throw new Error(`row counts differ: service ${serviceRows}, direct ${directRows}`);
  for (let i = 0; i < 3; i += 1) {
    await viaService();
    await directly();
  }
  const through: number[] = [];
  const straight: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    through.push(await time(viaService));
    straight.push(await time(directly));
  }
  const [a, b] = [median(through), median(straight)];
  console.info(
    `Query over Parquet: monthly pages by model, 3 manufacturers, all ${ACCOUNTS.length} accounts → ${serviceRows} rows`,
  );
  console.info(`  through the service (data folder): median ${a.toFixed(1)} ms of ${RUNS}`);
  console.info(`  same SQL straight on DuckDB over the files: median ${b.toFixed(1)} ms of ${RUNS}`);
  console.info(`  ratio ${(a / b).toFixed(3)} (goal ≤ ${GOAL})`);
  console.info(`Peak RSS of this process (writer, two engines, service): ${peakRssMb()} MB`);
  await http.close();
  await service.engine.close();
  await baseline.engine.close();
} finally {
  await rm(folder, { recursive: true, force: true });
}
