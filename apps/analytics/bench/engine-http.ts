/** The service on any engine, listening on loopback, and the calls a viewer's browser makes: shared by the engine benchmarks. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.ts';
import { ephemeralSigningKey } from '../src/auth/signing-key.ts';
import { loadConfig } from '../src/config.ts';
import { ContentStore } from '../src/content/store.ts';
import type { Engine } from '../src/data/engine.ts';
import { BENCH_SECRET } from './service.ts';

export interface EngineService {
  /** POST `body` as JSON to `path` with the viewer's embed token; resolves with the answer. */
  frame(path: string, body: unknown): Promise<Record<string, unknown>>;
  /** The same calls with another embed token, for `databaseNames`. */
  viewer(
    databaseNames: readonly string[],
  ): Promise<(path: string, body: unknown) => Promise<Record<string, unknown>>>;
  close(): Promise<void>;
}

/** The service over `engine`, with an embed token for `databaseNames` on `reportId`; `env` adds settings. */
export async function serviceOnEngine(
  engine: Engine,
  accounts: readonly string[],
  databaseNames: readonly string[],
  reportId: string,
  env: Readonly<Record<string, string>> = {},
): Promise<EngineService> {
  const dir = await mkdtemp(join(tmpdir(), 'analytics-bench-'));
  const config = loadConfig({
    PORTICO_DATA_DIR: dir,
    ANALYTICS_CLIENT_SECRET: BENCH_SECRET,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp({
    config,
    data: { engine, accounts: new Set(accounts) },
    content: await ContentStore.open(join(dir, 'content')),
    signingKey: await ephemeralSigningKey(),
    logger: false,
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
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
  const tokenFor = async (names: readonly string[]): Promise<string> => {
    const { token } = await post(
      '/v1/embed-tokens',
      {
        reports: [{ id: reportId }],
        permissions: 'View',
        identities: [{ databaseNames: names }],
        allowedOrigins: ['http://localhost:4400'],
      },
      `Bearer ${String(apiToken)}`,
    );
    return String(token);
  };
  const token = await tokenFor(databaseNames);
  return {
    frame: (path, body) => post(path, body, `Bearer ${token}`),
    async viewer(names) {
      const other = await tokenFor(names);
      return (path, body) => post(path, body, `Bearer ${other}`);
    },
    async close() {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Peak resident memory of this process so far, in MB. */
export const peakRssMb = (): number => Math.round(process.resourceUsage().maxRSS / 1024);
