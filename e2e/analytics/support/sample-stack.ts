/**
 * The analytics service on the default data, for the scripts that look at or time what a customer sees
 * (`e2e/analytics/screenshots.ts`, `bench/page-render.ts`): the frame built from the working tree with Vite, the
 * fleet data (fleet-data scale 1, every sample account) loaded once into
 * `${BENCH_DATA_DIR:-$TMPDIR/portico-bench}/analytics/fleet.duckdb` and reused, the service on a free port of
 * 127.0.0.1, and a host page server on localhost — another origin — where `/<name>.html` runs
 * `e2e/analytics/fixtures/<name>.ts` bundled with `@portico/embed`. The contract tests use `stack.ts` instead
 * (the small fixed test dataset and a pinned clock).
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
import { bundleFile } from '../../sdk/support/bundle.ts';

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

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/** Starts the host page server, builds the frame, opens (or loads) the default data and starts the service. */
export async function startSampleStack(): Promise<SampleStack> {
  const dataDir = process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), 'portico-bench');
  const scratch = await mkdtemp(path.join(tmpdir(), 'sample-stack-'));
  const scripts = new Map<string, Promise<string>>();
  const hostServer = createServer((request, response) => {
    const match = /^\/([a-z][a-z0-9-]*)\.(js|html)$/.exec(request.url ?? '');
    const name = match?.[1];
    const fixture =
      name === undefined ? undefined : path.join(import.meta.dirname, '../fixtures', `${name}.ts`);
    if (name === undefined || fixture === undefined || !existsSync(fixture)) {
      response.writeHead(404).end();
      return;
    }
    if (match?.[2] === 'js') {
      let script = scripts.get(name);
      if (script === undefined) scripts.set(name, (script = bundleFile(fixture)));
      script.then(
        (js) => response.writeHead(200, { 'content-type': 'text/javascript' }).end(js),
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
      return;
    }
    const html = `<!doctype html><meta charset="utf-8"><title>${name}</title><style>body{margin:0}</style><script src="/${name}.js"></script>`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  const host = `http://localhost:${await listen(hostServer)}`;
  const stopHost = async () => {
    hostServer.closeAllConnections();
    await new Promise<void>((resolve) => hostServer.close(() => resolve()));
  };
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
    const probe = createServer();
    const port = await listen(probe);
    await new Promise<void>((resolve) => probe.close(() => resolve()));
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
