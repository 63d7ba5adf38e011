/**
 * Many viewers at once: the fleet overview's first page (its visuals' queries, asked as the frame asks them: all in one
 * POST /frame-api/queries) replayed by N closed-loop viewers spread over the five sample accounts (viewer i is
 * account i mod 5, with an embed token of its own). Sides, each in a process of its own while this one drives it:
 *   - engine: the same compiled statements straight on DuckDB (@duckdb/node-api through the service's engine module,
 *     a pool of as many connections as the service's (ANALYTICS_DUCKDB_CONNECTIONS' default), 6 statements of a viewer in flight like a browser's 6 connections;
 *     many-viewers-engine.ts runs its viewers in-process), the baseline;
 *   - plain (`--sides=plain,…`): the engine side with DuckDB's threads fixed whatever the load (every statement may use them all),
 *     as a plain application of DuckDB runs it; the service sides then print their ratio to it too;
 *   - service, cache off (ANALYTICS_CACHE_MAX_MB=0): `src/server.ts` over keep-alive HTTP, a batch per page, started
 *     as `npm start` starts it (MALLOC_ARENA_MAX=2 unless set, node's --max-semi-space-size=32);
 *   - service, cache on (64 MB), a batch per page;
 *   - service one by one (`single`, cache off): a request per visual on /frame-api/query, 6 in flight per viewer, as
 *     the frame asked before it batched;
 *   - service, cache off, DuckDB's own allocator settings (`off-kept`: an empty DUCKDB_JE_MALLOC_CONF, so its jemalloc
 *     keeps freed pages as DuckDB sets it up; every other side, the bench process's children inheriting it, runs with
 *     src/data/duckdb-allocator.ts's): the before of that change, for peak RSS and CPU per page in the same run.
 * Per N it prints pages/s (each viewer's counted pages over the time it spent on them, summed over the viewers: see
 * viewers.ts), page p50/p99, the side's CPU per page (its process's user + system time over every page it
 * answered, from /proc: the figure least moved by other load) and peak RSS (sampled from /proc while the point runs),
 * medians over the rounds, each service side's throughput as a ratio to the engine's (of the medians, and round by
 * round: a round's sides ran next to each other), this process's CPU per page as the service sides' client (it sends
 * bodies serialised once and checks answers without parsing them, so it takes as little as it can from the side it
 * drives) and the load average. The machine is shared: figures move with the other load. At 100 viewers use windows
 * of 10 s: a page takes about a second there, and a 3 s window holds two or three of each viewer's.
 *
 *   node --import tsx apps/analytics/bench/many-viewers.ts [viewers=1,10,100] [seconds=3] [rounds=3] [scale=1]
 *     [--sides=engine,off,on,single,off-kept] [--engine-connections=8] [--profile=<dir>]
 *     [--service-node-flags=--trace-gc,…]
 *
 * `cpu ×` is the engine's CPU per page over the side's: the throughput ratio when CPU alone limits both sides (both
 * are CPU-bound on 2 cores), steadier than pages/s on a shared machine. `--sides` runs some of the sides (engine, off,
 * on, single, off-kept; the ratios need the engine); `--engine-connections` sizes the engine side's pool (earlier runs used 32,
 * which measured slower than 4 on 2 cores: 2.5–8.7 against 5.0–14.5 pages/s at 10 and 100 viewers); `--profile` starts
 * the service and the engine side with `node --cpu-prof --cpu-prof-dir=<dir>` (a .cpuprofile per process, written
 * when it stops); `--service-node-flags` gives the service's node more flags (comma-separated).
 */
import { fork, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { visualQuery } from '@portico/analytics-model';
import type { QueryBatchLine, ReportDefinition } from '@portico/analytics-model';
import { SAMPLE_ACCOUNTS } from '@portico/fleet-data';
import { DEFAULT_DUCKDB_CONNECTIONS } from '../src/config.ts';
import { openFleetDatabase } from '../src/data/fleet-database.ts';
import {
  call,
  freePort,
  rssMb,
  SERVICE_MALLOC_ARENA_MAX,
  SERVICE_NODE_FLAGS,
  timedPost,
} from './service-process.ts';
import { median } from './service.ts';
import { closedLoop, percentile } from './viewers.ts';
import type { LoopResult } from './viewers.ts';

const flags = new Map(
  process.argv
    .slice(2)
    .filter((a) => a.startsWith('--'))
    .map((a) => [a.slice(2, a.includes('=') ? a.indexOf('=') : undefined), a.slice(a.indexOf('=') + 1)]),
);
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const VIEWERS = (args[0] ?? '1,10,100').split(',').map(Number);
const SECONDS = Number(args[1] ?? 3);
const ROUNDS = Math.max(1, Number(args[2] ?? 3));
const SCALE = Number(args[3] ?? 1);
const PROFILE_DIR = flags.get('profile');
/** `--service-node-flags=--trace-gc,--max-semi-space-size=64`: more flags of the service's node (the later win). */
const EXTRA_NODE_FLAGS = (flags.get('service-node-flags') ?? '').split(',').filter((f) => f !== '');
const ENGINE_CONNECTIONS = Number(flags.get('engine-connections') ?? DEFAULT_DUCKDB_CONNECTIONS);
const WARMUP_MS = 1000;
const SECRET = 'bench-secret';
const REPORT_ID = 'c7f8789d-083c-4944-a9ce-49d0b3594f03';
const ACCOUNTS = SAMPLE_ACCOUNTS.map((a) => a.databaseName);
const END_DATE = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const APP_DIR = fileURLToPath(new URL('..', import.meta.url));

type Side = 'engine' | 'plain' | 'cache off' | 'cache on' | 'one by one' | 'off, kept';
const SIDE_FLAGS: Record<string, Side> = {
  engine: 'engine',
  plain: 'plain',
  off: 'cache off',
  'off-kept': 'off, kept',
  on: 'cache on',
  single: 'one by one',
};
const SIDES: readonly Side[] = (flags.get('sides') ?? 'engine,off,on').split(',').map((name) => {
  const side = SIDE_FLAGS[name];
  if (side === undefined)
    throw new Error(`--sides takes engine, plain, off, on, single and off-kept, not '${name}'`);
  return side;
});

interface Point {
  readonly pagesPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  /** The side's process CPU (user + system) per page it answered, ms. */
  readonly cpuMsPerPage: number;
  /** The same, of its main thread alone (JavaScript: HTTP, tokens, compiling, JSON; the engine side's viewers too). */
  readonly mainMsPerPage: number;
  readonly peakRssMb: number;
  /**
   * CPU per page of the bench process itself (the HTTP client of the service sides; 0 for the engine side, whose
   * viewers run inside its process): it shares the two cores with the side it drives.
   */
  readonly clientMsPerPage: number;
  /** The machine's 1-minute load average when the point ended. */
  readonly load: number;
}

/** User + system CPU so far, ms, of a /proc stat file (fields 14 and 15, in 1/100 s ticks). */
function cpuMsOf(file: string): number {
  const stat = readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU of the whole process `pid` and of its main thread (JavaScript; DuckDB works on threads of its own), ms. */
const cpuMs = (pid: number): { all: number; main: number } => ({
  all: cpuMsOf(`/proc/${pid}/stat`),
  main: cpuMsOf(`/proc/${pid}/task/${pid}/stat`),
});

/** Peak of the child's resident memory while `work` runs, sampled every 100 ms from /proc, and the CPU it used. */
async function withPeakRss<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<[T, number, { all: number; main: number; client: number }]> {
  let peak = 0;
  const cpuBefore = cpuMs(pid);
  const clientBefore = process.cpuUsage();
  const sample = () => {
    peak = Math.max(peak, rssMb(pid));
  };
  sample();
  const timer = setInterval(sample, 100);
  try {
    const result = await work();
    const cpuAfter = cpuMs(pid);
    const client = process.cpuUsage(clientBefore);
    return [
      result,
      peak,
      {
        all: cpuAfter.all - cpuBefore.all,
        main: cpuAfter.main - cpuBefore.main,
        client: (client.user + client.system) / 1000,
      },
    ];
  } finally {
    clearInterval(timer);
    sample();
  }
}

const pointOf = (
  result: LoopResult,
  peakRssMb: number,
  cpu: { all: number; main: number; client: number },
  client = true,
): Point => ({
  pagesPerSecond: result.pagesPerSecond,
  p50: percentile(result.latencies, 50),
  p99: percentile(result.latencies, 99),
  cpuMsPerPage: cpu.all / Math.max(1, result.pages),
  mainMsPerPage: cpu.main / Math.max(1, result.pages),
  peakRssMb,
  clientMsPerPage: client ? cpu.client / Math.max(1, result.pages) : 0,
  load: loadavg()[0] ?? 0,
});

/** The service (src/server.ts) on the loaded fleet file, with the cache bound `cacheMb`; resolves when ready. */
async function startService(
  dir: string,
  cacheMb: number,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const profile = PROFILE_DIR === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`];
  const child = spawn(
    process.execPath,
    [...profile, ...SERVICE_NODE_FLAGS, ...EXTRA_NODE_FLAGS, '--import', 'tsx', 'src/server.ts'],
    {
      cwd: APP_DIR,
      env: {
        ...process.env,
        PORTICO_DATA_DIR: dir,
        ANALYTICS_PORT: String(port),
        ANALYTICS_CLIENT_SECRET: SECRET,
        ANALYTICS_DATA_END_DATE: END_DATE,
        ANALYTICS_DATA_SCALE: String(SCALE),
        ANALYTICS_CACHE_MAX_MB: String(cacheMb),
        LOG_LEVEL: 'warn',
        MALLOC_ARENA_MAX: SERVICE_MALLOC_ARENA_MAX,
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const agent = new Agent();
  for (let i = 0; ; i += 1) {
    try {
      await call(agent, port, 'GET', '/readyz', undefined, '');
      break;
    } catch (error) {
      if (i > 600 || child.exitCode !== null) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  agent.destroy();
  return { child, port };
}

const stopped = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null) resolve();
    else {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }
  });

/** Runs every N against the service listening on `port`; each viewer has a token and 6 keep-alive sockets. */
async function serviceSide(
  child: ChildProcess,
  port: number,
  rowCounts: number[][],
  batched: boolean,
): Promise<Point[]> {
  const setup = new Agent({ keepAlive: true });
  const basic = `Basic ${Buffer.from(`portico-portal-server:${SECRET}`).toString('base64')}`;
  const form = { grant_type: 'client_credentials' };
  const { access_token: apiToken } = (await call(setup, port, 'POST', '/oauth/token', form, basic)) as {
    access_token: string;
  };
  const tokenFor = async (account: string): Promise<string> =>
    (
      (await call(
        setup,
        port,
        'POST',
        '/v1/embed-tokens',
        {
          reports: [{ id: REPORT_ID }],
          permissions: 'View',
          identities: [{ databaseNames: [account] }],
          allowedOrigins: ['http://localhost:4400'],
        },
        `Bearer ${apiToken}`,
      )) as { token: string }
    ).token;
  const first = await tokenFor(ACCOUNTS[0] ?? '');
  const { report } = (await call(
    setup,
    port,
    'GET',
    `/frame-api/reports/${REPORT_ID}`,
    undefined,
    `Bearer ${first}`,
  )) as {
    report: { definition: ReportDefinition };
  };
  const page = report.definition.pages[0];
  if (page === undefined) throw new Error('the fleet overview has no page');
  const queries = page.visuals.map((visual) => visualQuery(report.definition, page, visual));
  // The service answers each account's page with the rows DuckDB alone gives, batched and one by one.
  for (const [a, account] of ACCOUNTS.entries()) {
    const token = await tokenFor(account);
    const lines = (await call(
      setup,
      port,
      'POST',
      '/frame-api/queries',
      { reportId: REPORT_ID, queries },
      `Bearer ${token}`,
    )) as QueryBatchLine[];
    const batchCounts = queries.map((_, i) => {
      const line = lines.find((l) => l.index === i);
      if (line === undefined || !('answer' in line))
        throw new Error(`${account}: query ${i}: ${JSON.stringify(line)}`);
      return line.answer.rows.length;
    });
    const counts = await Promise.all(
      queries.map(
        async (query) =>
          (
            (await call(
              setup,
              port,
              'POST',
              '/frame-api/query',
              { reportId: REPORT_ID, query },
              `Bearer ${token}`,
            )) as {
              rows: unknown[];
            }
          ).rows.length,
      ),
    );
    for (const [how, got] of [
      ['batched', batchCounts],
      ['one by one', counts],
    ] as const)
      if (rowCounts.length > 0 && JSON.stringify(got) !== JSON.stringify(rowCounts[a]))
        throw new Error(
          `${account}: the service's row counts ${how} ${JSON.stringify(got)} differ from DuckDB's`,
        );
  }
  // The requests' bodies, serialised once (as a browser's would be on its own machine, not on the service's cores).
  const batchBody = JSON.stringify({ reportId: REPORT_ID, queries });
  const singleBodies = queries.map((query) => JSON.stringify({ reportId: REPORT_ID, query }));
  const points: Point[] = [];
  for (const viewers of VIEWERS) {
    const tokens = await Promise.all(
      Array.from({ length: viewers }, (_, i) => tokenFor(ACCOUNTS[i % ACCOUNTS.length] ?? '')),
    );
    const agents = tokens.map(() => new Agent({ keepAlive: true, maxSockets: 6 }));
    const [result, peak, cpu] = await withPeakRss(child.pid ?? 0, () =>
      closedLoop({
        viewers,
        warmupMs: WARMUP_MS,
        measureMs: SECONDS * 1000,
        sockets: 6,
        // As the frame asks: the page's queries in one batch (or, for the 'one by one' side, a request each).
        page: (i) =>
          batched
            ? [
                () =>
                  timedPost(
                    agents[i] ?? setup,
                    port,
                    '/frame-api/queries',
                    batchBody,
                    `Bearer ${tokens[i] ?? ''}`,
                    queries.length,
                  ),
              ]
            : singleBodies.map(
                (body) => () =>
                  timedPost(agents[i] ?? setup, port, '/frame-api/query', body, `Bearer ${tokens[i] ?? ''}`),
              ),
      }),
    );
    for (const agent of agents) agent.destroy();
    points.push(pointOf(result, peak, cpu));
  }
  setup.destroy();
  return points;
}

/** Runs every N in the engine process. */
async function engineSide(
  file: string,
  contentDir: string,
  plain = false,
): Promise<{ points: Point[]; rowCounts: number[][] }> {
  const child = fork(
    join(APP_DIR, 'bench', 'many-viewers-engine.ts'),
    [file, contentDir, REPORT_ID, ACCOUNTS.join(','), String(ENGINE_CONNECTIONS)],
    {
      env: { ...process.env, ...(plain ? { BENCH_PLAIN_DUCKDB: '1' } : {}) },
      execArgv: [
        '--import',
        'tsx',
        ...(PROFILE_DIR === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`]),
      ],
      cwd: APP_DIR,
    },
  );
  const next = <T>(type: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const onMessage = (message: { type: string }) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        resolve(message as T);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`the engine process exited (${code})`)));
    });
  const { rowCounts } = await next<{ rowCounts: number[][] }>('ready');
  const points: Point[] = [];
  for (const viewers of VIEWERS) {
    const [result, peak, cpu] = await withPeakRss(child.pid ?? 0, async () => {
      const answer = next<LoopResult>('result');
      child.send({ type: 'run', viewers, warmupMs: WARMUP_MS, measureMs: SECONDS * 1000 });
      return answer;
    });
    points.push(pointOf(result, peak, cpu, false));
  }
  // It exits by itself once its engine is closed (a profile, if asked for, is written then; SIGTERM would lose it).
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send({ type: 'stop' });
  await exited;
  return { points, rowCounts };
}

const dir = await mkdtemp(join(tmpdir(), 'analytics-viewers-'));
try {
  const file = join(dir, 'analytics', 'fleet.duckdb');
  console.info(`Loading the fleet sample (scale ${SCALE}, to ${END_DATE})…`);
  const loaded = await openFleetDatabase({ file, endDate: END_DATE, scale: SCALE });
  await loaded.engine.close();
  console.info(`  ${(loaded.loaded?.rows['meter_readings'] ?? 0).toLocaleString('en')} meter readings`);

  let rowCounts: number[][] = [];
  const runs = new Map<Side, Point[][]>(SIDES.map((side) => [side, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const side of SIDES) {
      let points: Point[];
      if (side === 'engine' || side === 'plain') {
        // The service is stopped: DuckDB lets one process open the file.
        const engine = await engineSide(file, join(dir, 'analytics', 'content'), side === 'plain');
        points = engine.points;
        rowCounts = engine.rowCounts;
        if (round === 0) console.info(`  rows per visual (per account): ${JSON.stringify(rowCounts)}`);
      } else {
        // `off, kept`: DuckDB's own allocator settings (an empty DUCKDB_JE_MALLOC_CONF), as before duckdb-allocator.ts.
        const env: Record<string, string> = side === 'off, kept' ? { DUCKDB_JE_MALLOC_CONF: '' } : {};
        const { child, port } = await startService(dir, side === 'cache on' ? 64 : 0, env);
        try {
          points = await serviceSide(child, port, rowCounts, side !== 'one by one');
        } finally {
          await stopped(child);
        }
      }
      runs.get(side)?.push(points);
      console.info(
        `  round ${round + 1}, ${side}: ${points.map((p, i) => `N=${VIEWERS[i]} ${p.pagesPerSecond.toFixed(1)} pages/s ${p.cpuMsPerPage.toFixed(1)} CPU ms/page (${p.mainMsPerPage.toFixed(1)} main thread, client ${p.clientMsPerPage.toFixed(1)}, load ${p.load.toFixed(1)})`).join(', ')}`,
      );
    }
  }

  const summary = (side: Side, i: number): Point => {
    const points = (runs.get(side) ?? []).map((round) => round[i]).filter((p): p is Point => p !== undefined);
    return {
      pagesPerSecond: median(points.map((p) => p.pagesPerSecond)),
      p50: median(points.map((p) => p.p50)),
      p99: median(points.map((p) => p.p99)),
      cpuMsPerPage: median(points.map((p) => p.cpuMsPerPage)),
      mainMsPerPage: median(points.map((p) => p.mainMsPerPage)),
      clientMsPerPage: median(points.map((p) => p.clientMsPerPage)),
      peakRssMb: Math.max(...points.map((p) => p.peakRssMb)),
      load: median(points.map((p) => p.load)),
    };
  };
  const loads = [...runs.values()].flat(2).map((p) => p.load);
  console.info(
    `\nFleet overview, first page: medians of ${ROUNDS} round(s) of ${SECONDS} s per point; peak RSS is the side's process (max over rounds); load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} (1 min, at the points' ends)`,
  );
  console.info(
    'viewers | side       | pages/s | × engine | page p50 ms | page p99 ms | CPU ms/page | cpu × | main thread | client | peak RSS MB | load',
  );
  /**
   * The side's pages/s over the engine's in the same round, per round: the machine's speed drifts over minutes, and a
   * round's two sides ran next to each other.
   */
  const pairedRatios = (side: Side, i: number, baseline: Side = 'engine'): number[] => {
    const engineRounds = runs.get(baseline) ?? [];
    return (runs.get(side) ?? []).flatMap((round, r) => {
      const mine = round[i];
      const theirs = engineRounds[r]?.[i];
      return mine === undefined || theirs === undefined ? [] : [mine.pagesPerSecond / theirs.pagesPerSecond];
    });
  };
  VIEWERS.forEach((viewers, i) => {
    const engine = SIDES.includes('engine') ? summary('engine', i) : undefined;
    for (const side of SIDES) {
      const p = summary(side, i);
      const ratio = engine === undefined ? '—' : (p.pagesPerSecond / engine.pagesPerSecond).toFixed(2);
      const cpuRatio = engine === undefined ? '—' : (engine.cpuMsPerPage / p.cpuMsPerPage).toFixed(2);
      // No page finished within the window (4× its length): nothing to rank.
      const ms = (value: number) => (Number.isNaN(value) ? '—' : value.toFixed(0));
      const paired = pairedRatios(side, i);
      const plain = side === 'engine' || side === 'plain' ? [] : pairedRatios(side, i, 'plain');
      const rounds =
        side === 'engine' || paired.length === 0
          ? ''
          : `  (round by round: median ${median(paired).toFixed(2)}, ${Math.min(...paired).toFixed(2)}–${Math.max(...paired).toFixed(2)})`;
      const againstPlain =
        plain.length === 0
          ? ''
          : `  (× plain: ${(p.pagesPerSecond / summary('plain', i).pagesPerSecond).toFixed(2)}, round by round ${median(plain).toFixed(2)}, ${Math.min(...plain).toFixed(2)}–${Math.max(...plain).toFixed(2)})`;
      console.info(
        `${String(viewers).padStart(7)} | ${side.padEnd(10)} | ${p.pagesPerSecond.toFixed(1).padStart(7)} | ${ratio.padStart(8)} | ${ms(p.p50).padStart(11)} | ${ms(p.p99).padStart(11)} | ${p.cpuMsPerPage.toFixed(1).padStart(11)} | ${cpuRatio.padStart(5)} | ${p.mainMsPerPage.toFixed(1).padStart(11)} | ${p.clientMsPerPage.toFixed(1).padStart(6)} | ${p.peakRssMb.toFixed(0).padStart(11)} | ${p.load.toFixed(1).padStart(4)}${rounds}${againstPlain}`,
      );
    }
  });
} finally {
  await rm(dir, { recursive: true, force: true });
}
