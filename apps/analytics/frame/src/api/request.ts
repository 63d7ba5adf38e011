/**
 * The one authenticated fetch of the frame's API clients: the embed token as a bearer, JSON bodies, and failures as
 * `ApiError` from the service's `{ message, code }`. A 401 `TokenExpired` marks the token expired: every later call
 * fails at once until `setToken` gives a new one.
 */

/** A failed frame-API call: the HTTP status and the service's `{ message, code }`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const TOKEN_EXPIRED = 'TokenExpired';

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export interface RequestOptions {
  /** The service's origin; same origin by default. */
  readonly baseUrl?: string;
  readonly fetch?: Fetch;
  /** Called once each time the token is found expired. */
  readonly onTokenExpired?: (error: ApiError) => void;
}

export interface Requester {
  setToken(token: string): void;
  readonly token: string | undefined;
  readonly expired: boolean;
  /**
   * The response of a call that succeeded; throws `ApiError` otherwise. With `token`, the call is made with that token
   * instead of the one in use, whose state (expired or not) it leaves as it is.
   */
  call(method: string, path: string, body?: unknown, token?: string): Promise<Response>;
  /** `call`, then the answer's JSON. */
  json<T>(method: string, path: string, body?: unknown, token?: string): Promise<T>;
}

export function createRequester(options: RequestOptions = {}): Requester {
  const base = options.baseUrl ?? '';
  const doFetch: Fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let token: string | undefined;
  let expired = false;

  async function call(method: string, path: string, body?: unknown, other?: string): Promise<Response> {
    const bearer = other ?? token;
    if (bearer === undefined) throw new ApiError(401, 'NoToken', 'No access token was given to the frame.');
    if (other === undefined && expired)
      throw new ApiError(401, TOKEN_EXPIRED, 'The access token has expired.');
    const headers: Record<string, string> = { authorization: `Bearer ${bearer}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await doFetch(`${base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.ok) return response;
    const problem = (await response.json().catch(() => ({}))) as { message?: unknown; code?: unknown };
    const code = typeof problem.code === 'string' ? problem.code : `HTTP${response.status}`;
    const message =
      typeof problem.message === 'string' ? problem.message : `The service answered ${response.status}.`;
    const error = new ApiError(response.status, code, message);
    if (other === undefined && response.status === 401 && code === TOKEN_EXPIRED && !expired) {
      expired = true;
      options.onTokenExpired?.(error);
    }
    throw error;
  }

  return {
    setToken(next) {
      token = next;
      expired = false;
    },
    get token() {
      return token;
    },
    get expired() {
      return expired;
    },
    call,
    json: async <T>(method: string, path: string, body?: unknown, other?: string): Promise<T> =>
      (await (await call(method, path, body, other)).json()) as T,
  };
}
