/**
 * The frame's client of the analytics service's frame API (`/frame-api/*`), authenticated with the embed token.
 * A 401 `TokenExpired` marks the token expired: every later call fails at once until `setToken` gives a new one.
 */
import type { Dataset, ReportDefinition } from '../../../src/content/types.ts';
import type { QueryAnswer, VisualQuery } from '../../../src/query/types.ts';

/** What `GET /frame-api/session` says the token grants. */
export interface Session {
  readonly tokenId: string;
  readonly expiration: string;
  readonly permissions: number;
  readonly allowedOrigins: readonly string[];
  readonly databaseNames: readonly string[];
  readonly reports: readonly { readonly id: string; readonly name: string }[];
}

/** A report's metadata as the frame API answers it. */
export interface ReportInfo {
  readonly id: string;
  readonly name: string;
  readonly workspaceId: string;
  readonly datasetId: string;
  readonly version: number;
  readonly updatedAt: string;
  readonly embedUrl: string;
}

export interface LoadedReport {
  readonly report: ReportInfo & { readonly definition: ReportDefinition };
  readonly dataset: Dataset;
}

export interface SavedAs {
  readonly report: ReportInfo;
  readonly accessToken: { readonly token: string; readonly tokenId: string; readonly expiration: string };
}

/** A failed frame-API call: the HTTP status and the service's `{ message, code }`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const TOKEN_EXPIRED = 'TokenExpired';

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export interface FrameApiOptions {
  /** The service's origin; same origin by default. */
  readonly baseUrl?: string;
  readonly fetch?: Fetch;
  /** Called once each time the token is found expired. */
  readonly onTokenExpired?: (error: ApiError) => void;
}

export interface FrameApi {
  setToken(token: string): void;
  readonly token: string | undefined;
  readonly expired: boolean;
  session(): Promise<Session>;
  report(reportId: string): Promise<LoadedReport>;
  query(reportId: string, query: VisualQuery): Promise<QueryAnswer>;
  exportCsv(reportId: string, query: VisualQuery, exportDataType: number, rows?: number): Promise<string>;
  save(reportId: string, definition: ReportDefinition, baseVersion: number): Promise<ReportInfo>;
  saveAs(reportId: string, name: string, definition: ReportDefinition): Promise<SavedAs>;
  /** The viewer's persistent filters on the report (a state string), or null. */
  userState(reportId: string): Promise<string | null>;
  saveUserState(reportId: string, state: string): Promise<void>;
  resetUserState(reportId: string): Promise<void>;
}

/** `createFrameApi({ fetch })`, then `api.setToken(config.accessToken)` and `await api.session()`. */
export function createFrameApi(options: FrameApiOptions = {}): FrameApi {
  const base = options.baseUrl ?? '';
  const doFetch: Fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let token: string | undefined;
  let expired = false;

  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    if (token === undefined) throw new ApiError(401, 'NoToken', 'No access token was given to the frame.');
    if (expired) throw new ApiError(401, TOKEN_EXPIRED, 'The access token has expired.');
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await doFetch(`${base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.ok) return response;
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

  const json = async <T>(method: string, path: string, body?: unknown): Promise<T> =>
    (await (await call(method, path, body)).json()) as T;
  const reportPath = (id: string): string => `/frame-api/reports/${encodeURIComponent(id)}`;

  return {
    setToken(next) {
      token = next;
      expired = false;
    },
    get token() {
      return token;
    },
    get expired() {
      return expired;
    },
    session: () => json<Session>('GET', '/frame-api/session'),
    report: (reportId) => json<LoadedReport>('GET', reportPath(reportId)),
    query: (reportId, query) => json<QueryAnswer>('POST', '/frame-api/query', { reportId, query }),
    async exportCsv(reportId, query, exportDataType, rows) {
      const body = { reportId, query, exportDataType, ...(rows === undefined ? {} : { rows }) };
      return (await call('POST', '/frame-api/export', body)).text();
    },
    save: (reportId, definition, baseVersion) =>
      json<ReportInfo>('PUT', reportPath(reportId), { definition, baseVersion }),
    saveAs: (reportId, name, definition) =>
      json<SavedAs>('POST', `${reportPath(reportId)}/save-as`, { name, definition }),
    userState: async (reportId) =>
      (await json<{ state: string | null }>('GET', `${reportPath(reportId)}/user-state`)).state,
    async saveUserState(reportId, state) {
      await call('PUT', `${reportPath(reportId)}/user-state`, { state });
    },
    async resetUserState(reportId) {
      await call('DELETE', `${reportPath(reportId)}/user-state`);
    },
  };
}
