import type { CommonErrorCodes } from '@portico/models';

/**
 * The stable `code` of every error answer; clients branch on it, never on `message`. `TokenExpired` is models'
 * CommonErrorCodes wording, so the frame can raise the SDK's TokenExpired error as it is.
 */
export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'BAD_REQUEST'
  | 'INVALID_QUERY'
  | 'UNAUTHENTICATED'
  | 'INVALID_TOKEN'
  | typeof CommonErrorCodes.TokenExpired
  | 'INVALID_CLIENT'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'METHOD_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'INTERNAL'
  | 'ENGINE_UNAVAILABLE';

/**
 * An error whose message is safe to show to the caller; the error handler answers it as `{ message, code }`
 * (plus `extra`, for the OAuth `error` fields of the token endpoint).
 *
 * ```ts
 * throw new HttpError(404, 'NOT_FOUND', 'No report with that id in this workspace.');
 * ```
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
    readonly extra: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
