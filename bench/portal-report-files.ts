/**
 * The first open of a large report folder: GET /api/reports/reportFiles for "Fleet/Usage" of contoso_emea (the
 * 12.8 MB "Daily meter readings" HTML among its sizes) on a freshly started portal server, i.e. before any size is
 * known. Per round and per checkout, in one process: a migrated PGlite seeded by that checkout's own seed, the
 * checkout's app on a free port, and real HTTP (fetch) with a real RS256 token of a fake authority. It times
 *   - first open: the reportFiles answer (before the change: after every size of the folder was generated);
 *   - meanwhile: GET /api/reports/reportNodes sent 20 ms after the first open (does the measuring hold up other
 *     callers?);
 *   - sizes known: until reportFiles answers every size (after the change they come from the background; before,
 *     with the first answer).
 * Rounds alternate the order of the checkouts. Prints each round, the medians, the ratio of the medians to the
 * first checkout's (the baseline), and the load average.
 *
 *   node --import tsx bench/portal-report-files.ts [rounds=3] [baseline checkout root]
 *
 * The baseline is another checkout's root, e.g. the commit before background sizes:
 *   mkdir /tmp/portal-before && git archive 702c4a1 apps/portal-server | tar -x -C /tmp/portal-before
 *   ln -s "$PWD/node_modules" /tmp/portal-before/node_modules
 * Without it only this checkout is measured.
 */
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { startFakeAuthority } from '../apps/portal-server/test/helpers/fake-authority.ts';

const rounds = Number(process.argv[2] ?? 3);
const baseline = process.argv[3];
const here = resolve(import.meta.dirname, '..');
const checkouts: Record<string, string> = {};
if (baseline !== undefined) checkouts['before'] = resolve(baseline);
checkouts['after'] = here;

const FOLDER = 'databaseName=contoso_emea&path=Fleet%2FUsage&language=en';
const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

interface Round {
  firstOpen: number;
  meanwhile: number;
  sizesKnown: number;
}

type SeededApp = { app: FastifyInstance; close(): Promise<void> };
interface Helpers {
  openMigratedPglite(): Promise<{ close(): Promise<void> }>;
  seededApp(database: unknown, authority: unknown): Promise<SeededApp>;
}

const authority = await startFakeAuthority();
const token = `Bearer ${await authority.sign(
  { sub: 'bench-alice', email: 'alice@contoso.example', groups: ['contoso-users'] },
  { expiresIn: 3600 },
)}`;

async function helpersOf(root: string): Promise<Helpers> {
  const file = (path: string) => pathToFileURL(join(root, 'apps/portal-server/test/helpers', path)).href;
  const [testApp, seeded] = await Promise.all([import(file('test-app.ts')), import(file('seeded-app.ts'))]);
  return { openMigratedPglite: testApp.openMigratedPglite, seededApp: seeded.seededApp } as Helpers;
}

async function measure(helpers: Helpers): Promise<Round> {
  const database = await helpers.openMigratedPglite();
  const s = await helpers.seededApp(database, authority);
  try {
    await s.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}/api/reports`;
    const get = (path: string) => fetch(`${base}/${path}`, { headers: { authorization: token } });
    // Warm the route, the token verifier and the catalog on another folder (small: Inventory's sizes).
    await (await get('reportNodes')).arrayBuffer();

    const start = performance.now();
    const first = get(`reportFiles?${FOLDER}`).then(async (res) => {
      if (res.status !== 200) throw new Error(`reportFiles answered ${res.status}`);
      return { at: performance.now() - start, body: (await res.json()) as { sizesPending?: boolean } };
    });
    await new Promise((resolveDelay) => setTimeout(resolveDelay, 20));
    const otherStart = performance.now();
    await (await get('reportNodes')).arrayBuffer();
    const meanwhile = performance.now() - otherStart;
    const { at: firstOpen, body } = await first;
    let pending = body.sizesPending === true;
    while (pending) {
      await new Promise((resolveDelay) => setTimeout(resolveDelay, 50));
      const res = await get(`reportFiles?${FOLDER}`);
      pending = ((await res.json()) as { sizesPending: boolean }).sizesPending;
    }
    const sizesKnown = performance.now() - start;
    return { firstOpen, meanwhile, sizesKnown };
  } finally {
    // Let a background measurement of the account's other folders end before the app and database close.
    await new Promise((resolveDelay) => setTimeout(resolveDelay, 100));
    await s.close();
    await database.close();
  }
}

const helpers: Record<string, Helpers> = {};
for (const [name, root] of Object.entries(checkouts)) helpers[name] = await helpersOf(root);
const results: Record<string, Round[]> = Object.fromEntries(Object.keys(checkouts).map((n) => [n, []]));
const fmt = (ms: number) => `${ms.toFixed(0).padStart(6)} ms`;

console.log(
  `load average at start: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (let round = 0; round < rounds; round += 1) {
  const names = Object.keys(checkouts);
  if (round % 2 === 1) names.reverse();
  for (const name of names) {
    const result = await measure(helpers[name] as Helpers);
    results[name]?.push(result);
    console.log(
      `round ${round + 1} ${name.padEnd(6)} first open ${fmt(result.firstOpen)}   reportNodes meanwhile ${fmt(result.meanwhile)}   sizes known ${fmt(result.sizesKnown)}`,
    );
  }
}
console.log(
  `load average at end: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const medians = Object.fromEntries(
  Object.entries(results).map(([name, list]) => [
    name,
    {
      firstOpen: median(list.map((r) => r.firstOpen)),
      meanwhile: median(list.map((r) => r.meanwhile)),
      sizesKnown: median(list.map((r) => r.sizesKnown)),
    },
  ]),
);
const base = Object.values(medians)[0];
for (const [name, m] of Object.entries(medians)) {
  const ratio = (value: number, of: number | undefined) =>
    of === undefined ? '' : ` (×${(value / of).toFixed(3)} of ${Object.keys(medians)[0]})`;
  console.log(
    `median ${name.padEnd(6)} first open ${fmt(m.firstOpen)}${ratio(m.firstOpen, base?.firstOpen)}   meanwhile ${fmt(m.meanwhile)}${ratio(m.meanwhile, base?.meanwhile)}   sizes known ${fmt(m.sizesKnown)}${ratio(m.sizesKnown, base?.sizesKnown)}`,
  );
}
await authority.close();
