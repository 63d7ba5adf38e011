/**
 * The harness of the route audits (`hostile-input.test.ts`, `row-level-security.test.ts`): the whole service on the
 * test fleet with a captured log, every route it registers (recorded by an onRoute hook, so a new route is audited
 * without anyone listing it), an API token, an embed token granting everything the service holds, and the checks
 * every answer to a hostile request must pass. Free of Vitest imports.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { captureLogs } from '@portico/server-kit/testing';
import type { CapturedLogs } from '@portico/server-kit/testing';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { openTestFleet, TEST_NOW } from '../../test/helpers/fleet.ts';
import type { TestFleet } from '../../test/helpers/fleet.ts';
import { CLIENT_ID, CLIENT_SECRET, PORTAL_ORIGIN, testConfig } from '../../test/helpers/test-app.ts';
import { buildApp } from '../app.ts';
import { ephemeralSigningKey } from '../auth/signing-key.ts';
import type { SigningKey } from '../auth/signing-key.ts';
import type { AnalyticsConfig } from '../config.ts';
import { ContentStore } from '../content/store.ts';
import { loggerOptions } from '../logger.ts';

/** Which bearer token a route asks for. */
export type RouteAuth = 'api' | 'embed' | 'none';

export interface AuditedRoute {
  readonly method: string;
  /** Fastify's pattern: `/v1/workspaces/:workspaceId/reports`. */
  readonly url: string;
  readonly auth: RouteAuth;
  readonly schema: Readonly<Record<string, unknown>>;
  readonly bodyLimit: number | undefined;
}

/** What is in the service, as its own API lists it. */
export interface Catalogue {
  readonly workspaces: string[];
  readonly reports: { id: string; workspaceId: string; datasetId: string }[];
  readonly datasets: string[];
  readonly dashboards: string[];
  readonly tiles: string[];
  readonly paginatedReports: string[];
}

export interface Audit {
  readonly app: FastifyInstance;
  readonly fleet: TestFleet;
  readonly config: AnalyticsConfig;
  readonly key: SigningKey;
  readonly logs: CapturedLogs;
  readonly clock: { now: number };
  readonly routes: readonly AuditedRoute[];
  readonly catalogue: Catalogue;
  /** A file beside (outside) the frame build that no URL may reach. */
  readonly outsideSecret: string;
  apiToken(): Promise<string>;
  /** An embed token from POST /v1/embed-tokens; by default everything the service holds, all permissions, fabrikam. */
  embedToken(request?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

/** The first item of a list the service is known to fill; throws when it is empty. */
export function first<T>(list: readonly T[], what: string): T {
  const item = list[0];
  if (item === undefined) throw new Error(`the service lists no ${what}`);
  return item;
}

/** The bytes of the file outside the frame build: an answer that holds them let a path escape. */
export const OUTSIDE_SECRET = 'TOP-SECRET-OUTSIDE-THE-FRAME-BUILD';

const onRequestHooks = (route: RouteOptions): unknown[] =>
  route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];

/** The service with a captured trace-level log (its own redaction) and a frame build holding one asset. */
export async function startAudit(): Promise<Audit> {
  const fleet = await openTestFleet();
  const frameDist = join(fleet.dir, 'frame-dist');
  await mkdir(join(frameDist, 'assets'), { recursive: true });
  await writeFile(join(frameDist, 'index.html'), '<!doctype html><title>frame</title>');
  await writeFile(join(frameDist, 'assets', 'app.js'), 'console.log("frame");');
  const outsideSecret = join(fleet.dir, 'outside-secret.txt');
  await writeFile(outsideSecret, OUTSIDE_SECRET);

  const config = testConfig(fleet.dir, { ANALYTICS_FRAME_DIST: frameDist, LOG_LEVEL: 'trace' });
  const logs = captureLogs(loggerOptions(config));
  const clock = { now: TEST_NOW.getTime() };
  const key = await ephemeralSigningKey();
  const recorded: RouteOptions[] = [];
  const app = await buildApp({
    config,
    fleet: fleet.fleet,
    content: await ContentStore.open(join(fleet.dir, 'analytics', 'content')),
    signingKey: key,
    logger: logs.logger,
    now: () => clock.now,
    onRoute: (route) => recorded.push(route),
  });

  const routes = recorded.flatMap((route): AuditedRoute[] => {
    const hooks = onRequestHooks(route);
    const auth: RouteAuth = hooks.includes(app.requireApiToken)
      ? 'api'
      : hooks.includes(app.requireEmbedToken)
        ? 'embed'
        : 'none';
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    return methods.map((method) => ({
      method,
      url: route.url,
      auth,
      schema: (route.schema ?? {}) as Record<string, unknown>,
      bodyLimit: route.bodyLimit,
    }));
  });

  const apiToken = async (): Promise<string> => {
    const res = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: CLIENT_SECRET },
    });
    if (res.statusCode !== 200) throw new Error(`token request failed: ${res.statusCode} ${res.body}`);
    return (res.json() as { access_token: string }).access_token;
  };
  const api = async <T>(url: string): Promise<T> => {
    const res = await app.inject({ url, headers: { authorization: `Bearer ${await apiToken()}` } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return (res.json() as { value: T }).value;
  };

  const catalogue: Catalogue = {
    workspaces: [],
    reports: [],
    datasets: [],
    dashboards: [],
    tiles: [],
    paginatedReports: [],
  };
  for (const { id } of await api<{ id: string }[]>('/v1/workspaces')) {
    catalogue.workspaces.push(id);
    catalogue.reports.push(
      ...(await api<Catalogue['reports']>(`/v1/workspaces/${id}/reports`)).map(
        ({ id: reportId, workspaceId, datasetId }) => ({ id: reportId, workspaceId, datasetId }),
      ),
    );
    catalogue.datasets.push(
      ...(await api<{ id: string }[]>(`/v1/workspaces/${id}/datasets`)).map((d) => d.id),
    );
    for (const { id: dashboardId } of await api<{ id: string }[]>(`/v1/workspaces/${id}/dashboards`)) {
      catalogue.dashboards.push(dashboardId);
      const tiles = await api<{ id: string }[]>(`/v1/workspaces/${id}/dashboards/${dashboardId}/tiles`);
      catalogue.tiles.push(...tiles.map((t) => t.id));
    }
    catalogue.paginatedReports.push(
      ...(await api<{ id: string }[]>(`/v1/workspaces/${id}/paginated-reports`)).map((p) => p.id),
    );
  }

  const embedToken = async (request: Record<string, unknown> = {}): Promise<string> => {
    const items = (ids: readonly string[]) => ids.map((id) => ({ id }));
    const res = await app.inject({
      method: 'POST',
      url: '/v1/embed-tokens',
      headers: { authorization: `Bearer ${await apiToken()}` },
      payload: {
        reports: items(catalogue.reports.map((r) => r.id)),
        datasets: items(catalogue.datasets),
        dashboards: items(catalogue.dashboards),
        paginatedReports: items(catalogue.paginatedReports),
        targetWorkspaces: items(catalogue.workspaces),
        permissions: 7,
        identities: [{ databaseNames: ['fabrikam'] }],
        allowedOrigins: [PORTAL_ORIGIN],
        ...request,
      },
    });
    if (res.statusCode !== 200) throw new Error(`embed token request failed: ${res.statusCode} ${res.body}`);
    return (res.json() as { token: string }).token;
  };

  return {
    app,
    fleet,
    config,
    key,
    logs,
    clock,
    routes,
    catalogue,
    outsideSecret,
    apiToken,
    embedToken,
    async close() {
      await app.close();
      await fleet.close();
    },
  };
}

/** What a hostile request was and what it got. */
export interface Probe {
  readonly label: string;
  readonly request: InjectOptions;
  readonly response: LightMyRequestResponse;
}

/** Sends `requests` (label → options) `parallel` at a time. */
export async function probeAll(
  app: FastifyInstance,
  requests: readonly (readonly [string, InjectOptions])[],
  parallel = 16,
): Promise<Probe[]> {
  const probes: Probe[] = [];
  for (let i = 0; i < requests.length; i += parallel) {
    const batch = requests.slice(i, i + parallel);
    const sent = await Promise.all(
      batch.map(async ([label, request]) => ({ label, request, response: await app.inject(request) })),
    );
    probes.push(...sent);
  }
  return probes;
}

function safeDecode(url: InjectOptions['url']): string {
  const text = typeof url === 'string' ? url : JSON.stringify(url ?? '');
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

// A stack frame, a source location, or a path of this machine: never in an answer.
const LEAKS: readonly RegExp[] = [
  /\n\s+at .+[(:]/,
  /node_modules/,
  /\.[cm]?[jt]s:\d+/,
  /\/(?:work|home|tmp|usr|var|etc)\//,
  /\bstack\b/i,
  /duckdb/i,
];

/**
 * What is wrong with the answer to a hostile request, or undefined: a 5xx; a 4xx that is not `{ message, code }`
 * (strings) in JSON; a body that shows a stack, a source path, a path of this machine, or `secrets`.
 */
export function defect(probe: Probe, secrets: readonly string[] = []): string | undefined {
  const { response, label } = probe;
  const where = `${label} → ${response.statusCode}`;
  if (response.statusCode >= 500) return `${where} ${response.body.slice(0, 200)}`;
  const body = response.body;
  // What the caller sent may come back in a message ("No workspace '../../etc/passwd'."): only new text is a leak.
  const sent = `${safeDecode(probe.request.url)} ${String(probe.request.payload ?? '')}`;
  for (const pattern of LEAKS)
    if (pattern.test(body) && !pattern.test(sent))
      return `${where} shows ${String(pattern)}: ${body.slice(0, 200)}`;
  for (const secret of secrets) if (body.includes(secret)) return `${where} shows a secret`;
  if (response.statusCode < 400 || probe.request.method === 'HEAD') return undefined;
  const type = String(response.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return `${where} answered ${type}: ${body.slice(0, 200)}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `${where} answered JSON that does not parse`;
  }
  const { message, code } = (parsed ?? {}) as { message?: unknown; code?: unknown };
  if (typeof message !== 'string' || message === '' || typeof code !== 'string' || code === '')
    return `${where} answered without { message, code }: ${body.slice(0, 200)}`;
  return undefined;
}
