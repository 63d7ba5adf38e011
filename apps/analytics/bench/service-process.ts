/**
 * The service (`src/server.ts`) in a process of its own, as the memory and Parquet benchmarks drive it: started with
 * the given environment on a free port, its resident memory sampled from /proc, and the fleet overview's first page
 * asked as the frame asks it (one embed token per account, the page's visual queries in one batch, as the frame asks).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { visualQuery } from '@portico/analytics-model';
import type { QueryBatchLine, VisualQuery } from '@portico/analytics-model';
import { SAMPLE_REPORTS } from '../src/models/built-in.ts';

export const BENCH_SECRET = 'bench-secret';
/** The fleet overview sample report. */
export const FLEET_OVERVIEW_ID = 'c7f8789d-083c-4944-a9ce-49d0b3594f03';
const APP_DIR = fileURLToPath(new URL('..', import.meta.url));

/** The visual queries of the fleet overview's first page, as the frame sends them. */
export function fleetOverviewPage(): VisualQuery[] {
  const report = SAMPLE_REPORTS.find((r) => r.id === FLEET_OVERVIEW_ID);
  const page = report?.definition.pages[0];
  if (report === undefined || page === undefined) throw new Error('the fleet overview has no page');
  return page.visuals.map((visual) => visualQuery(report.definition, page, visual));
}

/** `load average 3.1 2.8 2.5 (2 cores)`. */
export const loadAverage = (): string =>
  `load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`;

/** A port nothing listens on now (the kernel's pick). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });

/** Resident memory of `pid` in MB, from /proc (0 once it is gone). */
export function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return Number(match?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every 100 ms; `peak()` is the largest seen since the last `reset()`. */
export function rssSampler(pid: number): { peak(): number; reset(): void; stop(): void } {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 100);
  return {
    peak: () => Math.round(Math.max(peak, rssMb(pid))),
    reset: () => {
      peak = rssMb(pid);
    },
    stop: () => clearInterval(timer),
  };
}

/** An answer as it came: status, content type and the whole body. */
interface Answer {
  readonly status: number | undefined;
  readonly type: string;
  readonly text: string;
}

/** One request to the service on `port`; resolves with the whole answer, whatever its status. */
function send(
  agent: Agent,
  port: number,
  method: string,
  path: string,
  payload: string | undefined,
  auth: string,
): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          authorization: auth,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            type: String(res.headers['content-type']),
            text: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * A timed POST as the benchmarks' viewers send it: `payload` serialised once beforehand, the answer read whole and
 * checked without parsing it (200; for a batch, `lines` NDJSON lines and none an error), so the load generator, which
 * shares the cores with the service, spends as little of them as it can. Resolves with the answer's bytes.
 */
export async function timedPost(
  agent: Agent,
  port: number,
  path: string,
  payload: string,
  auth: string,
  lines?: number,
): Promise<number> {
  const { status, text } = await send(agent, port, 'POST', path, payload, auth);
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count += 1;
  if (status !== 200) throw new Error(`${path}: ${status} ${text}`);
  if (lines !== undefined && (count !== lines || text.includes('"error":{')))
    throw new Error(`${path}: not ${lines} answers: ${text.slice(0, 300)}`);
  return text.length;
}

/** A JSON call; rejects on anything but 200. A batch's NDJSON answer resolves with its lines, parsed. */
export async function call(
  agent: Agent,
  port: number,
  method: string,
  path: string,
  body: unknown,
  auth: string,
): Promise<unknown> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const { status, type, text } = await send(agent, port, method, path, payload, auth);
  if (status !== 200) throw new Error(`${path}: ${status} ${text}`);
  if (type.startsWith('application/x-ndjson'))
    return text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
  return JSON.parse(text);
}

export interface ServiceProcess {
  readonly child: ChildProcess;
  readonly port: number;
  /** Peak RSS (MB) while it started: loading the sample or importing the data folder. */
  readonly startPeakMb: number;
  readonly startSeconds: number;
  readonly rss: ReturnType<typeof rssSampler>;
  /** An embed token on the fleet overview for `databaseNames`. */
  tokenFor(databaseNames: readonly string[]): Promise<string>;
  /**
   * Asks the page's queries with `token` as the frame asks them (one query on /frame-api/query, more in one batch on
   * /frame-api/queries); resolves with each answer's row count.
   */
  page(token: string, queries: readonly VisualQuery[], agent?: Agent): Promise<number[]>;
  stop(): Promise<void>;
}

/** Runs at most `limit` of `work` at once; resolves with their results in order. */
export async function limited<T>(work: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < work.length) {
      const index = next;
      next += 1;
      const job = work[index];
      if (job !== undefined) results[index] = await job();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, work.length) }, lane));
  return results;
}

/**
 * glibc's malloc arenas for the service, as `npm start` gives it (scripts/start.mjs): 2 unless this process's
 * environment says otherwise.
 */
export const SERVICE_MALLOC_ARENA_MAX = process.env['MALLOC_ARENA_MAX'] ?? '2';

/** node's flags for the service, as `npm start` gives them (scripts/start.mjs): V8's young generation at 2 × 32 MB. */
export const SERVICE_NODE_FLAGS = ['--max-semi-space-size=32'];

/** Starts `src/server.ts` with `env` (on top of this process's) and waits until /readyz answers. */
export async function startServiceProcess(env: Record<string, string>): Promise<ServiceProcess> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, '--import', 'tsx', 'src/server.ts'], {
    cwd: APP_DIR,
    env: {
      ...process.env,
      ANALYTICS_PORT: String(port),
      ANALYTICS_CLIENT_SECRET: BENCH_SECRET,
      LOG_LEVEL: 'warn',
      MALLOC_ARENA_MAX: SERVICE_MALLOC_ARENA_MAX,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('the service did not start');
  const rss = rssSampler(pid);
  const agent = new Agent({ keepAlive: true, maxSockets: 6 });
  for (;;) {
    try {
      await call(agent, port, 'GET', '/readyz', undefined, '');
      break;
    } catch (error) {
      if (child.exitCode !== null || performance.now() - started > 600_000) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const startPeakMb = rss.peak();
  const startSeconds = (performance.now() - started) / 1000;
  const basic = `Basic ${Buffer.from(`portico-portal-server:${BENCH_SECRET}`).toString('base64')}`;
  const { access_token: apiToken } = (await call(
    agent,
    port,
    'POST',
    '/oauth/token',
    { grant_type: 'client_credentials' },
    basic,
  )) as { access_token: string };
  return {
    child,
    port,
    startPeakMb,
    startSeconds,
    rss,
    async tokenFor(databaseNames) {
      const answer = (await call(
        agent,
        port,
        'POST',
        '/v1/embed-tokens',
        {
          reports: [{ id: FLEET_OVERVIEW_ID }],
          permissions: 'View',
          identities: [{ databaseNames }],
          allowedOrigins: ['http://localhost:4400'],
        },
        `Bearer ${apiToken}`,
      )) as { token: string };
      return answer.token;
    },
    async page(token, queries, pageAgent = agent) {
      // As the frame asks: a query alone on its route, a page's queries in one batch.
      if (queries.length === 1) {
        const answer = (await call(
          pageAgent,
          port,
          'POST',
          '/frame-api/query',
          { reportId: FLEET_OVERVIEW_ID, query: queries[0] },
          `Bearer ${token}`,
        )) as { rows: unknown[] };
        return [answer.rows.length];
      }
      const lines = (await call(
        pageAgent,
        port,
        'POST',
        '/frame-api/queries',
        { reportId: FLEET_OVERVIEW_ID, queries },
        `Bearer ${token}`,
      )) as QueryBatchLine[];
      return queries.map((_, i) => {
        const line = lines.find((l) => l.index === i);
        if (line === undefined || !('answer' in line)) throw new Error(`query ${i}: ${JSON.stringify(line)}`);
        return line.answer.rows.length;
      });
    },
    async stop() {
      rss.stop();
      agent.destroy();
      if (child.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}
