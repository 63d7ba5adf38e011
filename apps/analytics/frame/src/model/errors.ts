/** The error bodies the frame answers and raises, in powerbi's `IError` shape. */
import { FrameError } from '@portico/frame';
import type { FrameHandler } from '@portico/frame';
import { CommonErrorCodes, TraceType } from '@portico/models';
import type { IError } from '@portico/models';
import { ApiError, TOKEN_EXPIRED } from '../api/frame-api.ts';

export function errorBody(message: string, detailedMessage: string, errorCode?: string): IError {
  return {
    message,
    detailedMessage,
    level: TraceType.Error,
    ...(errorCode === undefined ? {} : { errorCode }),
  };
}

export const notFound = (what: 'page' | 'visual' | 'bookmark', name: string): FrameError =>
  new FrameError(
    404,
    errorBody(`${what}NotFound`, `No ${what} named '${name}' in this report.`, CommonErrorCodes.NotFound),
  );

export const badRequest = (detailedMessage: string): FrameError =>
  new FrameError(400, errorBody('invalidParameters', detailedMessage, CommonErrorCodes.InvalidParameters));

export const forbidden = (detailedMessage: string): FrameError =>
  new FrameError(403, errorBody('notAuthorized', detailedMessage, CommonErrorCodes.NotAuthorized));

/** What a route answers for a not-yet-implemented call: a 501 the host SDK rejects with at once. */
export const notImplemented = (method: string, url: string): FrameError =>
  new FrameError(
    501,
    errorBody('notImplemented', `This frame does not implement ${method} ${url} yet.`, 'NotImplemented'),
  );

/** The router's `unmatched` handler of the report, dashboard and tile frames: every unknown call is a 501. */
export const notImplementedCall: FrameHandler = ({ method, url }) => {
  throw notImplemented(method, url);
};

/** A failed frame-API call as the error the host receives: TokenExpired keeps its code, statuses are kept. */
export function fromApiError(error: unknown): FrameError {
  if (error instanceof FrameError) return error;
  if (error instanceof ApiError) {
    const code =
      error.code === TOKEN_EXPIRED
        ? CommonErrorCodes.TokenExpired
        : error.status === 403
          ? CommonErrorCodes.NotAuthorized
          : error.status === 404
            ? CommonErrorCodes.NotFound
            : error.code;
    const message = error.code === TOKEN_EXPIRED ? TOKEN_EXPIRED : error.code;
    return new FrameError(error.status, errorBody(message, error.message, code));
  }
  const text = error instanceof Error ? error.message : String(error);
  return new FrameError(500, errorBody('unexpectedError', text));
}
