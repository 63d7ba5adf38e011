/**
 * ClickHouse at scale, in a local two-shard cluster (Debian's clickhouse-server):
 *   1. the sample load's rows per second (`loadSampleIntoClickHouse`, what `npm run analytics -- sample clickhouse`
 *      runs: one RowBinary stream per table, encoded straight from the generator, into the Distributed tables);
 *   2. a tenant-scoped visual query (monthly pages by model for fabrikam), p50 through the service (result cache
 *      off, so every call reaches ClickHouse) against the same SQL sent straight to ClickHouse with a plain
 *      `@clickhouse/client` (the baseline, same run; goal ≤ 1.2×), and the engine call alone between them, which
 *      shows where the service's time goes;
 *   3. the fleet overview's first page (all its visuals at once, as the frame asks them) through the service, per
 *      account over accounts spread through the load: the median of each account's pages, then the median and the
 *      slowest over accounts (goal ≤ 1 s).
 * Prints medians, the ratio, the load average (the machine is shared) and this process's peak RSS.
 *
 * Quick run (about 100 accounts, 2 M meter readings; a couple of minutes on a busy 2-core machine), from the root:
 *   node --import tsx apps/analytics/bench/clickhouse.ts
 * The size, 100 M meter readings over 5,000 accounts (the load alone takes tens of minutes here):
 *   node --import tsx apps/analytics/bench/clickhouse.ts --full
 * Against a cluster that already holds the sample (loaded by `npm run analytics -- sample clickhouse …`), no load:
 *   node --import tsx apps/analytics/bench/clickhouse.ts --url http://127.0.0.1:8123,http://127.0.0.1:8124 \
 *     --cluster portico --no-load
 * Options: --accounts N --readings N (the load's size), --runs N (timed calls per figure, default 21),
 * --page-accounts N (accounts whose page is timed, default 10).
 *
 * Two-stage aggregation (`--shards`: 4 accounts, about 4 M meter readings, so about 1 M per account; a couple of
 * minutes): for the largest account on the second node, the statements as they were (every table a filtered subquery,
 * the initiator joins and aggregates every row) against the dialect's (the shards join and aggregate, the initiator
 * merges), each case's server time p50, the rows the shard sent back and the initiator's memory, with the ratios:
 *   node --import tsx apps/analytics/bench/clickhouse.ts --shards --runs 9
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createClient } from '@clickhouse/client';
import type { ClickHouseClient } from '@clickhouse/client';
import { visualQuery } from '@portico/analytics-model';
import type { VisualQuery } from '@portico/analytics-model';
import { scaleForReadings } from '../src/data/clickhouse-rows.ts';
import { CLICKHOUSE_QUERY_SETTINGS, openClickHouseEngine } from '../src/data/clickhouse-engine.ts';
import { loadSampleIntoClickHouse, sampleAccountNames } from '../src/data/sample-export.ts';
import { PRINT_FLEET_DATASET, SAMPLE_REPORTS } from '../src/models/built-in.ts';
import { compileVisualQuery } from '../src/query/compile.ts';
import { clickHouseDialect } from '../src/query/dialect.ts';
import type { Dialect } from '../src/query/dialect.ts';
import { startClickHouseCluster } from '../test/helpers/clickhouse-cluster.ts';
import type { ClickHouseCluster } from '../test/helpers/clickhouse-cluster.ts';
import { peakRssMb, serviceOnEngine } from './engine-http.ts';
import { median, time } from './service.ts';

const { values: args } = parseArgs({
  options: {
    full: { type: 'boolean', default: false },
    accounts: { type: 'string' },
    readings: { type: 'string' },
    url: { type: 'string' },
    cluster: { type: 'string', default: 'portico' },
    'no-load': { type: 'boolean', default: false },
    runs: { type: 'string', default: '21' },
    'page-accounts': { type: 'string', default: '10' },
    shards: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  throw new Error(message);
}
const ACCOUNTS = Number(args.accounts ?? (args.full ? 5000 : args.shards ? 4 : 100));
const READINGS = Number(args.readings ?? (args.full ? 100_000_000 : args.shards ? 4_000_000 : 2_000_000));
const RUNS = Math.max(5, Number(args.runs));
const PAGE_ACCOUNTS = Math.max(1, Number(args['page-accounts']));
const END_DATE = '2024-06-30';
const DAYS = 730;
const GOAL = 1.2;
const TENANT = 'fabrikam';
const OVERVIEW = SAMPLE_REPORTS[0] ?? fail('no sample report');

const QUERY: VisualQuery = {
  select: [
    { column: { table: 'Calendar', column: 'Month' } },
    { column: { table: 'Devices', column: 'Model' } },
    { measure: { table: 'Meter readings', measure: 'Total pages' } },
  ],
};

const load = (): string =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
const say = (line: string): void => console.info(line);

async function count(client: ClickHouseClient, sql: string): Promise<number> {
  const result = await client.query({ query: sql, format: 'JSONCompact' });
  const json = (await result.json()) as unknown as { data: unknown[][] };
  return Number(json.data[0]?.[0] ?? 0);
}

/**
 * Runs `sql` once with the query log on and reads what each node did with it: the initiator's statement, and the
 * statements it sent to the shards (whether they aggregate, and how many rows they read and sent back).
 */
async function whereItRuns(initiator: ClickHouseClient, sql: string): Promise<string> {
  const id = `bench-${Date.now()}`;
  const result = await initiator.query({
    query: sql,
    format: 'JSONCompact',
    query_id: id,
    clickhouse_settings: { log_queries: 1 },
  });
  await result.json();
  const parts: string[] = [];
  for (const [i, node] of nodes.entries()) {
    await node.command({ query: 'SYSTEM FLUSH LOGS' });
    const log = await node.query({
      query: `SELECT count(), sum(read_rows), sum(result_rows), countIf(positionCaseInsensitive(query, 'GROUP BY') > 0) FROM system.query_log WHERE type = 2 AND is_initial_query = 0 AND initial_query_id = '${id}'`,
      format: 'JSONCompact',
    });
    const [row] = ((await log.json()) as unknown as { data: unknown[][] }).data;
    const [n, read, sent, grouped] = (row ?? []).map(Number);
    parts.push(
      `node ${i + 1}: ${n} statement(s) sent to it as a shard, ${grouped} of them aggregating, ${read?.toLocaleString('en')} rows read, ${sent?.toLocaleString('en')} rows sent back`,
    );
  }
  return parts.join('; ');
}

let cluster: ClickHouseCluster | undefined;
let urls: string[];
if (args.url === undefined) {
  cluster = await startClickHouseCluster();
  urls = cluster.nodes.map((node) => node.url);
} else {
  urls = args.url.split(',').filter((u) => u !== '');
}
// The service's statement settings, so the straight calls run the very statements the engine sends.
const nodes = urls.map((url) => createClient({ url, clickhouse_settings: CLICKHOUSE_QUERY_SETTINGS }));
const first = nodes[0] ?? fail('no ClickHouse node');
const engine = openClickHouseEngine({ url: urls[0] ?? '' });
try {
  say(`Load average at start (1 / 5 / 15 min): ${load()}`);
  let accounts: string[];
  if (args['no-load']) {
    const result = await first.query({
      query: 'SELECT database_name FROM accounts ORDER BY database_name',
      format: 'JSONCompact',
    });
    accounts = ((await result.json()) as unknown as { data: string[][] }).data.map((row) => String(row[0]));
    say(
      `Using the sample already in the cluster: ${accounts.length.toLocaleString('en')} accounts, ${(await count(first, 'SELECT count() FROM meter_readings')).toLocaleString('en')} meter readings`,
    );
  } else {
    accounts = sampleAccountNames(ACCOUNTS);
    const scale = scaleForReadings(READINGS, { databaseNames: accounts, endDate: END_DATE, days: DAYS });
    say(
      `Loading ${ACCOUNTS.toLocaleString('en')} accounts, about ${READINGS.toLocaleString('en')} meter readings (scale ${scale.toPrecision(4)}) over ${DAYS} days into a two-shard cluster…`,
    );
    let last = 0;
    const loaded = await loadSampleIntoClickHouse(
      { client: first, nodes, layout: { database: 'default', cluster: args.cluster } },
      { databaseNames: accounts, endDate: END_DATE, days: DAYS, scale, seed: 0 },
      (p) => {
        if (p.seconds - last >= 30) {
          last = p.seconds;
          say(
            `  ${p.table ?? ''} ${p.accountsDone}/${p.accountsTotal} accounts, ${p.rows.toLocaleString('en')} rows, ${Math.round(p.rows / p.seconds).toLocaleString('en')} rows/s (load ${load()})`,
          );
        }
      },
    );
    const meterRows = loaded.rows['meter_readings'] ?? 0;
    say(
      `Load: ${loaded.totalRows.toLocaleString('en')} rows (${meterRows.toLocaleString('en')} meter readings) in ${loaded.seconds.toFixed(1)} s: ${loaded.rowsPerSecond.toLocaleString('en')} rows/s (load average ${load()})`,
    );
  }

  if (args.shards) await shardAggregation(accounts);
  else await throughService(accounts);
} finally {
  await engine.close();
  await Promise.all(nodes.map((node) => node.close()));
  await cluster?.stop();
}

/** Part 2 and 3: the tenant-scoped query and the fleet overview's first page, through the service. */
async function throughService(accounts: readonly string[]): Promise<void> {
  const service = await serviceOnEngine(engine, accounts, [TENANT], OVERVIEW.id, {
    ANALYTICS_CACHE_MAX_MB: '0',
  });
  const compiled = compileVisualQuery(
    PRINT_FLEET_DATASET,
    QUERY,
    { databaseNames: [TENANT] },
    clickHouseDialect,
  );
  const viaService = async (): Promise<number> =>
    ((await service.frame('/frame-api/query', { reportId: OVERVIEW.id, query: QUERY }))['rows'] as unknown[])
      .length;
  const viaEngine = async (): Promise<number> => (await engine.query(compiled.sql)).rows.length;
  const serverMs: number[] = [];
  const straight = async (): Promise<number> => {
    const result = await first.query({ query: compiled.sql, format: 'JSONCompact' });
    const json = (await result.json()) as unknown as { data: unknown[]; statistics?: { elapsed?: number } };
    serverMs.push((json.statistics?.elapsed ?? 0) * 1000);
    return json.data.length;
  };
  const [serviceRows, engineRows, directRows] = [await viaService(), await viaEngine(), await straight()];
  if (serviceRows !== directRows || engineRows !== directRows)
    throw new Error(
      `row counts differ: service ${serviceRows}, engine ${engineRows}, straight ${directRows}`,
    );
  for (let i = 0; i < 3; i += 1) {
    await viaService();
    await viaEngine();
    await straight();
  }
  serverMs.length = 0;
  const through: number[] = [];
  const engineOnly: number[] = [];
  const direct: number[] = [];
  // Interleaved, so a burst of load from the rest of the machine lands on all three alike, and rotated: on a busy
  // machine whichever call follows another one's finish is favoured (a fixed order put the straight call last and
  // made it look twice as fast as the identical engine call).
  const ways: [() => Promise<number>, number[]][] = [
    [viaService, through],
    [viaEngine, engineOnly],
    [straight, direct],
  ];
  for (let i = 0; i < RUNS; i += 1) {
    for (let k = 0; k < ways.length; k += 1) {
      const way = ways[(i + k) % ways.length];
      if (way !== undefined) way[1].push(await time(way[0]));
    }
  }
  const [a, e, b] = [median(through), median(engineOnly), median(direct)];
  say(
    `Tenant-scoped query (monthly pages by model, ${TENANT}) → ${serviceRows} rows, ${RUNS} runs each (load ${load()})`,
  );
  say(
    `  straight to ClickHouse (@clickhouse/client, JSONCompact): p50 ${b.toFixed(1)} ms, of which the server's own time p50 ${median(serverMs).toFixed(1)} ms`,
  );
  say(`  the service's engine call alone (same SQL, rows converted): p50 ${e.toFixed(1)} ms`);
  say(`  through the service (HTTP, token, compile, engine; cache off): p50 ${a.toFixed(1)} ms`);
  say(`  ratio service / straight ${(a / b).toFixed(3)} (goal ≤ ${GOAL})`);

  say(`  where it runs: ${await whereItRuns(first, compiled.sql)}`);

  const page = OVERVIEW.definition.pages[0];
  if (page === undefined) throw new Error('no page');
  const queries = page.visuals.map((visual) => visualQuery(OVERVIEW.definition, page, visual));
  const step = Math.max(1, Math.floor(accounts.length / PAGE_ACCOUNTS));
  const chosen = [TENANT, ...accounts.filter((_, i) => i % step === 0 && accounts[i] !== TENANT)].slice(
    0,
    PAGE_ACCOUNTS,
  );
  const cold: number[] = [];
  const warm: number[] = [];
  for (const account of chosen) {
    const frame = await service.viewer([account]);
    const wholePage = () =>
      Promise.all(queries.map((query) => frame('/frame-api/query', { reportId: OVERVIEW.id, query })));
    cold.push(await time(wholePage));
    const times: number[] = [];
    for (let i = 0; i < 3; i += 1) times.push(await time(wholePage));
    warm.push(median(times));
  }
  say(
    `Fleet overview, first page (${queries.length} visuals at once, cache off) over ${chosen.length} accounts (load ${load()}):`,
  );
  say(
    `  per account (median of 3): median ${median(warm).toFixed(1)} ms, slowest ${Math.max(...warm).toFixed(1)} ms (goal ≤ 1000 ms)`,
  );
  say(
    `  first page of each account: median ${median(cold).toFixed(1)} ms, slowest ${Math.max(...cold).toFixed(1)} ms`,
  );
  say(
    `Peak RSS of this process (service${args['no-load'] ? '' : ' and loader'}): ${peakRssMb()} MB; load average at end ${load()}`,
  );
  await service.close();
}

/** The same statements as the shards used to get them: every table a filtered subquery, joined on the initiator. */
function initiatorJoins(): Dialect {
  return {
    ...clickHouseDialect,
    rootTable: (source, alias, columns, rlsColumn, values) => ({
      table: clickHouseDialect.securedTable(source, alias, columns, rlsColumn, values),
      alias,
      rls: '',
    }),
  };
}

interface Measured {
  /** Server time of the statement on the initiator (JSON statistics), ms. */
  readonly ms: number;
  /** Rows the second node, as a shard, sent back to the initiator. */
  readonly sentRows: number;
  /** The initiator's memory for the statement (system.query_log), bytes. */
  readonly initiatorBytes: number;
}

async function jsonRows(client: ClickHouseClient, query: string): Promise<unknown[][]> {
  const result = await client.query({ query, format: 'JSONCompact' });
  return ((await result.json()) as unknown as { data: unknown[][] }).data;
}

/** Runs `sql` on the first node with the query log on; reads what the second node sent back and the initiator used. */
async function measureOnce(sql: string): Promise<Measured> {
  const id = `shards-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const result = await first.query({
    query: sql,
    format: 'JSONCompact',
    query_id: id,
    clickhouse_settings: { ...CLICKHOUSE_QUERY_SETTINGS, log_queries: 1 },
  });
  const json = (await result.json()) as unknown as { statistics?: { elapsed?: number } };
  const second = nodes[1] ?? fail('the shard benchmark needs two nodes');
  await Promise.all([
    first.command({ query: 'SYSTEM FLUSH LOGS' }),
    second.command({ query: 'SYSTEM FLUSH LOGS' }),
  ]);
  const sent = await jsonRows(
    second,
    `SELECT query FROM system.query_log WHERE type = 2 AND is_initial_query = 0 AND initial_query_id = '${id}'`,
  );
  let sentRows = 0;
  for (const [statement] of sent) {
    sentRows += Number((await jsonRows(second, `SELECT count() FROM (${String(statement)})`))[0]?.[0] ?? 0);
  }
  const memory = await jsonRows(
    first,
    `SELECT memory_usage FROM system.query_log WHERE type = 2 AND query_id = '${id}'`,
  );
  return {
    ms: (json.statistics?.elapsed ?? 0) * 1000,
    sentRows,
    initiatorBytes: Number(memory[0]?.[0] ?? 0),
  };
}

/**
 * `--shards`: two-stage aggregation, before (every table a filtered subquery: the shards send their rows and the
 * initiator joins and aggregates) and after (the shards join and aggregate, the initiator merges), for the largest
 * account that lives on the second node (whose statements the query log shows; the first node's own part runs
 * in-process). Server time p50, the rows the shard sent back, and the initiator's memory, with the ratios.
 */
async function shardAggregation(accounts: readonly string[]): Promise<void> {
  const second = nodes[1] ?? fail('the shard benchmark needs two nodes');
  const local = await jsonRows(
    second,
    'SELECT database_name, count() AS n FROM meter_readings_local GROUP BY database_name ORDER BY n DESC LIMIT 1',
  );
  const [account, readings] = [
    String(local[0]?.[0] ?? fail('the second node holds no account')),
    Number(local[0]?.[1]),
  ];
  say(
    `Two-stage aggregation for ${account} (${readings.toLocaleString('en')} meter readings on the second node; ${accounts.length} accounts loaded), ${RUNS} runs each (load ${load()})`,
  );
  const cases: [string, VisualQuery][] = [
    [
      'pages by model (one join)',
      {
        select: [
          { column: { table: 'Devices', column: 'Model' } },
          { measure: { table: 'Meter readings', measure: 'Total pages' } },
        ],
      },
    ],
    ['pages by month and model (two joins)', QUERY],
    [
      'pages: sum, average, distinct printers (no join)',
      {
        select: [
          { measure: { table: 'Meter readings', measure: 'Total pages' } },
          { measure: { table: 'Meter readings', measure: 'Average daily pages' } },
          { measure: { table: 'Meter readings', measure: 'Reporting devices' } },
        ],
      },
    ],
  ];
  for (const [name, query] of cases) {
    const context = { databaseNames: [account] };
    const before = compileVisualQuery(PRINT_FLEET_DATASET, query, context, initiatorJoins()).sql;
    const after = compileVisualQuery(PRINT_FLEET_DATASET, query, context, clickHouseDialect).sql;
    const runs: { before: Measured[]; after: Measured[] } = { before: [], after: [] };
    await measureOnce(before);
    await measureOnce(after);
    for (let i = 0; i < RUNS; i += 1) {
      // Alternated, so load from the rest of the machine lands on both alike.
      if (i % 2 === 0) {
        runs.before.push(await measureOnce(before));
        runs.after.push(await measureOnce(after));
      } else {
        runs.after.push(await measureOnce(after));
        runs.before.push(await measureOnce(before));
      }
    }
    const p50 = (list: Measured[], pick: (m: Measured) => number) => median(list.map(pick));
    const [msBefore, msAfter] = [p50(runs.before, (m) => m.ms), p50(runs.after, (m) => m.ms)];
    const [sentBefore, sentAfter] = [p50(runs.before, (m) => m.sentRows), p50(runs.after, (m) => m.sentRows)];
    const [memBefore, memAfter] = [
      p50(runs.before, (m) => m.initiatorBytes) / 2 ** 20,
      p50(runs.after, (m) => m.initiatorBytes) / 2 ** 20,
    ];
    say(`  ${name}:`);
    say(
      `    server time p50 ${msBefore.toFixed(1)} ms → ${msAfter.toFixed(1)} ms (after / before ${(msAfter / msBefore).toFixed(3)})`,
    );
    say(
      `    rows the second node sent the initiator ${sentBefore.toLocaleString('en')} → ${sentAfter.toLocaleString('en')} (after / before ${(sentAfter / Math.max(1, sentBefore)).toFixed(5)})`,
    );
    say(
      `    initiator memory p50 ${memBefore.toFixed(1)} MiB → ${memAfter.toFixed(1)} MiB (after / before ${(memAfter / memBefore).toFixed(3)})`,
    );
  }
  say(`Load average at end ${load()}`);
}
