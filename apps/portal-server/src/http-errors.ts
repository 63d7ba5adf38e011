import { HttpError as SharedHttpError } from '@portico/server-kit';
import type { CommonErrorCode } from '@portico/server-kit';

/** The stable `code` of every error answer: the servers' common ones and the portal's own. */
export type ErrorCode =
  | CommonErrorCode
  | 'ACCESS_KEY_MISSING'
  | 'ACCESS_KEY_INVALID'
  | 'ACCESS_KEY_EXPIRED'
  | 'ACCESS_KEY_REVOKED'
  | 'ACCESS_KEY_WRONG_INSTALLEE'
  | 'DOWNLOAD_TOKEN_INVALID'
  | 'DOWNLOAD_LINK_INVALID'
  | 'DOWNLOAD_LINK_EXPIRED'
  | 'ANALYTICS_UNAVAILABLE'
  | 'ANALYTICS_REFUSED'
  | 'REPORT_NOT_GRANTED'
  | 'AUTHORITY_UNAVAILABLE'
  | 'DATABASE_UNAVAILABLE';

/**
 * server-kit's HttpError, taking only the portal's codes: the error handler answers it as `{ message, code }`.
 *
 * ```ts
 * throw new HttpError(404, 'NOT_FOUND', 'No such report');
 * ```
 */
export const HttpError = SharedHttpError<ErrorCode>;
export type HttpError = SharedHttpError<ErrorCode>;
