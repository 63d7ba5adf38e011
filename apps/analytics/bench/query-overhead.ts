/**
 * Query overhead: a typical visual query (monthly pages by model, filtered to three manufacturers) over 10M meter
 * rows, through the whole service (HTTP, embed-token check, query layer, JSON) against the very same SQL and
 * parameters run directly on DuckDB (the limit). Prints both medians and their ratio; the goal is ≤ 1.2.
 *
 *   node --import tsx apps/analytics/bench/query-overhead.ts [meterRows=10000000] [runs=21]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BasicFilter } from '@portico/models';
import { estimateMeterRows, SAMPLE_ACCOUNTS } from '@portico/fleet-data';
import { PRINT_FLEET_DATASET } from '../src/models/built-in.ts';
import { BENCH_SECRET, median, serviceOn, time } from './service.ts';
import { openFleetDatabase } from '../src/data/fleet-database.ts';
import { compileVisualQuery } from '../src/query/compile.ts';
import type { VisualQuery } from '@portico/analytics-model';

const END_DATE = '2024-06-30';
const ROWS = Number(process.argv[2] ?? 10_000_000);
const RUNS = Math.max(15, Number(process.argv[3] ?? 21));
const WARM_UP = 3;
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

const dir = await mkdtemp(join(tmpdir(), 'analytics-bench-'));
try {
  const scale = ROWS / estimateMeterRows({ endDate: END_DATE });
  const file = join(dir, 'fleet.duckdb');
  console.info(`Loading ${ROWS.toLocaleString('en')} meter rows (fleet-data scale ${scale.toFixed(2)})…`);
  const loading = performance.now();
  const loaded = await openFleetDatabase({
    file,
    endDate: END_DATE,
    scale,
    facts: ['meter_readings'],
    connections: 1,
  });
  await loaded.engine.close();
  console.info(
    `  loaded ${loaded.loaded?.rows['meter_readings']?.toLocaleString('en')} rows in ${((performance.now() - loading) / 1000).toFixed(1)} s`,
  );

  // One DuckDB instance for both sides: the service's engine, and a plain connection for the direct runs.
  const { config, address, direct, close } = await serviceOn(file, dir, loaded);

  const post = async (path: string, body: unknown, authorization: string) => {
    const res = await fetch(`${address}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const basic = `Basic ${Buffer.from(`${config.clientId}:${BENCH_SECRET}`).toString('base64')}`;
  const { access_token: apiToken } = await post('/oauth/token', { grant_type: 'client_credentials' }, basic);
  const { token } = await post(
    '/v1/embed-tokens',
    {
      reports: [{ id: REPORT_ID }],
      permissions: 'View',
      identities: [{ databaseNames: ACCOUNTS }],
      allowedOrigins: ['http://localhost:4400'],
    },
    `Bearer ${String(apiToken)}`,
  );

  const viaService = async () => {
    const answer = await post(
      '/frame-api/query',
      { reportId: REPORT_ID, query: QUERY },
      `Bearer ${String(token)}`,
    );
    return (answer['rows'] as unknown[]).length;
  };
  const compiled = compileVisualQuery(PRINT_FLEET_DATASET, QUERY, { databaseNames: ACCOUNTS });
  const directly = async () =>
    (await direct.runAndReadAll(compiled.sql, [...compiled.params], [...compiled.paramTypes])).getRows()
      .length;

  const [serviceRows, directRows] = [await viaService(), await directly()];
  if (serviceRows !== directRows)
    throw new Error(`row counts differ: service ${serviceRows}, direct ${directRows}`);
  for (let i = 0; i < WARM_UP; i += 1) {
    await viaService();
    await directly();
  }

  // Interleaved, so that drift on a busy machine hits both sides alike.
  const service: number[] = [];
  const engineOnly: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    service.push(await time(viaService));
    engineOnly.push(await time(directly));
  }
  const [a, b] = [median(service), median(engineOnly)];
  const ratio = a / b;
  console.info(
    `Query: monthly pages by model, 3 manufacturers, RLS on all ${ACCOUNTS.length} accounts → ${serviceRows} rows`,
  );
  console.info(
    `  through the service (HTTP + token + query layer + JSON): median ${a.toFixed(1)} ms of ${RUNS}`,
  );
  console.info(
    `  same SQL directly on DuckDB:                            median ${b.toFixed(1)} ms of ${RUNS}`,
  );
  console.info(`  ratio ${ratio.toFixed(3)} (goal ≤ ${GOAL})`);

  await close();
  if (ratio > GOAL) process.exitCode = 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
