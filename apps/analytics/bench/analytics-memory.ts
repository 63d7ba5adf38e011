/**
 * The service's memory, from outside: `src/server.ts` in a process of its own with the default DuckDB bounds
 * (ANALYTICS_DUCKDB_MEMORY_MB 192, ANALYTICS_DUCKDB_THREADS) and the result cache off, its RSS sampled from /proc every
 * 100 ms while it
 *   1. loads the generated sample at ANALYTICS_DATA_SCALE (10 by default: 3 M meter readings, 10 M supply levels),
 *   2. answers the fleet overview's first page (its queries in one batch, as the frame asks them) for each of the
 *      five accounts, one page at a time (page medians),
 *   3. answers N closed-loop viewers at once (a page's batch in flight each), spread over the accounts.
 * Prints each phase's time and peak RSS (goal: under 500 MB throughout) and the load average.
 *
 *   node --import tsx apps/analytics/bench/analytics-memory.ts [scale=10] [viewers=100] [seconds=10] [rounds=5]
 *
 * The service inherits this process's environment: `DUCKDB_JE_MALLOC_CONF=` (empty) in front runs it with DuckDB's
 * own allocator settings instead of src/data/duckdb-allocator.ts's, the before of that change.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SAMPLE_ACCOUNTS } from '@portico/fleet-data';
import { median, time } from './service.ts';
import { fleetOverviewPage, loadAverage, startServiceProcess } from './service-process.ts';
import { closedLoop, percentile } from './viewers.ts';

const SCALE = Number(process.argv[2] ?? 10);
const VIEWERS = Number(process.argv[3] ?? 100);
const SECONDS = Number(process.argv[4] ?? 10);
const ROUNDS = Math.max(1, Number(process.argv[5] ?? 5));
const GOAL_MB = 500;
const END_DATE = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const ACCOUNTS = SAMPLE_ACCOUNTS.map((a) => a.databaseName);
const PAGE = fleetOverviewPage();

console.info(`Start: ${loadAverage()}`);
const dir = await mkdtemp(join(tmpdir(), 'analytics-memory-bench-'));
try {
  console.info(`Starting the service at ANALYTICS_DATA_SCALE=${SCALE} (cache off, default DuckDB bounds)…`);
  const service = await startServiceProcess({
    PORTICO_DATA_DIR: dir,
    ANALYTICS_DATA_SCALE: String(SCALE),
    ANALYTICS_DATA_END_DATE: END_DATE,
    ANALYTICS_CACHE_MAX_MB: '0',
  });
  console.info(
    `1. load and start: ${service.startSeconds.toFixed(1)} s, peak RSS ${service.startPeakMb} MB (goal < ${GOAL_MB} MB)`,
  );

  const tokens = await Promise.all(ACCOUNTS.map((account) => service.tokenFor([account])));
  service.rss.reset();
  const pages: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1)
    for (const token of tokens) pages.push(await time(() => service.page(token, PAGE)));
  console.info(
    `2. fleet overview first page (${PAGE.length} queries in one batch), one viewer, ${pages.length} pages over ${ACCOUNTS.length} accounts: median ${median(pages).toFixed(0)} ms, p99 ${percentile(pages, 99).toFixed(0)} ms; peak RSS ${service.rss.peak()} MB`,
  );

  service.rss.reset();
  const agents = Array.from({ length: VIEWERS }, () => new Agent({ keepAlive: true, maxSockets: 6 }));
  const result = await closedLoop({
    viewers: VIEWERS,
    warmupMs: 1000,
    measureMs: SECONDS * 1000,
    sockets: 6,
    page: (viewer) => {
      const token = tokens[viewer % tokens.length] ?? '';
      const agent = agents[viewer];
      return [() => service.page(token, PAGE, agent)];
    },
  });
  for (const agent of agents) agent.destroy();
  console.info(
    `3. ${VIEWERS} viewers at once for ${SECONDS} s: ${result.pagesPerSecond.toFixed(1)} pages/s, page p50 ${percentile(result.latencies, 50).toFixed(0)} ms, p99 ${percentile(result.latencies, 99).toFixed(0)} ms; peak RSS ${service.rss.peak()} MB`,
  );
  console.info(`End: ${loadAverage()}`);
  await service.stop();
} finally {
  await rm(dir, { recursive: true, force: true });
}
