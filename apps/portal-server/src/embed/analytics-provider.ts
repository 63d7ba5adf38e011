import type { EmbedInfo, EmbedInfoProvider, EmbeddedReport } from './provider.ts';
import { EmbedProviderRefusedError, EmbedProviderUnavailableError } from './provider.ts';

export interface AnalyticsProviderOptions {
  /** Base URL of the analytics service, without a trailing slash. */
  url: string;
  clientId: string;
  clientSecret: string | undefined;
  fetch?: typeof fetch;
  now?: () => number;
  /** How long the report list (per language) is reused. Default 30 s. */
  listTtlMs?: number;
}

interface AnalyticsReport {
  id: string;
  name: string;
  workspaceId: string;
  embedUrl: string;
  createdFor?: string[];
}

const TIMEOUT_MS = 10_000;
/** A token within this margin of its expiry is renewed. */
const EXPIRY_MARGIN_MS = 30_000;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const isString = (value: unknown): value is string => typeof value === 'string';

function isReport(value: unknown): value is AnalyticsReport {
  return (
    isObject(value) &&
    isString(value['id']) &&
    isString(value['name']) &&
    isString(value['workspaceId']) &&
    isString(value['embedUrl'])
  );
}

function valuesOf<T>(body: unknown, guard: (item: unknown) => item is T): T[] {
  if (!isObject(body) || !Array.isArray(body['value']))
    throw new EmbedProviderUnavailableError('unexpected list');
  return body['value'].filter(guard);
}

/**
 * The analytics service's REST API as an EmbedInfoProvider: client credentials (`POST /oauth/token`, kept until
 * shortly before expiry), the reports of every workspace, and `POST /v1/embed-tokens`.
 *
 * ```ts
 * const provider = createAnalyticsProvider({ url: 'http://localhost:4402', clientId, clientSecret });
 * await provider.listReports(); // [{ workspaceId, reportId, reportName }]
 * ```
 */
export function createAnalyticsProvider(options: AnalyticsProviderOptions): EmbedInfoProvider {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const listTtl = options.listTtlMs ?? 30_000;
  let token: { value: string; expiresAt: number } | undefined;
  /** The report list by language ('' for the default names). */
  const reports = new Map<string, { at: number; list: Promise<AnalyticsReport[]> }>();

  async function call(path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await doFetch(`${options.url}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new EmbedProviderUnavailableError(`analytics unreachable: ${String(error)}`);
    }
    const text = await response.text();
    let body: unknown = undefined;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, body };
  }

  async function accessToken(): Promise<string> {
    if (token !== undefined && token.expiresAt - EXPIRY_MARGIN_MS > now()) return token.value;
    if (options.clientSecret === undefined)
      throw new EmbedProviderUnavailableError('ANALYTICS_CLIENT_SECRET is not set');
    const basic = Buffer.from(
      `${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`,
    );
    const { status, body } = await call('/oauth/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic.toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (status !== 200 || !isObject(body) || !isString(body['access_token'])) {
      throw new EmbedProviderUnavailableError(`analytics refused the client credentials (${status})`);
    }
    const expiresIn = typeof body['expires_in'] === 'number' ? body['expires_in'] : 300;
    token = { value: body['access_token'], expiresAt: now() + expiresIn * 1000 };
    return token.value;
  }

  async function api(path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
    const headers = {
      ...(init.headers as Record<string, string>),
      authorization: `Bearer ${await accessToken()}`,
    };
    const result = await call(path, { ...init, headers });
    if (result.status === 401) token = undefined;
    if (result.status >= 500 || result.status === 401 || result.status === 403) {
      throw new EmbedProviderUnavailableError(`analytics answered ${result.status} to ${path}`);
    }
    return result;
  }

  async function fetchReports(language: string): Promise<AnalyticsReport[]> {
    const query = language === '' ? '' : `?language=${encodeURIComponent(language)}`;
    const workspaces = valuesOf(
      (await api('/v1/workspaces')).body,
      (w): w is { id: string } => isObject(w) && isString(w['id']),
    );
    const lists = await Promise.all(
      workspaces.map(async (w) =>
        valuesOf((await api(`/v1/workspaces/${encodeURIComponent(w.id)}/reports${query}`)).body, isReport),
      ),
    );
    return lists.flat();
  }

  function allReports(language = ''): Promise<AnalyticsReport[]> {
    const at = now();
    const cached = reports.get(language);
    if (cached !== undefined && at - cached.at < listTtl) return cached.list;
    const list = fetchReports(language);
    reports.set(language, { at, list });
    list.catch(() => {
      if (reports.get(language)?.list === list) reports.delete(language);
    });
    return list;
  }

  return {
    async listReports(language): Promise<EmbeddedReport[]> {
      return (await allReports(language)).map((r) => ({
        workspaceId: r.workspaceId,
        reportId: r.id,
        reportName: r.name,
        ...(Array.isArray(r.createdFor) && r.createdFor.every(isString) ? { createdFor: r.createdFor } : {}),
      }));
    },
    async embedInfo(request): Promise<EmbedInfo | undefined> {
      const report = (await allReports(request.language)).find(
        (r) => r.id === request.reportId && r.workspaceId === request.workspaceId,
      );
      if (report === undefined) return undefined;
      const { status, body } = await api('/v1/embed-tokens', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          reports: [{ id: report.id }],
          permissions: 'View',
          // The viewer names whose persistent filters a load restores; a `sub` over the service's 256 characters
          // (OIDC allows 255) is left out rather than refused, and the viewer then shares the accounts' filters.
          identities: [
            {
              databaseNames: [...request.databaseNames],
              ...(request.viewer.length <= 256 ? { username: request.viewer } : {}),
            },
          ],
          allowedOrigins: [...request.allowedOrigins],
        }),
      });
      if (status === 404) return undefined;
      if (status >= 400 && status < 500) {
        const reason = isObject(body) && isString(body['message']) ? body['message'].slice(0, 300) : '';
        throw new EmbedProviderRefusedError(
          `analytics refused the embed-token request (${status}): ${reason}`,
        );
      }
      if (status !== 200 || !isObject(body) || !isString(body['token']) || !isString(body['tokenId'])) {
        throw new EmbedProviderUnavailableError(`analytics answered ${status} to an embed-token request`);
      }
      const expiration = body['expiration'];
      return {
        embedReport: [{ reportId: report.id, embedUrl: report.embedUrl, reportName: report.name }],
        embedToken: {
          token: body['token'],
          tokenId: body['tokenId'],
          expiration: isString(expiration) ? expiration : String(expiration),
        },
      };
    },
  };
}
