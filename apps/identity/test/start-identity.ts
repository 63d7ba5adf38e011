/**
 * Starts a real, listening identity provider for tests on a fresh port. Free of test-runner imports so other
 * suites (the root integration tests) can start one too.
 */
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildIdentityApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { IdentityConfig } from '../src/config.ts';

export interface RunningIdentity {
  app: FastifyInstance;
  config: IdentityConfig;
  issuer: string;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A port the OS just handed out for port 0. The issuer (which contains the port) must be known before the
 * provider is built, so the port is reserved first and then listened on.
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolvePromise) => server.listen(0, '127.0.0.1', resolvePromise));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolvePromise) => server.close(() => resolvePromise()));
  return port;
}

export async function makeDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'portico-identity-'));
}

/**
 * ```ts
 * const idp = await startIdentity();            // temp data dir, issuer http://localhost:<port>
 * const again = await startIdentity({ dataDir: idp.dataDir, port: idp.config.port }); // after idp.close()
 * ```
 */
export async function startIdentity(
  options: { dataDir?: string; port?: number; env?: Record<string, string> } = {},
): Promise<RunningIdentity> {
  const dataDir = options.dataDir ?? (await makeDataDir());
  const port = options.port ?? (await freePort());
  const config = loadConfig({
    PORTICO_DATA_DIR: dataDir,
    IDENTITY_HOST: '127.0.0.1',
    IDENTITY_PORT: String(port),
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const app = await buildIdentityApp(config, { logger: false });
  await app.listen({ host: config.host, port: config.port });
  return { app, config, issuer: config.issuer, dataDir, close: () => app.close() };
}
