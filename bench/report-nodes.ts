/**
 * reportNodes throughput: autocannon, 50 connections, against GET /api/reports/reportNodes of the portal server as
 * `npm start` builds it (buildApp with the default configuration: every plugin, pino JSON logging at the default
 * LOG_LEVEL written to /dev/null instead of stdout, PGlite with the sample catalog, the real token verifier checking
 * a real RS256 token on every request) beside a bare Fastify route answering the same JSON on the same machine.
 * Alternating rounds; medians of req/s and p99, and the ratio (goal ≥ 0.7).
 *
 *   node --import tsx bench/report-nodes.ts [rounds=3] [seconds=5]
 */
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../apps/portal-server/src/app.ts';
import { loadConfig } from '../apps/portal-server/src/config.ts';
import { insertCatalog } from '../apps/portal-server/src/db/catalog.ts';
import { SAMPLE_CATALOG } from '../apps/portal-server/src/seed/catalog.ts';
import { TEST_AUDIENCE, startFakeAuthority } from '../apps/portal-server/test/helpers/fake-authority.ts';
import { loggerOptions } from '../apps/portal-server/src/logger.ts';
import { openMigratedPglite } from '../apps/portal-server/test/helpers/test-app.ts';

/** The part of autocannon's API used here (the package ships no types). */
interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Promise<AutocannonResult>;

const rounds = Number(process.argv[2] ?? 3);
const seconds = Number(process.argv[3] ?? 5);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const authority = await startFakeAuthority();
const database = await openMigratedPglite();
await insertCatalog(database.db, SAMPLE_CATALOG);
// The defaults of `npm start` (LOG_LEVEL included); only the authority and the data folder are the bench's.
const config = loadConfig({
  PORTICO_DATA_DIR: join(tmpdir(), 'portal-bench'),
  OIDC_AUTHORITY: authority.url,
  OIDC_AUDIENCE: TEST_AUDIENCE,
});
// The app's own logger options, written synchronously (as pino writes to stdout) to /dev/null.
const logger = pino(loggerOptions(config), pino.destination({ dest: '/dev/null', sync: true }));
// No tokenVerifier option: the app builds its own from config.oidc, as in production.
const portal = await buildApp({ config, database, logger });
const token = await authority.sign({ sub: 'bench' }, { expiresIn: 3600 });
const headers = { authorization: `Bearer ${token}` };
const sample = await portal.inject({ url: '/api/reports/reportNodes', headers });
if (sample.statusCode !== 200) throw new Error(`reportNodes answered ${sample.statusCode}`);
const body = sample.json<unknown>();

const bare = Fastify({ logger: false });
bare.get('/api/reports/reportNodes', async () => body);

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/reports/reportNodes`;
}
const urls = { portal: await listen(portal), bare: await listen(bare) };

const results = {
  portal: { rps: [] as number[], p99: [] as number[] },
  bare: { rps: [] as number[], p99: [] as number[] },
};
for (let round = 0; round < rounds; round += 1) {
  for (const name of ['bare', 'portal'] as const) {
    const result = await autocannon({ url: urls[name], connections: 50, duration: seconds, headers });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    results[name].rps.push(result.requests.average);
    results[name].p99.push(result.latency.p99);
    console.info(
      `round ${round + 1} ${name}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms`,
    );
  }
}
const portalRps = median(results.portal.rps);
const bareRps = median(results.bare.rps);
console.info(
  `bare Fastify:  ${bareRps.toFixed(0)} req/s, p99 ${median(results.bare.p99)} ms (median of ${rounds})`,
);
console.info(
  `reportNodes:   ${portalRps.toFixed(0)} req/s, p99 ${median(results.portal.p99)} ms (median of ${rounds})`,
);
console.info(`ratio: ${(portalRps / bareRps).toFixed(2)} (goal ≥ 0.7)`);

await portal.close();
await bare.close();
await database.close();
await authority.close();
