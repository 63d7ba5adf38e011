// The authorised fetch helper (spec §7, §8) without RTK Query, so the first page (the configuration load) and
// the installer pages use it without loading the API's cache.

/** A call to the portal API; `url` is relative to `/api/`. */
export interface ApiRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send `Authorization: Bearer <access token>` (spec §7: the generic authorised helper). */
  authorised?: boolean;
  /** The Accept header; JSON unless said otherwise. */
  accept?: string;
}

/** What every failed call resolves to: spec §8's messages, plus the status for callers that branch on it. */
export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSE_ERROR' | 'NO_TOKEN';
  message: string;
  /** The server's stable `code` of a non-OK answer (`ACCESS_KEY_EXPIRED`), null when it sent none. */
  code?: string | null;
}

export const NETWORK_ERROR_MESSAGE = 'Network response was not ok.';
export const NO_TOKEN_MESSAGE = 'Access token not acquired';

/** A failed call (spec §8), thrown by `callApi`: `error.message` is what the page shows. */
export class ApiCallError extends Error implements ApiError {
  readonly status: ApiError['status'];
  /** The server's own `{ message }` of a non-OK answer, for pages that show it (an installer key's fate). */
  readonly serverMessage: string | null;
  /** The server's stable `{ code }` of a non-OK answer, which pages translate (`lib/error-text.ts`). */
  readonly code: string | null;
  constructor(
    status: ApiError['status'],
    message: string,
    serverMessage: string | null = null,
    code: string | null = null,
  ) {
    super(message);
    this.name = 'ApiCallError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.code = code;
  }
}

interface ServerError {
  message: string | null;
  code: string | null;
}

/** The `{ message, code }` of an error answer's body, each null when absent (or when the body is not JSON). */
function serverErrorOf(text: string): ServerError {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null) return { message: null, code: null };
    return {
      message: 'message' in body && typeof body.message === 'string' ? body.message : null,
      code: 'code' in body && typeof body.code === 'string' ? body.code : null,
    };
  } catch {
    return { message: null, code: null };
  }
}

/** The store hands every thunk (and so every query) this extra argument; see app/store.ts. */
export interface AccessTokenSource {
  getAccessToken(): Promise<string | null>;
}

/** The access-token source in a thunk's `extra`, if there is one. */
export function accessTokenSource(extra: unknown): AccessTokenSource | null {
  if (typeof extra !== 'object' || extra === null || !('auth' in extra)) return null;
  const { auth } = extra;
  if (typeof auth !== 'object' || auth === null || !('getAccessToken' in auth)) return null;
  return typeof auth.getAccessToken === 'function' ? (auth as AccessTokenSource) : null;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The generic authorised helper (spec §7, §8): fetch `/api/<url>`, with a Bearer token when `authorised`.
 * A 400 throws the response text, any other non-OK status 'Network response was not ok.', a missing
 * token 'Access token not acquired'; every failure is logged. Resolves with the OK response.
 *
 * `const response = await callApi({ url: 'reports/reportNodes', authorised: true }, auth);`
 */
export async function callApi(
  request: ApiRequest,
  tokens: AccessTokenSource | null,
  signal?: AbortSignal,
): Promise<Response> {
  const method = request.method ?? 'GET';
  const url = `/api/${request.url}`;
  const fail = (
    status: ApiError['status'],
    message: string,
    server: ServerError = { message: null, code: null },
  ): never => {
    console.error(`${method} ${url} failed: ${server.message ?? message}`);
    throw new ApiCallError(status, message, server.message, server.code);
  };

  const headers: Record<string, string> = { Accept: request.accept ?? 'application/json' };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  if (request.authorised) {
    const token = await tokens?.getAccessToken();
    if (!token) return fail('NO_TOKEN', NO_TOKEN_MESSAGE);
    headers['Authorization'] = `Bearer ${token}`;
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      ...(signal ? { signal } : {}),
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    });
  } catch (error) {
    return fail('FETCH_ERROR', describe(error));
  }
  if (response.status === 400) {
    const text = await response.text().catch(() => '');
    return fail(400, text, serverErrorOf(text));
  }
  if (!response.ok)
    return fail(response.status, NETWORK_ERROR_MESSAGE, serverErrorOf(await response.text().catch(() => '')));
  return response;
}

/** Turns anything a call threw into the error the state stores. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiCallError)
    return { status: error.status, message: error.message, code: error.code };
  return { status: 'FETCH_ERROR', message: describe(error) };
}

/**
 * The JSON body of an OK response (null when empty); a body that is not JSON is logged and throws an
 * ApiCallError with status PARSE_ERROR.
 *
 * `const data = await readJson(await callApi(request, tokens), request);`
 */
export async function readJson(response: Response, request: ApiRequest): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const message = describe(error);
    console.error(`${request.method ?? 'GET'} /api/${request.url} failed: ${message}`);
    throw new ApiCallError('PARSE_ERROR', message);
  }
}
