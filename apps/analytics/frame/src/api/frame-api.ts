/**
 * The frame's client of the analytics service's frame API (`/frame-api/*`), authenticated with the embed token.
 * A 401 `TokenExpired` marks the token expired: every later call fails at once until `setToken` gives a new one.
 */
import type {
  Dataset,
  QueryAnswer,
  ReportCaptions,
  ReportDefinition,
  VisualQuery,
} from '@portico/analytics-model';
import { queryBatcher } from './query-batcher.ts';
import { createRequester } from './request.ts';
import type { Requester, RequestOptions } from './request.ts';

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
  /** `name` in the asked language; `definition` with its default captions (as saved). */
  readonly report: ReportInfo & { readonly definition: ReportDefinition };
  /** Display names in the asked language. */
  readonly dataset: Dataset;
  /** The page, visual and bookmark captions in the asked language (none from a service without translations). */
  readonly captions?: ReportCaptions;
}

export interface SavedAs {
  readonly report: ReportInfo;
  readonly accessToken: { readonly token: string; readonly tokenId: string; readonly expiration: string };
}

export { ApiError, TOKEN_EXPIRED } from './request.ts';
export type { Fetch } from './request.ts';

export type FrameApiOptions = RequestOptions;

export interface FrameApi {
  setToken(token: string): void;
  readonly token: string | undefined;
  readonly expired: boolean;
  /** The token's grant, or `token`'s when given (asked with it, not put in use: a renewal checks it first). */
  session(token?: string): Promise<Session>;
  /** The report with its captions in `language` (the embed's `localeSettings.language`). */
  report(reportId: string, language?: string): Promise<LoadedReport>;
  /** A visual's data; the queries asked in one turn (a page's visuals) go in one request (query-batcher.ts). */
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
  return frameApiOn(createRequester(options));
}

/** The frame API over a given requester (the draft client shares its token state). */
export function frameApiOn(requester: Requester): FrameApi {
  const { call, json } = requester;
  const reportPath = (id: string): string => `/frame-api/reports/${encodeURIComponent(id)}`;
  const query = queryBatcher(requester);

  return {
    setToken: (next) => requester.setToken(next),
    get token() {
      return requester.token;
    },
    get expired() {
      return requester.expired;
    },
    session: (token) => json<Session>('GET', '/frame-api/session', undefined, token),
    report: (reportId, language) =>
      json<LoadedReport>(
        'GET',
        language === undefined || language === ''
          ? reportPath(reportId)
          : `${reportPath(reportId)}?language=${encodeURIComponent(language)}`,
      ),
    query,
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
