/**
 * The real analytics service for the contract tests: the frame built with Vite into a temporary folder, the app
 * built on the tests' small fixed dataset (apps/analytics/test/helpers) listening on 127.0.0.1, and a host page
 * server on localhost — another origin — serving `@portico/embed` bundled with the SDK suite's esbuild helper.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { buildApp } from '../../../apps/analytics/src/app.ts';
import { ephemeralSigningKey } from '../../../apps/analytics/src/auth/signing-key.ts';
import { ContentStore } from '../../../apps/analytics/src/content/store.ts';
import { openTestFleet, TEST_NOW } from '../../../apps/analytics/test/helpers/fleet.ts';
import { CLIENT_ID, CLIENT_SECRET, testConfig } from '../../../apps/analytics/test/helpers/test-app.ts';
import { freePort } from '../../support/stack.ts';
import { startFixtureHost } from './fixture-host.ts';

export { REPORTS, WORKSPACE_ID } from '../../../apps/analytics/test/helpers/test-app.ts';

const root = path.resolve(import.meta.dirname, '../../..');

export interface Stack {
  /** `http://127.0.0.1:<port>`: the analytics service and its frame. */
  readonly service: string;
  /** `http://localhost:<port>`: the host page's origin. */
  readonly host: string;
  /**
   * An embed token from the REST API (client credentials), View by default, naming a report and/or the datasets,
   * dashboards, paginated reports and target workspaces given.
   */
  embedToken(request: {
    reportId?: string;
    datasetIds?: string[];
    dashboardIds?: string[];
    paginatedReportIds?: string[];
    targetWorkspaceIds?: string[];
    databaseNames: string[];
    permissions?: string;
    lifetimeMinutes?: number;
    /** Default: the host fixture's origin. */
    allowedOrigins?: string[];
  }): Promise<string>;
  close(): Promise<void>;
}

/** An origin the service lets embed it, on which no test page runs. */
export const OTHER_HOST = 'https://elsewhere.example';

/** Starts the host server, builds the frame, and starts the service on the test fleet. */
export async function startStack(): Promise<Stack> {
  // fixtures/<name>.ts as pages (host.ts for reports; each other kind of content may bring its own host fixture).
  const fixtures = await startFixtureHost();
  const { host } = fixtures;

  const dist = await mkdtemp(path.join(tmpdir(), 'analytics-frame-'));
  await build({
    configFile: path.join(root, 'apps/analytics/frame/vite.config.ts'),
    build: { outDir: dist, emptyOutDir: true },
    logLevel: 'silent',
  });
  const data = await openTestFleet();
  const port = await freePort();
  const service = `http://127.0.0.1:${port}`;
  const app = await buildApp({
    config: testConfig(data.dir, {
      ANALYTICS_FRAME_DIST: dist,
      ANALYTICS_PUBLIC_URL: service,
      // A second host no page runs on: a token for it alone is one the fixture host's frame must refuse.
      ANALYTICS_EMBED_ORIGINS: `${host},${OTHER_HOST}`,
    }),
    fleet: data.fleet,
    content: await ContentStore.open(path.join(data.dir, 'analytics', 'content')),
    signingKey: await ephemeralSigningKey(),
    logger: false,
    now: () => TEST_NOW.getTime(),
  });
  await app.listen({ host: '127.0.0.1', port });

  return {
    service,
    host,
    async embedToken({ reportId, databaseNames, permissions = 'View', lifetimeMinutes, ...others }) {
      const ids = (list: string[] | undefined) => (list ?? []).map((id) => ({ id }));
      const basic = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64');
      const oauth = await fetch(`${service}/oauth/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
      const { access_token } = (await oauth.json()) as { access_token: string };
      const minted = await fetch(`${service}/v1/embed-tokens`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          reports: reportId === undefined ? [] : [{ id: reportId }],
          datasets: ids(others.datasetIds),
          dashboards: ids(others.dashboardIds),
          paginatedReports: ids(others.paginatedReportIds),
          targetWorkspaces: ids(others.targetWorkspaceIds),
          permissions,
          identities: [{ databaseNames }],
          allowedOrigins: others.allowedOrigins ?? [host],
          ...(lifetimeMinutes === undefined ? {} : { lifetimeMinutes }),
        }),
      });
      if (!minted.ok) throw new Error(`embed token: ${minted.status} ${await minted.text()}`);
      return ((await minted.json()) as { token: string }).token;
    },
    async close() {
      await app.close();
      await data.close();
      await fixtures.close();
      await rm(dist, { recursive: true, force: true });
    },
  };
}
