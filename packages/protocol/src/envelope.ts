/**
 * The message envelopes, as powerbi-client 2.x puts them on the wire (http-post-message over
 * window-post-message-proxy): a request `{ method, url, headers, body }` and a response
 * `{ statusCode, headers: { id }, body }`, paired by the tracking id in `headers.id`.
 */

/** SDK identity sent in the `x-sdk-*` headers of every request. */
export const SDK_VERSION = '2.22.1';
export const SDK_TYPE = 'js';

/** Header names, in one place so both ends spell them the same. */
export const Header = {
  /** Tracking id that pairs a response with its request. */
  Id: 'id',
  /** The embed's unique id: which embed on the host page a request belongs to. */
  Uid: 'uid',
  SdkType: 'x-sdk-type',
  SdkVersion: 'x-sdk-version',
  SdkWrapperVersion: 'x-sdk-wrapper-version',
  /** Session headers of load/prepare/create requests (powerbi-client sends them as headers, not in the body). */
  SdkSessionId: 'sdkSessionId',
  Bootstrapped: 'bootstrapped',
  LoadSdkVersion: 'sdkVersion',
  TokenProviderSupplied: 'tokenProviderSupplied',
} as const;

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

/**
 * Outgoing header values: strings, plus the booleans of the session headers. `undefined` is kept
 * on purpose: powerbi-client sends `x-sdk-wrapper-version: undefined` and `bootstrapped: undefined`.
 */
export type RequestHeaders = { [name: string]: string | boolean | undefined };

/** Headers as they arrive: only the tracking id is known to be there. */
export interface WireHeaders {
  readonly id: string;
  readonly [name: string]: unknown;
}

/** A request envelope on the wire. `body` is absent on GET, as powerbi-client sends it. */
export interface IRequest<B = unknown> {
  method: Method;
  url: string;
  headers: WireHeaders;
  body?: B;
}

/** A response envelope on the wire. */
export interface IResponse<B = unknown> {
  statusCode: number;
  headers: WireHeaders;
  body: B;
}

/** What a caller hands to a channel: the channel adds the default headers and the tracking id. */
export interface OutgoingRequest {
  method: Method;
  url: string;
  headers?: RequestHeaders;
  body?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const hasTrackingId = (headers: unknown): headers is WireHeaders =>
  isRecord(headers) && typeof headers.id === 'string' && headers.id.length > 0;

/** True when `data` is a request envelope: a known method, an absolute path and a tracking id. */
export function isRequest(data: unknown): data is IRequest {
  return (
    isRecord(data) &&
    METHODS.includes(data.method as Method) &&
    typeof data.url === 'string' &&
    data.url.startsWith('/') &&
    hasTrackingId(data.headers)
  );
}

/**
 * True when `data` is a response envelope: an integer status code and a tracking id.
 * (powerbi-client also resolves id-matched messages that carry no status code; we do not.)
 */
export function isResponse(data: unknown): data is IResponse {
  return isRecord(data) && Number.isInteger(data.statusCode) && hasTrackingId(data.headers);
}

/** 2xx resolves a call, anything else rejects it. */
export const isSuccess = (statusCode: number): boolean => statusCode >= 200 && statusCode < 300;

/** Builds the response to the request with tracking id `id`, e.g. `respond(req.headers.id, 404, { message })`. */
export const respond = <B>(id: string, statusCode: number, body: B): IResponse<B> => ({
  statusCode,
  headers: { id },
  body,
});

/** The acknowledgement of an event: `{ statusCode: 200, headers: { id }, body: null }`. */
export const acknowledge = (id: string): IResponse<null> => respond(id, 200, null);

/** The `x-sdk-*` headers every request carries; `setSdkInfo` overrides type and wrapper version. */
export function sdkHeaders(
  info: { type?: string | undefined; version?: string | undefined; wrapperVersion?: string | undefined } = {},
): RequestHeaders {
  return {
    [Header.SdkType]: info.type ?? SDK_TYPE,
    [Header.SdkVersion]: info.version ?? SDK_VERSION,
    [Header.SdkWrapperVersion]: info.wrapperVersion,
  };
}

/**
 * The session headers of load, prepare and create requests, in powerbi-client's order: `uid`, `sdkSessionId`,
 * then for a load or prepare (`load` given) `bootstrapped` and `sdkVersion`, then `tokenProviderSupplied: true`
 * only when an access-token provider hook is set.
 *
 * @example sessionHeaders('r1', sessionId, false, { bootstrapped: undefined })
 *   // → { uid: 'r1', sdkSessionId, bootstrapped: undefined, sdkVersion: '2.22.1' }
 */
export function sessionHeaders(
  uid: string | undefined,
  sdkSessionId: string,
  tokenProviderSupplied: boolean,
  load?: { bootstrapped?: boolean | undefined },
): RequestHeaders {
  const headers: RequestHeaders = { [Header.Uid]: uid, [Header.SdkSessionId]: sdkSessionId };
  if (load) {
    headers[Header.Bootstrapped] = load.bootstrapped;
    headers[Header.LoadSdkVersion] = SDK_VERSION;
  }
  if (tokenProviderSupplied) headers[Header.TokenProviderSupplied] = true;
  return headers;
}

/**
 * The headers of load and prepare requests (`sessionHeaders` with a load):
 * `loadHeaders({ uid, sdkSessionId })` → `{ uid, sdkSessionId, bootstrapped, sdkVersion }`.
 */
export const loadHeaders = (session: {
  uid: string;
  sdkSessionId: string;
  bootstrapped?: boolean | undefined;
  tokenProviderSupplied?: boolean | undefined;
}): RequestHeaders =>
  sessionHeaders(session.uid, session.sdkSessionId, !!session.tokenProviderSupplied, session);
