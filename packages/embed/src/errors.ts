/**
 * The SDK's own failures, all as `EmbedError` (from the protocol) with a stable `errorCode`. `body` keeps
 * what powerbi-client itself would have thrown or rejected with: the `IError[]` of a failed validation, the
 * bare message string of the RDL and not-supported refusals, the NotFound code.
 */
import { CommonErrorCodes, type IError } from '@portico/models';
import { EmbedError, ErrorCode } from '@portico/protocol';

export { EmbedError };

/**
 * Every `errorCode` the SDK itself rejects or throws with, in one place (frame failures keep the frame's own
 * `errorCode`): the protocol's call codes (`Timeout`, `Cancelled`, `PostFailed`, `RequestFailed`) and the host's.
 */
export const EmbedErrorCode = {
  ...ErrorCode,
  /** A configuration or request failed its validator; `body` is the `IError[]` list. */
  Validation: 'ValidationError',
  /** The call is not available for this embed (RDL report, visual embed, layout switch, inactive page). */
  NotSupported: 'NotSupported',
  /** The embed URL is not https, not on the allowed hosts, or asks for auto-auth. */
  InvalidUrl: 'InvalidEmbedUrl',
  /** The caller passed something unusable: no type, no token, no id, an unknown event name. */
  InvalidArgument: 'InvalidArgument',
  /** A page, visual or menu command was not found (powerbi-models' `CommonErrorCodes.NotFound`). */
  NotFound: CommonErrorCodes.NotFound,
} as const;

export const RDL_NOT_SUPPORTED = 'This API is currently not supported for RDL reports';
export const EMBED_URL_NOT_SUPPORTED =
  'Embed URL is invalid for this scenario. Please use Power BI REST APIs to get the valid URL';
/** powerbi-client 2.24's message for an embed URL whose host it does not allow. */
export const INVALID_EMBED_URL =
  'Invalid embed URL detected. Either URL hostname or protocol are invalid. Please use Power BI REST APIs to get the valid URL';

/** An `EmbedError` with the given code; `body` defaults to the message, as powerbi-client threw strings. */
export const embedError = (
  message: string,
  errorCode: string = EmbedErrorCode.InvalidArgument,
  body: unknown = message,
  detailedMessage?: string,
): EmbedError => new EmbedError(message, { errorCode, body, detailedMessage });

/** A validation failure: the first message, and the whole `IError[]` list as `body`. */
export const validationError = (errors: IError[]): EmbedError =>
  embedError((errors[0] as IError).message, EmbedErrorCode.Validation, errors);

/** Throws the validation failure when `errors` has any. */
export function assertValid(errors: IError[] | undefined): void {
  if (errors?.length) throw validationError(errors);
}

/**
 * Returns `value`, or throws powerbi-client's "not found" error for it, e.g. `requireValue(id, 'Report id',
 * 'an id', 'powerbi-report-id')` throws `Report id is required, but it was not found. You must provide an id
 * either as part of embed configuration or as attribute 'powerbi-report-id'.`
 */
export function requireValue<T>(
  value: T | null | undefined,
  what: string,
  noun: string,
  attribute?: string,
): T {
  if (value) return value;
  const where = attribute ? ` or as attribute '${attribute}'` : '';
  throw embedError(
    `${what} is required, but it was not found. You must provide ${noun} either as part of embed configuration${where}.`,
  );
}

/** A refusal of a call this embed cannot make, as a rejected promise. */
export const notSupported = (message: string): Promise<never> =>
  Promise.reject(embedError(message, EmbedErrorCode.NotSupported));
