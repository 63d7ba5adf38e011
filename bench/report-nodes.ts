/**
 * reportNodes throughput: autocannon, 50 connections, against GET /api/reports/reportNodes of the portal server as
 * `npm start` builds it (every plugin, its default pino logging to stdout, the real token verifier checking a real
 * RS256 token, PGlite with the sample catalog) beside a bare Fastify route answering the same bytes: the portal's
 * serialized catalog with its content type, uncompressed on both sides (under the 1 KB threshold; autocannon sends no
 * Accept-Encoding), without serializing per request and without logging, security headers, request ids or
 * authentication — the limit. For reference it also measures `bare-serializing`, the route one usually writes
 * (`async () => nodes`: the same JSON serialized on every request). It prints what each answers (body and header
 * bytes) before the rounds.
 *
 * Three processes: the servers (bench/support/report-nodes-server.ts, stdout to /dev/null), autocannon (a fresh
 * child per run), and this driver, which only waits. With autocannon in the server's process, as before, the load
 * generator took event-loop time from the server it measured, and more from the slower one. Rounds alternate the
 * order of the servers. It prints each round; the medians of req/s, p99 and the server process's CPU time per
 * request; the ratio of the medians; the median of the per-round ratios; and the ratio of CPU per request, of the
 * medians and per round (the steadiest figures when other processes compete for the cores: req/s then mostly
 * measures the share of the cores the server got). Goal: ratio ≥ 0.7.
 *
 *   node --import tsx bench/report-nodes.ts [rounds=7] [seconds=5] [other checkout root…]
 *
 * Each extra argument is another checkout (e.g. `git worktree add /tmp/before HEAD~3`) whose portal server is
 * measured in the same rounds, to compare before and after a change under the same load.
 */
import { fork, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { ReportNodesServers } from './support/report-nodes-server.ts';

const rounds = Number(process.argv[2] ?? 7);
const seconds = Number(process.argv[3] ?? 5);
const others = process.argv.slice(4);
const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

interface Run {
  rps: number;
  p99: number;
  /** CPU time of the server process per request answered, in µs. */
  cpuPerRequest: number;
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
}

const server = fork(new URL('./support/report-nodes-server.ts', import.meta.url), others, {
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
const { urls, token, answers } = await new Promise<ReportNodesServers>((resolve, reject) => {
  server.once('message', (message) => resolve(message as ReportNodesServers));
  server.once('exit', (code) => reject(new Error(`the server process exited (${code})`)));
});

function serverCpuMicros(): Promise<number> {
  return new Promise((resolve) => {
    server.once('message', (message) => resolve((message as { cpuMicros: number }).cpuMicros));
    server.send('cpu');
  });
}

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
function autocannonRun(url: string): Promise<AutocannonResult> {
  const child = spawn(
    process.execPath,
    [autocannonBin, '-c', '50', '-d', String(seconds), '-j', '-H', `authorization=Bearer ${token}`, url],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.once('exit', () => {
      const result = JSON.parse(out) as AutocannonResult;
      if (result.non2xx > 0 || result.errors > 0)
        reject(new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      else resolve(result);
    }),
  );
}

async function measure(url: string): Promise<Run> {
  const cpuBefore = await serverCpuMicros();
  const result = await autocannonRun(url);
  const cpu = (await serverCpuMicros()) - cpuBefore;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    cpuPerRequest: cpu / result.requests.total,
  };
}

for (const [name, answer] of Object.entries(answers)) {
  console.info(
    `${name} answers ${answer.bodyBytes} B of JSON (${answer.contentEncoding ?? 'not compressed'}) ` +
      `with ${answer.headerBytes} B of headers`,
  );
}
const names = Object.keys(urls).sort((a, b) => (a === 'bare' ? -1 : b === 'bare' ? 1 : a.localeCompare(b)));
const runs: Record<string, Run[]> = Object.fromEntries(names.map((name) => [name, []]));
const ratios: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
const cpuRatios: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
try {
  for (let round = 0; round < rounds; round += 1) {
    // Alternate the order, so neither side always runs on a warmer or a busier machine.
    const order = round % 2 === 0 ? names : [...names].reverse();
    const result: Record<string, Run> = {};
    for (const name of order) {
      const run = await measure(urls[name] ?? '');
      result[name] = run;
      runs[name]?.push(run);
    }
    for (const name of names) {
      ratios[name]?.push((result[name]?.rps ?? NaN) / (result['bare']?.rps ?? NaN));
      cpuRatios[name]?.push((result['bare']?.cpuPerRequest ?? NaN) / (result[name]?.cpuPerRequest ?? NaN));
    }
    const line = names.map((name) => {
      const run = result[name];
      return `${name} ${run?.rps.toFixed(0)} req/s (p99 ${run?.p99} ms, ${run?.cpuPerRequest.toFixed(0)} µs CPU/req)`;
    });
    console.info(`round ${round + 1}: ${line.join(', ')}`);
  }
} finally {
  server.send('close');
}

const medianOf = (name: string, pick: (run: Run) => number) => median(runs[name]?.map(pick) ?? []);
const bareRps = medianOf('bare', (run) => run.rps);
const bareCpu = medianOf('bare', (run) => run.cpuPerRequest);
for (const name of names) {
  const rps = medianOf(name, (run) => run.rps);
  const cpu = medianOf(name, (run) => run.cpuPerRequest);
  const p99 = medianOf(name, (run) => run.p99);
  console.info(
    `${name}: ${rps.toFixed(0)} req/s, p99 ${p99} ms, ${cpu.toFixed(0)} µs CPU/req (medians of ${rounds})`,
  );
  if (name !== 'bare') {
    console.info(
      `  ratio ${(rps / bareRps).toFixed(2)}; median of per-round ratios ${median(ratios[name] ?? []).toFixed(2)}; ` +
        `CPU ratio (bare µs/req ÷ its µs/req) ${(bareCpu / cpu).toFixed(2)}, ` +
        `median of per-round CPU ratios ${median(cpuRatios[name] ?? []).toFixed(2)}`,
    );
  }
}
console.info('goal: ratio ≥ 0.7 (the machine is shared: figures taken under contention)');
