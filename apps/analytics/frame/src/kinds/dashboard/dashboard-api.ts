/**
 * The dashboard frame's client of the service (`/frame-api/session` and `/frame-api/dashboards/*`), with the embed
 * token. As in the report frame's client, a 401 `TokenExpired` marks the token expired: every later call fails at
 * once until `setToken` gives a new one.
 */
import type { ResolvedDashboard } from '../../../../src/kinds/dashboards/types.ts';
import type { QueryAnswer } from '../../../../src/query/types.ts';
import { ApiError, TOKEN_EXPIRED } from '../../api/frame-api.ts';
import type { Fetch, Session } from '../../api/frame-api.ts';

export interface DashboardApiOptions {
  /** The service's origin; same origin by default. */
  readonly baseUrl?: string;
  readonly fetch?: Fetch;
  /** Called once each time the token is found expired. */
  readonly onTokenExpired?: (error: ApiError) => void;
}

export interface DashboardApi {
  setToken(token: string): void;
  readonly expired: boolean;
  session(): Promise<Session>;
  dashboard(dashboardId: string): Promise<ResolvedDashboard>;
  tileData(dashboardId: string, tileId: string): Promise<QueryAnswer>;
}

/** `createDashboardApi()`, then `api.setToken(config.accessToken)` and `await api.dashboard(id)`. */
export function createDashboardApi(options: DashboardApiOptions = {}): DashboardApi {
  const base = options.baseUrl ?? '';
  const doFetch: Fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let token: string | undefined;
  let expired = false;

  async function get<T>(path: string): Promise<T> {
    if (token === undefined) throw new ApiError(401, 'NoToken', 'No access token was given to the frame.');
    if (expired) throw new ApiError(401, TOKEN_EXPIRED, 'The access token has expired.');
    const response = await doFetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (response.ok) return (await response.json()) as T;
    const problem = (await response.json().catch(() => ({}))) as { message?: unknown; code?: unknown };
    const code = typeof problem.code === 'string' ? problem.code : `HTTP${response.status}`;
    const message =
      typeof problem.message === 'string' ? problem.message : `The service answered ${response.status}.`;
    const error = new ApiError(response.status, code, message);
    if (response.status === 401 && code === TOKEN_EXPIRED && !expired) {
      expired = true;
      options.onTokenExpired?.(error);
    }
    throw error;
  }
  const dashboardPath = (id: string) => `/frame-api/dashboards/${encodeURIComponent(id)}`;

  return {
    setToken(next) {
      token = next;
      expired = false;
    },
    get expired() {
      return expired;
    },
    session: () => get<Session>('/frame-api/session'),
    dashboard: async (id) => (await get<{ dashboard: ResolvedDashboard }>(dashboardPath(id))).dashboard,
    tileData: (id, tileId) =>
      get<QueryAnswer>(`${dashboardPath(id)}/tiles/${encodeURIComponent(tileId)}/data`),
  };
}
