/**
 * The dashboard frame's client of the service (`/frame-api/session` and `/frame-api/dashboards/*`), with the embed
 * token. As in the report frame's client, a 401 `TokenExpired` marks the token expired: every later call fails at
 * once until `setToken` gives a new one.
 */
import type { QueryAnswer, ResolvedDashboard } from '@portico/analytics-model';
import type { Session } from '../../api/frame-api.ts';
import { createRequester } from '../../api/request.ts';
import type { RequestOptions } from '../../api/request.ts';

export type DashboardApiOptions = RequestOptions & {
  /** The embed's language (the URL's `language`): tile titles, report names and field names come in it. */
  readonly language?: string | undefined;
};

export interface DashboardApi {
  setToken(token: string): void;
  readonly expired: boolean;
  /** The token's grant, or `token`'s when given (asked with it, not put in use: a renewal checks it first). */
  session(token?: string): Promise<Session>;
  dashboard(dashboardId: string): Promise<ResolvedDashboard>;
  tileData(dashboardId: string, tileId: string): Promise<QueryAnswer>;
}

/** `createDashboardApi()`, then `api.setToken(config.accessToken)` and `await api.dashboard(id)`. */
export function createDashboardApi(options: DashboardApiOptions = {}): DashboardApi {
  const requester = createRequester(options);
  const get = <T>(path: string): Promise<T> => requester.json<T>('GET', path);
  const dashboardPath = (id: string) => `/frame-api/dashboards/${encodeURIComponent(id)}`;
  const inLanguage =
    options.language === undefined || options.language === ''
      ? ''
      : `?language=${encodeURIComponent(options.language)}`;

  return {
    setToken: (next) => requester.setToken(next),
    get expired() {
      return requester.expired;
    },
    session: (token) => requester.json<Session>('GET', '/frame-api/session', undefined, token),
    dashboard: async (id) =>
      (await get<{ dashboard: ResolvedDashboard }>(`${dashboardPath(id)}${inLanguage}`)).dashboard,
    tileData: (id, tileId) =>
      get<QueryAnswer>(`${dashboardPath(id)}/tiles/${encodeURIComponent(tileId)}/data${inLanguage}`),
  };
}
