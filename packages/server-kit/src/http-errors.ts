/**
 * The codes every Portico server may answer with; each app adds its own (`ErrorCode = CommonErrorCode | 'ENGINE_…'`).
 * Clients branch on `code`, never on `message`.
 */
export type CommonErrorCode =
  | 'VALIDATION_ERROR'
  | 'BAD_REQUEST'
  | 'UNAUTHENTICATED'
  | 'INVALID_TOKEN'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'METHOD_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'INTERNAL';

/** The code of a 4xx that Fastify (or a plugin) raised without one of ours; any other 4xx is BAD_REQUEST. */
export const CLIENT_ERROR_CODES: Readonly<Record<number, CommonErrorCode>> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/**
 * An error whose message is safe to show to the caller; the error handler answers it as `{ message, code }` with
 * `headers` set (plus `extra` in the body, for the OAuth `error` fields of a token endpoint). An app narrows `Code`
 * to its own codes once: `export const HttpError = SharedHttpError<ErrorCode>;`.
 *
 * ```ts
 * throw new HttpError(404, 'NOT_FOUND', 'No report with that id in this workspace.');
 * ```
 */
export class HttpError<Code extends string = string> extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: Code,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
    readonly extra: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
