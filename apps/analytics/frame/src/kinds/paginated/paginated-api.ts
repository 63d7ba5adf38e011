/**
 * The paginated frame's client of the service: the token's grant, page N for parameter values, and the exports.
 * A 401 `TokenExpired` marks the token expired: every later call fails at once until `setToken` gives a new one.
 */
import type { PageAnswer, ParameterValue } from '@portico/analytics-model';
import type { Session } from '../../api/frame-api.ts';
import { createRequester } from '../../api/request.ts';
import type { ApiError, Fetch } from '../../api/request.ts';

export type ExportFormat = 'PDF' | 'CSV';

export interface ExportFile {
  readonly blob: Blob;
  readonly fileName: string;
}

export interface PaginatedApi {
  setToken(token: string): void;
  readonly expired: boolean;
  /** The token's grant, or `token`'s when given (asked with it, not put in use: a renewal checks it first). */
  session(token?: string): Promise<Session>;
  page(reportId: string, pageNumber: number, values: readonly ParameterValue[]): Promise<PageAnswer>;
  exportFile(reportId: string, format: ExportFormat, values: readonly ParameterValue[]): Promise<ExportFile>;
}

/**
 * The attachment's name: its `filename*` (RFC 6266, the name in the report's language) when there is one, else its
 * `filename`.
 *
 * @example fileNameOf(`attachment; filename="Device alerts by site.pdf"`, 'report.pdf') // → 'Device alerts by site.pdf'
 * @example fileNameOf(`attachment; filename="A.pdf"; filename*=UTF-8''Ger%C3%A4te.pdf`, 'report.pdf') // → 'Geräte.pdf'
 */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const extended = /filename\*=UTF-8''([^;\s]+)/i.exec(disposition ?? '')?.[1];
  if (extended !== undefined) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A malformed name: the plain one.
    }
  }
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

/** `createPaginatedApi({ onTokenExpired })`, then `api.setToken(config.accessToken)`. */
export function createPaginatedApi(
  options: {
    fetch?: Fetch;
    onTokenExpired?: (error: ApiError) => void;
    /** The embed's language: the report's name, its parameter panel, its sheet and its PDF come in it. */
    language?: string | undefined;
  } = {},
): PaginatedApi {
  const requester = createRequester(options);
  const { call } = requester;
  const reportPath = (id: string) => `/frame-api/paginated-reports/${encodeURIComponent(id)}`;
  const inLanguage =
    options.language === undefined || options.language === ''
      ? ''
      : `?language=${encodeURIComponent(options.language)}`;

  return {
    setToken: (next) => requester.setToken(next),
    get expired() {
      return requester.expired;
    },
    session: async (token) =>
      (await call('GET', '/frame-api/session', undefined, token)).json() as Promise<Session>,
    page: async (reportId, pageNumber, values) =>
      (
        await call('POST', `${reportPath(reportId)}/pages/${pageNumber}${inLanguage}`, {
          parameterValues: values,
        })
      ).json() as Promise<PageAnswer>,
    async exportFile(reportId, format, values) {
      // The PDF is written in the embed's language, as the pages are; the CSV stays raw.
      const response = await call('POST', `${reportPath(reportId)}/export${inLanguage}`, {
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
