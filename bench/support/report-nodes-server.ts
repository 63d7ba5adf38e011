/**
 * The server side of bench/report-nodes.ts, in a process of its own: a fake OIDC authority, PGlite with the sample
 * catalog, the portal server as `npm start` builds it (buildApp with the default configuration and its default
 * logger: pino JSON at the default LOG_LEVEL to stdout, which the driver points at /dev/null), and a bare Fastify
 * route answering the same bytes (the portal's serialized catalog, same content type, not compressed on either side:
 * 897 B is under the 1 KB threshold, and autocannon sends no Accept-Encoding). Each extra argument is another checkout's root whose portal server is served too
 * (to compare before and after a change in one run). Tells the driver the URLs and a token over IPC; exits when
 * the driver says `close`; answers `cpu` with its CPU time so far (`{ cpuMicros }`).
 */
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { BuildAppOptions } from '../../apps/portal-server/src/app.ts';
import { loadConfig } from '../../apps/portal-server/src/config.ts';
import { insertCatalog } from '../../apps/portal-server/src/db/catalog.ts';
import { SAMPLE_CATALOG } from '../../apps/portal-server/src/seed/catalog.ts';
import { TEST_AUDIENCE, startFakeAuthority } from '../../apps/portal-server/test/helpers/fake-authority.ts';
import { openMigratedPglite } from '../../apps/portal-server/test/helpers/test-app.ts';

export const PATH = '/api/reports/reportNodes';

/** What the server process tells the driver once it listens. */
export interface ReportNodesServers {
  /** Name → URL: `bare`, `bare-serializing`, `portal`, and `portal@<root>` for each extra checkout. */
  urls: Record<string, string>;
  /** A valid RS256 access token of the fake authority, good for an hour. */
  token: string;
  /** Name → what its answer weighs (body, headers as `name: value\r\n`) and its Content-Encoding (null: none). */
  answers: Record<string, { bodyBytes: number; headerBytes: number; contentEncoding: string | null }>;
}

type BuildApp = (options: BuildAppOptions) => Promise<FastifyInstance>;

const authority = await startFakeAuthority();
const database = await openMigratedPglite();
await insertCatalog(database.db, SAMPLE_CATALOG);
// The defaults of `npm start` (LOG_LEVEL included); only the authority and the data folder are the bench's.
const config = loadConfig({
  PORTICO_DATA_DIR: join(tmpdir(), 'portal-bench'),
  OIDC_AUTHORITY: authority.url,
  OIDC_AUDIENCE: TEST_AUDIENCE,
});
const roots: Record<string, string> = { portal: resolve(import.meta.dirname, '../..') };
for (const root of process.argv.slice(2)) roots[`portal@${root}`] = resolve(root);

const apps: Record<string, FastifyInstance> = {};
for (const [name, root] of Object.entries(roots)) {
  const url = pathToFileURL(join(root, 'apps/portal-server/src/app.ts')).href;
  const { buildApp } = (await import(url)) as { buildApp: BuildApp };
  // No logger and no tokenVerifier: the app's own, as in production.
  apps[name] = await buildApp({ config, database });
}
const token = await authority.sign({ sub: 'bench' }, { expiresIn: 3600 });
const portal = apps['portal'];
if (portal === undefined) throw new Error('no portal server');
const sample = await portal.inject({ url: PATH, headers: { authorization: `Bearer ${token}` } });
if (sample.statusCode !== 200) throw new Error(`reportNodes answered ${sample.statusCode}`);
// The limit: the same bytes with the same content type, sent as they are (no serialization per request; under the
// 1 KB threshold neither side compresses), and nothing else — no logging, headers, request ids or authentication.
const payload = sample.rawPayload;
const contentType = String(sample.headers['content-type']);
const bare = Fastify({ logger: false });
bare.get(PATH, (_request, reply) => {
  void reply.type(contentType).send(payload);
});
apps['bare'] = bare;
// For reference, the route one would usually write: the same JSON as an object, serialized on every request.
const nodes = sample.json<unknown>();
const serializing = Fastify({ logger: false });
serializing.get(PATH, async () => nodes);
apps['bare-serializing'] = serializing;

const urls: Record<string, string> = {};
for (const [name, app] of Object.entries(apps)) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  urls[name] = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${PATH}`;
}
// What each answers, checked over HTTP: the same body everywhere, and how many bytes of headers go with it.
const answers: ReportNodesServers['answers'] = {};
for (const [name, url] of Object.entries(urls)) {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200 || !body.equals(payload))
    throw new Error(`${name} does not answer the portal's bytes`);
  let headerBytes = 0;
  res.headers.forEach((value, key) => (headerBytes += key.length + value.length + 4));
  answers[name] = {
    bodyBytes: body.length,
    headerBytes,
    contentEncoding: res.headers.get('content-encoding'),
  };
}
process.send?.({ urls, token, answers } satisfies ReportNodesServers);
process.on('message', (message) => {
  // CPU time of this process so far, so the driver can count CPU per request (steadier than req/s when other
  // processes compete for the cores).
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.({ cpuMicros: user + system });
    return;
  }
  if (message !== 'close') return;
  void (async () => {
    for (const app of Object.values(apps)) await app.close();
    await database.close();
    await authority.close();
    process.disconnect();
  })();
});
