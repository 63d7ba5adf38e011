/**
 * The Q&A frame's client of `/frame-api/session` and `/frame-api/qna/*`, authenticated with the embed token. As
 * for reports, a 401 TokenExpired marks the token expired and every later call fails at once until `setToken`.
 */
import type { Session } from '../../api/frame-api.ts';
import { createRequester } from '../../api/request.ts';
import type { RequestOptions } from '../../api/request.ts';
import type { Answer, QueryAnswer, Unanswered } from '@portico/analytics-model';

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
  /** The token's grant, or `token`'s when given (asked with it, not put in use: a renewal checks it first). */
  session(token?: string): Promise<Session>;
  dataset(datasetId: string): Promise<QnaDataset>;
  interpret(datasetIds: readonly string[], question: string): Promise<QnaResult>;
}

export type QnaApiOptions = RequestOptions & {
  /** The embed's language: the dataset's name and the answer's field names come in it. */
  readonly language?: string | undefined;
};

/** `createQnaApi()`, then `api.setToken(config.accessToken)` and `await api.session()`. */
export function createQnaApi(options: QnaApiOptions = {}): QnaApi {
  const requester = createRequester(options);
  const { json } = requester;
  const inLanguage =
    options.language === undefined || options.language === ''
      ? ''
      : `?language=${encodeURIComponent(options.language)}`;

  return {
    setToken: (next) => requester.setToken(next),
    get expired() {
      return requester.expired;
    },
    session: (token) => json<Session>('GET', '/frame-api/session', undefined, token),
    dataset: (datasetId) =>
      json<QnaDataset>('GET', `/frame-api/qna/datasets/${encodeURIComponent(datasetId)}${inLanguage}`),
    interpret: (datasetIds, question) =>
      json<QnaResult>('POST', `/frame-api/qna/interpret${inLanguage}`, { datasetIds, question }),
  };
}
