/**
 * ClickHouse at scale, in a local two-shard cluster (Debian's clickhouse-server, started by the test helper):
 *   1. the sample load's rows per second (`loadSampleIntoClickHouse`, the `npm run analytics -- sample clickhouse`
 *      path: generated account by account, streamed as CSV inserts into the Distributed tables);
 *   2. a tenant-scoped visual query (monthly pages by model for one account) through the service, p50, against the
 *      same SQL sent straight to ClickHouse with the same client (the limit; goal ≤ 1.2×);
 *   3. all visuals of the fleet overview's first page for one account, asked at once as the frame does (goal ≤ 1 s).
 * Prints medians, the ratio and this process's peak RSS. The target is 100 M meter readings over 5,000
 * accounts; pass what this machine manages in a few minutes.
 *
 *   node --import tsx apps/analytics/bench/clickhouse.ts [accounts=200] [scale=1] [days=730] [runs=21]
 */
import { createClient } from '@clickhouse/client';
import { SAMPLE_REPORTS } from '../src/models/built-in.ts';
import { PRINT_FLEET_DATASET } from '../src/models/built-in.ts';
import { visualQuery } from '@portico/analytics-model';
import { openClickHouseEngine } from '../src/data/clickhouse-engine.ts';
import { loadSampleIntoClickHouse, sampleAccountNames } from '../src/data/sample-export.ts';
import { compileVisualQuery } from '../src/query/compile.ts';
import { clickHouseDialect } from '../src/query/dialect.ts';
import type { VisualQuery } from '@portico/analytics-model';
import { startClickHouseCluster } from '../test/helpers/clickhouse-cluster.ts';
import { peakRssMb, serviceOnEngine } from './engine-http.ts';
import { median, time } from './service.ts';

const ACCOUNTS = Number(process.argv[2] ?? 200);
const SCALE = Number(process.argv[3] ?? 1);
const DAYS = Number(process.argv[4] ?? 730);
const RUNS = Math.max(11, Number(process.argv[5] ?? 21));
const GOAL = 1.2;
const TENANT = 'fabrikam';
const OVERVIEW = SAMPLE_REPORTS[0];
if (OVERVIEW === undefined) throw new Error('no sample report');

const QUERY: VisualQuery = {
  select: [
    { column: { table: 'Calendar', column: 'Month' } },
    { column: { table: 'Devices', column: 'Model' } },
    { measure: { table: 'Meter readings', measure: 'Total pages' } },
  ],
};

const cluster = await startClickHouseCluster();
const nodes = cluster.nodes.map((node) => createClient({ url: node.url }));
const engine = openClickHouseEngine({ url: cluster.url });
try {
  const [first] = nodes;
  if (first === undefined) throw new Error('no node');
  const accounts = sampleAccountNames(ACCOUNTS);
  console.info(`Loading ${ACCOUNTS} accounts at scale ${SCALE} over ${DAYS} days into a two-shard cluster…`);
  let last = 0;
  const loaded = await loadSampleIntoClickHouse(
    { client: first, nodes, layout: { database: 'default', cluster: cluster.clusterName } },
    { databaseNames: accounts, endDate: '2024-06-30', days: DAYS, scale: SCALE, seed: 0 },
    (p) => {
      if (p.seconds - last >= 15) {
        last = p.seconds;
        console.info(
          `  ${p.accountsDone}/${p.accountsTotal} accounts, ${p.rows.toLocaleString('en')} rows, ${Math.round(p.rows / p.seconds).toLocaleString('en')} rows/s`,
        );
      }
    },
  );
  const meterRows = loaded.rows['meter_readings'] ?? 0;
  console.info(
    `Load: ${loaded.totalRows.toLocaleString('en')} rows (${meterRows.toLocaleString('en')} meter readings) in ${loaded.seconds.toFixed(1)} s: ${loaded.rowsPerSecond.toLocaleString('en')} rows/s`,
  );

  const service = await serviceOnEngine(engine, accounts, [TENANT], OVERVIEW.id);
  const compiled = compileVisualQuery(
    PRINT_FLEET_DATASET,
    QUERY,
    { databaseNames: [TENANT] },
    clickHouseDialect,
  );
  const viaService = async () =>
    ((await service.frame('/frame-api/query', { reportId: OVERVIEW.id, query: QUERY }))['rows'] as unknown[])
      .length;
  const directly = async () => (await engine.query(compiled.sql)).rows.length;
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
  console.info(`Tenant-scoped query (monthly pages by model, ${TENANT}) → ${serviceRows} rows`);
  console.info(`  through the service: p50 ${a.toFixed(1)} ms of ${RUNS}`);
  console.info(`  same SQL straight to ClickHouse: p50 ${b.toFixed(1)} ms of ${RUNS}`);
  console.info(`  ratio ${(a / b).toFixed(3)} (goal ≤ ${GOAL})`);

  const page = OVERVIEW.definition.pages[0];
  if (page === undefined) throw new Error('no page');
  const queries = page.visuals.map((visual) => visualQuery(OVERVIEW.definition, page, visual));
  const wholePage = () =>
    Promise.all(queries.map((query) => service.frame('/frame-api/query', { reportId: OVERVIEW.id, query })));
  await wholePage();
  const pages: number[] = [];
  for (let i = 0; i < RUNS; i += 1) pages.push(await time(wholePage));
  console.info(
    `Fleet overview, first page (${queries.length} visuals at once) for ${TENANT}: median ${median(pages).toFixed(1)} ms of ${RUNS} (goal ≤ 1000 ms)`,
  );
  console.info(`Peak RSS of this process (service and loader): ${peakRssMb()} MB`);
  await service.close();
} finally {
  await engine.close();
  await Promise.all(nodes.map((node) => node.close()));
  await cluster.stop();
}
