/**
 * Generation speed of @portico/fleet-data. Run from the repository root:
 *
 *   node --import tsx packages/fleet-data/bench/generate.ts
 *
 * Prints rows/s for the default size (all sample accounts, median of 3 runs) through the row form, for the whole
 * default data set (every row set), and for 10M meter rows through the batched form. Exits non-zero when a goal
 * (default meters < 2 s, 10M rows < 30 s) is missed.
 */
import { estimateMeterRows, generateAccount, SAMPLE_ACCOUNTS } from '../src/index.ts';
import type { AccountData, GenerateOptions } from '../src/index.ts';

const END_DATE = '2024-06-30';
const RUNS = 3;

function accounts(options: GenerateOptions): AccountData[] {
  return SAMPLE_ACCOUNTS.map((account) => generateAccount(account.databaseName, options));
}

function timed(work: () => number): { rows: number; ms: number } {
  const started = performance.now();
  const rows = work();
  return { rows, ms: performance.now() - started };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? NaN;
}

function report(label: string, rows: number, ms: number, goalMs: number): boolean {
  const perSecond = Math.round((rows / ms) * 1_000).toLocaleString('en-US');
  const verdict = ms < goalMs ? 'ok' : 'MISSED';
  console.info(
    `${label.padEnd(44)} ${rows.toLocaleString('en-US').padStart(11)} rows  ${ms.toFixed(0).padStart(6)} ms  ` +
      `${perSecond.padStart(11)} rows/s  (goal < ${goalMs / 1_000} s: ${verdict})`,
  );
  return ms < goalMs;
}

function defaultMeters(): { rows: number; ms: number } {
  return timed(() => {
    let rows = 0;
    for (const data of accounts({ endDate: END_DATE })) for (const _ of data.meterReadings()) rows++;
    return rows;
  });
}

function defaultEverything(): { rows: number; ms: number } {
  return timed(() => {
    let rows = 0;
    for (const data of accounts({ endDate: END_DATE })) {
      for (const rowSet of [
        data.meterReadings(),
        data.supplyLevels(),
        data.supplyReplacements(),
        data.serviceAlerts(),
      ]) {
        for (const _ of rowSet) rows++;
      }
    }
    return rows;
  });
}

function tenMillionMeters(): { rows: number; ms: number; scale: number } {
  const scale = 10_000_000 / estimateMeterRows({ endDate: END_DATE });
  const result = timed(() => {
    let rows = 0;
    for (const data of accounts({ endDate: END_DATE, scale })) {
      for (const batch of data.meterReadingBatches({ batchSize: 65_536 })) rows += batch.length;
    }
    return rows;
  });
  return { ...result, scale };
}

function medianOf(run: () => { rows: number; ms: number }): { rows: number; ms: number } {
  const results = Array.from({ length: RUNS }, run);
  return { rows: results[0]?.rows ?? 0, ms: median(results.map((result) => result.ms)) };
}

console.info(`fleet-data generation, endDate ${END_DATE}, Node ${process.version}, median of ${RUNS} runs\n`);
const meters = medianOf(defaultMeters);
const everything = medianOf(defaultEverything);
const big = tenMillionMeters();
const ok = [
  report('default size: meter readings (row form)', meters.rows, meters.ms, 2_000),
  report('default size: every row set (row form)', everything.rows, everything.ms, 2_000),
  report(`10M meter rows, scale ${big.scale.toFixed(2)} (batches, 1 run)`, big.rows, big.ms, 30_000),
];
console.info(`\npeak RSS ${(process.resourceUsage().maxRSS / 1_024).toFixed(0)} MB`);
if (ok.includes(false)) process.exitCode = 1;
