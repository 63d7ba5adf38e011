import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { ephemeralSigningKey } from '../../src/auth/signing-key.ts';
import { loadConfig } from '../../src/config.ts';
import type { AnalyticsConfig } from '../../src/config.ts';
import { ContentStore } from '../../src/content/store.ts';
import type { Engine } from '../../src/data/engine.ts';
import { openTestFleet, TEST_NOW } from './fleet.ts';
import type { TestFleet } from './fleet.ts';

export const CLIENT_ID = 'portico-portal-server';
export const CLIENT_SECRET = 'test-secret-0123456789';
export const PORTAL_ORIGIN = 'http://localhost:4400';

export const REPORTS = {
  fleetOverview: 'c7f8789d-083c-4944-a9ce-49d0b3594f03',
  pageVolume: 'c4f98efd-b03d-4dba-a998-aef9ee3d0a0f',
  supplies: '2896a285-1323-4c4f-9e2c-7c724e74e758',
  serviceAlerts: '08618b31-6c19-432d-ad09-35294579d0c4',
} as const;
export const WORKSPACE_ID = 'fa8dbfbf-2e19-46f7-8218-4e0182da0407';

export function testConfig(dataDir: string, env: Record<string, string> = {}): AnalyticsConfig {
  return loadConfig({
    PORTICO_DATA_DIR: dataDir,
    ANALYTICS_CLIENT_SECRET: CLIENT_SECRET,
    ANALYTICS_FRAME_DIST: join(dataDir, 'no-frame-build'),
    LOG_LEVEL: 'silent',
    ...env,
  });
}

export interface TestApp {
  readonly app: FastifyInstance;
  readonly data: TestFleet;
  /** The clock the app runs on; tests move it. */
  readonly clock: { now: number };
  close(): Promise<void>;
}

/**
 * The app on the test data in a temporary folder, with a clock pinned to TEST_NOW. One per test file. `wrapEngine`
 * puts something around the real engine (a test that must hold one statement back).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { wrapEngine?: (engine: Engine) => Engine } = {},
): Promise<TestApp> {
  const data = await openTestFleet();
  const clock = { now: TEST_NOW.getTime() };
  const config = testConfig(data.dir, env);
  const { wrapEngine } = options;
  const app = await buildApp({
    config,
    fleet: wrapEngine === undefined ? data.fleet : { ...data.fleet, engine: wrapEngine(data.fleet.engine) },
    content: await ContentStore.open(join(data.dir, 'analytics', 'content')),
    signingKey: await ephemeralSigningKey(),
    logger: false,
    now: () => clock.now,
  });
  return {
    app,
    data,
    clock,
    async close() {
      await app.close();
      await data.close();
    },
  };
}

/** An API access token from POST /oauth/token. */
export async function apiToken(app: FastifyInstance): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    }).toString(),
  });
  if (res.statusCode !== 200) throw new Error(`token request failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { access_token: string }).access_token;
}

export interface EmbedTokenRequest {
  reports?: { id: string }[];
  datasets?: { id: string }[];
  paginatedReports?: { id: string }[];
  targetWorkspaces?: { id: string }[];
  permissions?: number | string;
  identities?: { databaseNames: string[] }[];
  allowedOrigins?: string[];
  lifetimeMinutes?: number;
}

/** An embed token from POST /v1/embed-tokens (fabrikam's rows, view, one report unless overridden). */
export async function embedToken(app: FastifyInstance, request: EmbedTokenRequest = {}): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/embed-tokens',
    headers: { authorization: `Bearer ${await apiToken(app)}` },
    payload: {
      reports: [{ id: REPORTS.fleetOverview }],
      permissions: 0,
      identities: [{ databaseNames: ['fabrikam'] }],
      allowedOrigins: [PORTAL_ORIGIN],
      ...request,
    },
  });
  if (res.statusCode !== 200) throw new Error(`embed token request failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}
