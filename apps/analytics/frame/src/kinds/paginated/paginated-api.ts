/**
 * The paginated frame's client of the service: the token's grant, page N for parameter values, and the exports.
 * A 401 `TokenExpired` marks the token expired: every later call fails at once until `setToken` gives a new one.
 */
import type { PageAnswer, ParameterValue } from '../../../../src/kinds/paginated/types.ts';
import { ApiError, TOKEN_EXPIRED } from '../../api/frame-api.ts';
import type { Fetch, Session } from '../../api/frame-api.ts';

export type ExportFormat = 'PDF' | 'CSV';

export interface ExportFile {
  readonly blob: Blob;
  readonly fileName: string;
}

export interface PaginatedApi {
  setToken(token: string): void;
  readonly expired: boolean;
  session(): Promise<Session>;
  page(reportId: string, pageNumber: number, values: readonly ParameterValue[]): Promise<PageAnswer>;
  exportFile(reportId: string, format: ExportFormat, values: readonly ParameterValue[]): Promise<ExportFile>;
}

/** `attachment; filename="Device alerts by site.pdf"` → `Device alerts by site.pdf`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

/** `createPaginatedApi({ onTokenExpired })`, then `api.setToken(config.accessToken)`. */
export function createPaginatedApi(
  options: { fetch?: Fetch; onTokenExpired?: (error: ApiError) => void } = {},
): PaginatedApi {
  const doFetch: Fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let token: string | undefined;
  let expired = false;

  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    if (token === undefined) throw new ApiError(401, 'NoToken', 'No access token was given to the frame.');
    if (expired) throw new ApiError(401, TOKEN_EXPIRED, 'The access token has expired.');
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await doFetch(path, {
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
  const reportPath = (id: string) => `/frame-api/paginated-reports/${encodeURIComponent(id)}`;

  return {
    setToken(next) {
      token = next;
      expired = false;
    },
    get expired() {
      return expired;
    },
    session: async () => (await call('GET', '/frame-api/session')).json() as Promise<Session>,
    page: async (reportId, pageNumber, values) =>
      (
        await call('POST', `${reportPath(reportId)}/pages/${pageNumber}`, { parameterValues: values })
      ).json() as Promise<PageAnswer>,
    async exportFile(reportId, format, values) {
      const response = await call('POST', `${reportPath(reportId)}/export`, {
        format,
        parameterValues: values,
      });
      const fallback = `report.${format.toLowerCase()}`;
      return {
        blob: await response.blob(),
        fileName: fileNameOf(response.headers.get('content-disposition'), fallback),
      };
    },
  };
}
