/**
 * The Q&A frame's client of `/frame-api/session` and `/frame-api/qna/*`, authenticated with the embed token. As
 * for reports, a 401 TokenExpired marks the token expired and every later call fails at once until `setToken`.
 */
import { ApiError, TOKEN_EXPIRED } from '../../api/frame-api.ts';
import type { Fetch, Session } from '../../api/frame-api.ts';
import type { Unanswered } from '../../../../src/kinds/qna/interpret.ts';
import type { Answer } from '../../../../src/kinds/qna/shape.ts';
import type { QueryAnswer } from '../../../../src/query/types.ts';

export interface QnaDataset {
  readonly id: string;
  readonly name: string;
  readonly suggestions: readonly string[];
}

export type QnaAnswered = Answer & { readonly datasetId: string; readonly answer: QueryAnswer };
export type QnaUnanswered = Unanswered & { readonly suggestions: readonly string[] };
export type QnaResult = QnaAnswered | QnaUnanswered;

export interface QnaApi {
  setToken(token: string): void;
  readonly expired: boolean;
  session(): Promise<Session>;
  dataset(datasetId: string): Promise<QnaDataset>;
  interpret(datasetIds: readonly string[], question: string): Promise<QnaResult>;
}

export interface QnaApiOptions {
  readonly baseUrl?: string;
  readonly fetch?: Fetch;
  /** Called once each time the token is found expired. */
  readonly onTokenExpired?: (error: ApiError) => void;
}

/** `createQnaApi()`, then `api.setToken(config.accessToken)` and `await api.session()`. */
export function createQnaApi(options: QnaApiOptions = {}): QnaApi {
  const base = options.baseUrl ?? '';
  const doFetch: Fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let token: string | undefined;
  let expired = false;

  async function json<T>(method: string, path: string, body?: unknown): Promise<T> {
    if (token === undefined) throw new ApiError(401, 'NoToken', 'No access token was given to the frame.');
    if (expired) throw new ApiError(401, TOKEN_EXPIRED, 'The access token has expired.');
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await doFetch(`${base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
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

  return {
    setToken(next) {
      token = next;
      expired = false;
    },
    get expired() {
      return expired;
    },
    session: () => json<Session>('GET', '/frame-api/session'),
    dataset: (datasetId) =>
      json<QnaDataset>('GET', `/frame-api/qna/datasets/${encodeURIComponent(datasetId)}`),
    interpret: (datasetIds, question) =>
      json<QnaResult>('POST', '/frame-api/qna/interpret', { datasetIds, question }),
  };
}
