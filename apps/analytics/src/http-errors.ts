import type { CommonErrorCode } from '@portico/server-kit';
import { HttpError as SharedHttpError } from '@portico/server-kit';
import type { CommonErrorCodes } from '@portico/models';

/**
 * The stable `code` of every error answer: the servers' common ones and the analytics service's own. `TokenExpired`
 * is models' CommonErrorCodes wording, so the frame can raise the SDK's TokenExpired error as it is.
 */
export type ErrorCode =
  | CommonErrorCode
  | 'INVALID_QUERY'
  | typeof CommonErrorCodes.TokenExpired
  | 'INVALID_CLIENT'
  | 'ENGINE_UNAVAILABLE';

/**
 * server-kit's HttpError, taking only this service's codes: answered as `{ message, code }` (plus `extra`, for the
 * OAuth `error` fields of the token endpoint).
 *
 * ```ts
 * throw new HttpError(404, 'NOT_FOUND', 'No report with that id in this workspace.');
 * ```
 */
export const HttpError = SharedHttpError<ErrorCode>;
export type HttpError = SharedHttpError<ErrorCode>;
