/**
 * CSV generation of a 1M-row report (daily meter readings of one account at a larger fleet-data scale) through
 * the portal's report documents, written to a file, beside DuckDB's own `COPY … TO` CSV export of the same rows
 * from an in-memory table. The timed runs alternate (ours, DuckDB's, ours, …) so a change in the machine's load hits
 * both alike; it prints every run, the medians, the ratio of the medians and the median of the per-pair ratios (goal
 * ≤ 2×), and the peak RSS of the report run (goal < 200 MB, measured in a first run before DuckDB is loaded). Exits
 * non-zero when a goal is missed.
 *
 * A fair comparison: the report is one JavaScript thread, while DuckDB's COPY by default uses a thread per core, so
 * the goal is measured against DuckDB on one thread (`SET threads = 1`); DuckDB on every core is timed in the same
 * rounds and printed for reference (on a quiet 2-core machine it is about twice as fast; on a loaded one its threads
 * compete for the cores and it can be slower than one). Both run in this one process, so pinning the process to one
 * core pins both sides alike: `taskset -c 0 node --import tsx bench/report-csv.ts`.
 *
 *   node --import tsx bench/report-csv.ts [rows=1000000] [runs=7]
 */
import { createWriteStream, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import { estimateMeterRows, generateAccount } from '@portico/fleet-data';
import { findReportKind, renderReportWith } from '../apps/portal-server/src/documents/index.ts';

const targetRows = Number(process.argv[2] ?? 1_000_000);
const RUNS = Number(process.argv[3] ?? 7);
const GOAL_RATIO = 2;
const GOAL_RSS_MB = 200;
const END_DATE = '2024-06-30';
const ACCOUNT = { databaseName: 'contoso_emea', accountName: 'Contoso EMEA', customerName: 'Contoso Ltd' };
const scale = targetRows / estimateMeterRows({ databaseNames: [ACCOUNT.databaseName], endDate: END_DATE });
const rows = generateAccount(ACCOUNT.databaseName, { endDate: END_DATE, scale }).meterReadingCount();
const ourFile = join(tmpdir(), 'portico-report-csv-bench.csv');
const duckFile = join(tmpdir(), 'portico-report-csv-bench-duckdb.csv');

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const mb = (bytes: number) => bytes / 1024 / 1024;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

async function reportRun(): Promise<number> {
  const kind = findReportKind('daily-meter-readings');
  if (kind === undefined) throw new Error('daily-meter-readings is not in the catalogue');
  return timed(async () => {
    const input = { kind, account: ACCOUNT, language: 'de', format: 'csv', endDate: END_DATE } as const;
    const { body } = renderReportWith(input, { scale });
    await pipeline(body, createWriteStream(ourFile));
  });
}

async function loadDuckDb() {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  await connection.run(
    'CREATE TABLE meter_readings (deviceId VARCHAR, date VARCHAR, monoPages INTEGER, colourPages INTEGER, totalMono INTEGER, totalColour INTEGER)',
  );
  const appender = await connection.createAppender('meter_readings');
  for (const batch of generateAccount(ACCOUNT.databaseName, {
    endDate: END_DATE,
    scale,
  }).meterReadingBatches()) {
    for (let i = 0; i < batch.length; i++) {
      appender.appendVarchar(batch.deviceId[i] ?? '');
      appender.appendVarchar(batch.date[i] ?? '');
      appender.appendInteger(batch.monoPages[i] ?? 0);
      appender.appendInteger(batch.colourPages[i] ?? 0);
      appender.appendInteger(batch.totalMono[i] ?? 0);
      appender.appendInteger(batch.totalColour[i] ?? 0);
      appender.endRow();
    }
  }
  appender.closeSync();
  return { instance, connection };
}

// One report run alone first, sampling RSS, so DuckDB's memory does not count against ours; it also warms up.
let peakRss = process.memoryUsage.rss();
const baselineRss = peakRss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 10);
await reportRun();
clearInterval(sampler);
peakRss = Math.max(peakRss, process.resourceUsage().maxRSS * 1024);
const ourBytes = statSync(ourFile).size;

const loadStart = performance.now();
const { instance, connection } = await loadDuckDb();
const loadMs = performance.now() - loadStart;
// Then the timed runs in alternating rounds, so a change in the machine's load hits both sides alike.
const ours: number[] = [];
const duck: number[] = [];
const duckAllCores: number[] = [];
const copy = `COPY meter_readings TO '${duckFile}' (HEADER, DELIMITER ',')`;
const duckThreads = Number(
  (await connection.runAndReadAll("SELECT current_setting('threads')")).getRows()[0]?.[0] ?? 0,
);
const duckCopy = async (threads: number) => {
  await connection.run(`SET threads = ${threads}`);
  return timed(() => connection.run(copy));
};
await duckCopy(1); // warm-up
for (let run = 0; run < RUNS; run++) {
  ours.push(await reportRun());
  duck.push(await duckCopy(1));
  duckAllCores.push(await duckCopy(duckThreads));
}
const duckBytes = statSync(duckFile).size;
connection.closeSync();
instance.closeSync();
rmSync(ourFile, { force: true });
rmSync(duckFile, { force: true });

const ourMs = median(ours);
const duckMs = median(duck);
const duckAllCoresMs = median(duckAllCores);
const ratio = ourMs / duckMs;
const pairRatios = ours.map((ms, run) => ms / (duck[run] ?? NaN));
console.log(
  `CSV export of ${rows.toLocaleString('en')} daily meter readings (scale ${scale.toFixed(2)}), median of ${RUNS}; ${availableParallelism()} cores available to this process, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(
  `  portal report (renderReport → file): ${ourMs.toFixed(0)} ms, ${(((rows / ourMs) * 1000) / 1e6).toFixed(2)} M rows/s, ${mb(ourBytes).toFixed(1)} MB  [${ours.map((m) => m.toFixed(0)).join(', ')}]`,
);
console.log(
  `  DuckDB COPY … TO, one thread:          ${duckMs.toFixed(0)} ms, ${(((rows / duckMs) * 1000) / 1e6).toFixed(2)} M rows/s, ${mb(duckBytes).toFixed(1)} MB  [${duck.map((m) => m.toFixed(0)).join(', ')}]  (loading it took ${loadMs.toFixed(0)} ms, not counted)`,
);
console.log(
  `  DuckDB COPY … TO, ${duckThreads} threads:          ${duckAllCoresMs.toFixed(0)} ms  [${duckAllCores.map((m) => m.toFixed(0)).join(', ')}]  (reference: ${(ourMs / duckAllCoresMs).toFixed(2)}× its time)`,
);
console.log(
  `  ratio: ${ratio.toFixed(2)}× one-threaded DuckDB's time (goal ≤ ${GOAL_RATIO}×); per pair [${pairRatios.map((r) => r.toFixed(2)).join(', ')}], median ${median(pairRatios).toFixed(2)}×`,
);
console.log(
  `  peak RSS during a report run: ${mb(peakRss).toFixed(0)} MB (process at start: ${mb(baselineRss).toFixed(0)} MB; goal < ${GOAL_RSS_MB} MB)`,
);
if (ratio > GOAL_RATIO || mb(peakRss) >= GOAL_RSS_MB) {
  console.error('A goal was missed.');
  process.exitCode = 1;
}
