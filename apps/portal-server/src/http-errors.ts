/** The stable `code` of every error answer; clients branch on it, never on `message`. */
export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'BAD_REQUEST'
  | 'UNAUTHENTICATED'
  | 'INVALID_TOKEN'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'ACCESS_KEY_INVALID'
  | 'ACCESS_KEY_EXPIRED'
  | 'ACCESS_KEY_REVOKED'
  | 'ACCESS_KEY_WRONG_INSTALLEE'
  | 'DOWNLOAD_TOKEN_INVALID'
  | 'CONFLICT'
  | 'ANALYTICS_UNAVAILABLE'
  | 'INTERNAL'
  | 'AUTHORITY_UNAVAILABLE'
  | 'DATABASE_UNAVAILABLE';

/**
 * An error whose message is safe to show to the caller; the error handler answers it as `{ message, code }`.
 *
 * ```ts
 * throw new HttpError(404, 'NOT_FOUND', 'No such report');
 * ```
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
