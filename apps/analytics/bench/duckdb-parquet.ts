/**
 * DuckDB over the vendor's Parquet files. The fleet sample's meter readings (2 M by default, 10 M for the issue's
 * figure) are written as Parquet file sets by `writeSampleParquet` (the `npm run analytics -- sample parquet` path:
 * one file per account and table, rows in time order). The service (`src/server.ts`, a process of its own, result
 * cache off) is started on that folder (ANALYTICS_DATA_FOLDER, default mode `import`: the folder is imported once into
 * its DuckDB file, sorted by account and date), then, round after round, each of these is timed three ways:
 *   - a typical visual query (monthly pages by model, three manufacturers, all five accounts);
 *   - the fleet overview's first page for one account (its visual queries in one batch, as the frame asks them; DuckDB
 *     alone 6 at a time);
 * through the service over HTTP; the same compiled SQL on DuckDB alone over the Parquet files (views, DuckDB's default
 * settings: the limit the issue names, goal service ≤ 1.2×); and the same SQL on DuckDB alone over a copy of the
 * service's imported file (what the service's own HTTP and JSON add). Prints medians, ratios, the import's time, the
 * service's peak RSS (sampled from /proc while it imports and while it answers) and the load average.
 *
 *   node --import tsx apps/analytics/bench/duckdb-parquet.ts [meterRows=2000000] [runs=11] [fileRuns=3]
 *   node --import tsx apps/analytics/bench/duckdb-parquet.ts 10000000      # the figure, about 3 minutes more
 */
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { BasicFilter } from '@portico/models';
import { estimateMeterRows, SAMPLE_ACCOUNTS } from '@portico/fleet-data';
import type { VisualQuery } from '@portico/analytics-model';
import { engineOn } from '../src/data/engine.ts';
import type { Engine } from '../src/data/engine.ts';
import { openFileEngine } from '../src/data/file-engine.ts';
import { writeSampleParquet } from '../src/data/sample-export.ts';
import { PRINT_FLEET_DATASET } from '../src/models/built-in.ts';
import { compileVisualQuery } from '../src/query/compile.ts';
import { median, time } from './service.ts';
import { fleetOverviewPage, limited, loadAverage, startServiceProcess } from './service-process.ts';

const ROWS = Number(process.argv[2] ?? 2_000_000);
const RUNS = Math.max(3, Number(process.argv[3] ?? 11));
const FILE_RUNS = Math.max(1, Number(process.argv[4] ?? 3));
const GOAL = 1.2;
const END_DATE = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const ACCOUNTS = SAMPLE_ACCOUNTS.map((a) => a.databaseName);
const ONE = ['contoso_us'];

const TYPICAL: VisualQuery = {
  select: [
    { column: { table: 'Calendar', column: 'Month' } },
    { column: { table: 'Devices', column: 'Model' } },
    { measure: { table: 'Meter readings', measure: 'Total pages' } },
  ],
  filters: [
    new BasicFilter({ table: 'Devices', column: 'Manufacturer' }, 'In', 'HP', 'Canon', 'Ricoh').toJSON(),
  ],
};
const PAGE = fleetOverviewPage();

/** The compiled statements of `queries` for `databaseNames`, asked of `engine` 6 at a time: their row counts. */
function straight(engine: Engine, queries: readonly VisualQuery[], databaseNames: readonly string[]) {
  const compiled = queries.map((q) => compileVisualQuery(PRINT_FLEET_DATASET, q, { databaseNames }));
  return () =>
    limited(
      compiled.map((c) => async () => (await engine.query(c.sql, c.params, c.paramTypes)).rows.length),
      6,
    );
}

console.info(`Start: ${loadAverage()}`);
const work = await mkdtemp(join(tmpdir(), 'analytics-parquet-bench-'));
const folder = join(work, 'files');
try {
  const scale = ROWS / estimateMeterRows({ endDate: END_DATE });
  console.info(
    `Writing ${ROWS.toLocaleString('en')} meter rows as Parquet (fleet-data scale ${scale.toFixed(2)}, other facts empty)…`,
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

  const dataDir = join(work, 'service');
  const service = await startServiceProcess({
    PORTICO_DATA_DIR: dataDir,
    ANALYTICS_DATA_FOLDER: folder,
    ANALYTICS_CACHE_MAX_MB: '0',
  });
  console.info(
    `Service started on the folder (import included) in ${service.startSeconds.toFixed(1)} s, peak RSS ${service.startPeakMb} MB`,
  );
  const imports = join(dataDir, 'analytics', 'folder');
  const [importFile] = (await readdir(imports)).filter((name) => name.endsWith('.duckdb'));
  if (importFile === undefined) throw new Error('the service imported nothing');
  const copy = join(work, 'imported-copy.duckdb');
  await copyFile(join(imports, importFile), copy);
  const imported = await engineOn(await DuckDBInstance.create(copy, { access_mode: 'READ_ONLY' }), 4);
  const files = (await openFileEngine({ folder, connections: 4 })).engine;

  const allToken = await service.tokenFor(ACCOUNTS);
  const oneToken = await service.tokenFor(ONE);
  const cases = [
    {
      name: `typical query (monthly pages by model, 3 manufacturers, all ${ACCOUNTS.length} accounts)`,
      service: () => service.page(allToken, [TYPICAL]),
      files: straight(files, [TYPICAL], ACCOUNTS),
      imported: straight(imported, [TYPICAL], ACCOUNTS),
    },
    {
      name: `fleet overview, first page (${PAGE.length} visual queries in one batch), one account (${ONE.join()})`,
      service: () => service.page(oneToken, PAGE),
      files: straight(files, PAGE, ONE),
      imported: straight(imported, PAGE, ONE),
    },
  ];
  service.rss.reset();
  for (const c of cases) {
    const [a, b, d] = [await c.service(), await c.files(), await c.imported()];
    if (a.join() !== b.join() || a.join() !== d.join())
      throw new Error(`${c.name}: row counts differ: service ${a}, files ${b}, imported ${d}`);
    const timings = { service: [] as number[], files: [] as number[], imported: [] as number[] };
    for (let i = 0; i < RUNS; i += 1) {
      timings.service.push(await time(c.service));
      timings.imported.push(await time(c.imported));
      if (i < FILE_RUNS) timings.files.push(await time(c.files));
    }
    const [s, f, m] = [median(timings.service), median(timings.files), median(timings.imported)];
    console.info(`${c.name} → ${a.join('/')} rows`);
    console.info(`  service over HTTP (imported folder, cache off): median ${s.toFixed(1)} ms of ${RUNS}`);
    console.info(
      `  DuckDB alone over the Parquet files:             median ${f.toFixed(1)} ms of ${FILE_RUNS}`,
    );
    console.info(`  DuckDB alone over the imported file:             median ${m.toFixed(1)} ms of ${RUNS}`);
    console.info(
      `  service / DuckDB over the files ${(s / f).toFixed(3)} (goal ≤ ${GOAL}); service / DuckDB over its file ${(s / m).toFixed(3)}`,
    );
  }
  console.info(`Service peak RSS while answering: ${service.rss.peak()} MB (goal < 500 MB)`);
  console.info(`End: ${loadAverage()}`);
  await service.stop();
  await files.close();
  await imported.close();
} finally {
  await rm(work, { recursive: true, force: true });
}
