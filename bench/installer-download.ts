/**
 * Installer download throughput: a 200 MB published release through GET /api/download/dcainstaller (key check, the
 * entitled releases looked up, audit, Range support, the SHA-256 recorded at publication) beside a static node:http server streaming the same file with fs.createReadStream.
 * Alternating rounds; the median MB/s of each and the ratio (goal ≥ 0.8).
 *
 *   node --import tsx bench/installer-download.ts [rounds=3] [megabytes=200]
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { request as httpRequest, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/portal-server/src/app.ts';
import { createAccessKey } from '../apps/portal-server/src/db/access-keys.ts';
import { createAccount } from '../apps/portal-server/src/db/accounts.ts';
import { writeDeterministicFile } from '../apps/portal-server/src/installers/artifacts.ts';
import {
  publishRelease,
  releaseFilePath,
  releaseRoot,
} from '../apps/portal-server/src/installers/releases.ts';
import { loadReleaseSigner } from '../apps/portal-server/src/installers/signing.ts';
import { openMigratedPglite, testConfig } from '../apps/portal-server/test/helpers/test-app.ts';

const rounds = Number(process.argv[2] ?? 3);
const megabytes = Number(process.argv[3] ?? 200);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const dataDir = await mkdtemp(join(tmpdir(), 'bench-installer-'));
const source = join(dataDir, 'build.msi');
await writeDeterministicFile(source, megabytes * 1024 * 1024, 'bench');

const database = await openMigratedPglite();
// Published once, as a release pipeline would: the digest is computed then, never per download.
await publishRelease(database.db, releaseRoot(dataDir), await loadReleaseSigner(dataDir), {
  installee: 'dca',
  version: '1.0.0',
  channel: 'stable',
  source,
  platform: 'x64',
});
await rm(source);
const file = releaseFilePath(releaseRoot(dataDir), 'dca', '1.0.0', 'PorticoDCA-1.0.0-x64.msi');
const size = (await stat(file)).size;

await createAccount(database.db, { databaseName: 'bench', accountName: 'Bench', customerName: '' });
const key = (await createAccessKey(database.db, { databaseName: 'bench', installees: ['dca'] }))?.key ?? '';
const portal = await buildApp({ config: testConfig({ PORTICO_DATA_DIR: dataDir }), database, logger: false });
await portal.listen({ host: '127.0.0.1', port: 0 });
const portalUrl = `http://127.0.0.1:${(portal.server.address() as AddressInfo).port}/api/download/dcainstaller?accessKey=${key}&platform=x64&language=en`;

const statics = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(size) });
  createReadStream(file).pipe(response);
});
await new Promise<void>((resolve) => statics.listen(0, '127.0.0.1', resolve));
const staticUrl = `http://127.0.0.1:${(statics.address() as AddressInfo).port}/file`;

/** Downloads `url` whole, discarding the bytes; MB/s. */
function download(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    httpRequest(url, (response) => {
      let received = 0;
      if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
      response.on('data', (chunk: Buffer) => (received += chunk.length));
      response.on('end', () => {
        if (received !== size) reject(new Error(`received ${received} of ${size} bytes`));
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        resolve(received / 1024 / 1024 / seconds);
      });
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

await download(staticUrl);
await download(portalUrl);
const results = { static: [] as number[], portal: [] as number[] };
for (let round = 0; round < rounds; round += 1) {
  results.static.push(await download(staticUrl));
  results.portal.push(await download(portalUrl));
  console.info(
    `round ${round + 1}: static ${results.static.at(-1)?.toFixed(0)} MB/s, portal ${results.portal.at(-1)?.toFixed(0)} MB/s`,
  );
}
const staticRate = median(results.static);
const portalRate = median(results.portal);
console.info(`static file server: ${staticRate.toFixed(0)} MB/s (median of ${rounds}, ${megabytes} MB)`);
console.info(`installer download: ${portalRate.toFixed(0)} MB/s (median of ${rounds}, ${megabytes} MB)`);
console.info(`ratio: ${(portalRate / staticRate).toFixed(2)} (goal ≥ 0.8)`);

await portal.close();
await database.close();
statics.close();
await rm(dataDir, { recursive: true, force: true });
