/**
 * The analytics service on the default data, for the scripts that look at or time what a customer sees
 * (`e2e/analytics/screenshots.ts`, `bench/page-render.ts`): the frame built from the working tree with Vite, the
 * fleet data (fleet-data scale 1, every sample account) loaded once into
 * `${BENCH_DATA_DIR:-$TMPDIR/portico-bench}/analytics/fleet.duckdb` and reused, the service on a free port of
 * 127.0.0.1, and a host page server on localhost — another origin — where `/<name>.html` runs
 * `e2e/analytics/fixtures/<name>.ts` bundled with `@portico/embed`. The contract tests use `stack.ts` instead
 * (the small fixed test dataset and a pinned clock).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { SAMPLE_ACCOUNTS } from '@portico/fleet-data';
import { build } from 'vite';
import { buildApp } from '../../../apps/analytics/src/app.ts';
import { ephemeralSigningKey } from '../../../apps/analytics/src/auth/signing-key.ts';
import { loadConfig } from '../../../apps/analytics/src/config.ts';
import { ContentStore } from '../../../apps/analytics/src/content/store.ts';
import { openFleetDatabase } from '../../../apps/analytics/src/data/fleet-database.ts';
import { freePort } from '../../support/stack.ts';
import { startFixtureHost } from './fixture-host.ts';

export const WORKSPACE_ID = 'fa8dbfbf-2e19-46f7-8218-4e0182da0407';
export const FLEET_OVERVIEW_ID = 'c7f8789d-083c-4944-a9ce-49d0b3594f03';

const root = path.resolve(import.meta.dirname, '../../..');
const SECRET = 'sample-stack-secret';

/** What an embed token names (ids), for every sample account's data. */
export interface TokenRequest {
  readonly reports?: readonly string[];
  readonly datasets?: readonly string[];
  readonly dashboards?: readonly string[];
  readonly paginatedReports?: readonly string[];
  readonly lifetimeMinutes?: number;
}

export interface SampleStack {
  /** `http://127.0.0.1:<port>`: the analytics service and its frame. */
  readonly service: string;
  /** `http://localhost:<port>`: the host pages' origin. */
  readonly host: string;
  /** How the start went, for a script's log: build and data load times, and whether the data was reused. */
  readonly startup: { readonly buildMs: number; readonly loadMs: number; readonly dataReused: boolean };
  /** A View embed token from the REST API (client credentials) for every sample account. */
  embedToken(request: TokenRequest): Promise<string>;
  close(): Promise<void>;
}

/** Starts the host page server, builds the frame, opens (or loads) the default data and starts the service. */
export async function startSampleStack(): Promise<SampleStack> {
  const dataDir = process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), 'portico-bench');
  const scratch = await mkdtemp(path.join(tmpdir(), 'sample-stack-'));
  const fixtures = await startFixtureHost({ style: 'body{margin:0}' });
  const { host } = fixtures;
  const stopHost = () => fixtures.close();
  try {
    const dist = path.join(scratch, 'frame-dist');
    const building = performance.now();
    await build({
      configFile: path.join(root, 'apps/analytics/frame/vite.config.ts'),
      build: { outDir: dist, emptyOutDir: true },
      logLevel: 'silent',
    });
    const buildMs = performance.now() - building;
    await mkdir(path.join(dataDir, 'analytics'), { recursive: true });
    const loading = performance.now();
    const fleet = await openFleetDatabase({ file: path.join(dataDir, 'analytics', 'fleet.duckdb') });
    const loadMs = performance.now() - loading;
    const port = await freePort();
    const service = `http://127.0.0.1:${port}`;
    const config = loadConfig({
      PORTICO_DATA_DIR: scratch,
      ANALYTICS_CLIENT_SECRET: SECRET,
      ANALYTICS_FRAME_DIST: dist,
      ANALYTICS_PUBLIC_URL: service,
      ANALYTICS_EMBED_ORIGINS: host,
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({
      config,
      fleet,
      content: await ContentStore.open(path.join(scratch, 'content')),
      signingKey: await ephemeralSigningKey(),
      logger: false,
    });
    await app.listen({ host: '127.0.0.1', port });

    const post = async (url: string, body: string, headers: Record<string, string>) => {
      const res = await fetch(`${service}${url}`, { method: 'POST', headers, body });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as Record<string, unknown>;
    };
    const basic = `Basic ${Buffer.from(`${config.clientId}:${SECRET}`).toString('base64')}`;
    const ids = (list: readonly string[] | undefined) => (list ?? []).map((id) => ({ id }));
    return {
      service,
      host,
      startup: { buildMs, loadMs, dataReused: !fleet.loaded },
      async embedToken(request) {
        const oauth = await post('/oauth/token', 'grant_type=client_credentials', {
          authorization: basic,
          'content-type': 'application/x-www-form-urlencoded',
        });
        const minted = await post(
          '/v1/embed-tokens',
          JSON.stringify({
            reports: ids(request.reports),
            datasets: ids(request.datasets),
            dashboards: ids(request.dashboards),
            paginatedReports: ids(request.paginatedReports),
            permissions: 'View',
            identities: [{ databaseNames: SAMPLE_ACCOUNTS.map((a) => a.databaseName) }],
            allowedOrigins: [host],
            ...(request.lifetimeMinutes === undefined ? {} : { lifetimeMinutes: request.lifetimeMinutes }),
          }),
          { authorization: `Bearer ${String(oauth.access_token)}`, 'content-type': 'application/json' },
        );
        return String(minted.token);
      },
      async close() {
        await app.close();
        await fleet.engine.close();
        await stopHost();
        await rm(scratch, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stopHost();
    await rm(scratch, { recursive: true, force: true });
    throw error;
  }
}

/** The embed configuration of a sample report (a page of it, in a language), for `analyticsHost.embed`. */
export function reportConfig(
  stack: SampleStack,
  reportId: string,
  accessToken: string,
  options: { pageName?: string; language?: string } = {},
): Record<string, unknown> {
  return {
    type: 'report',
    id: reportId,
    embedUrl: `${stack.service}/reportEmbed?reportId=${reportId}&groupId=${WORKSPACE_ID}`,
    accessToken,
    tokenType: 1,
    ...(options.pageName === undefined ? {} : { pageName: options.pageName }),
    ...(options.language ? { settings: { localeSettings: { language: options.language } } } : {}),
  };
}

/** Opens the report host page on `p` and embeds the fleet overview (or `reportId`); resolves once embed() ran. */
export async function embedSampleReport(
  p: Page,
  stack: SampleStack,
  accessToken: string,
  options: { reportId?: string; pageName?: string; language?: string } = {},
): Promise<void> {
  await p.goto(`${stack.host}/host.html`);
  await p.evaluate(
    (c) => window.analyticsHost.embed(c),
    reportConfig(stack, options.reportId ?? FLEET_OVERVIEW_ID, accessToken, options),
  );
}
