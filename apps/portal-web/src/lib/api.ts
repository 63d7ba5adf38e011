import { createApi } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';

/** A call to the portal API; `url` is relative to `/api/`. */
export interface ApiRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send `Authorization: Bearer <access token>` (spec §7: the generic authorised helper). */
  authorised?: boolean;
}

/** What every failed call resolves to: spec §8's messages, plus the status for callers that branch on it. */
export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSE_ERROR' | 'NO_TOKEN';
  message: string;
}

export const NETWORK_ERROR_MESSAGE = 'Network response was not ok.';

/** The store hands every thunk (and so every query) this extra argument; see app/store.ts. */
export interface AccessTokenSource {
  getAccessToken(): Promise<string | null>;
}

function accessTokenSource(extra: unknown): AccessTokenSource | null {
  if (typeof extra !== 'object' || extra === null || !('auth' in extra)) return null;
  const { auth } = extra;
  if (typeof auth !== 'object' || auth === null || !('getAccessToken' in auth)) return null;
  return typeof auth.getAccessToken === 'function' ? (auth as AccessTokenSource) : null;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * fetch with the spec's error rules: 400 carries the response text, any other non-OK status reads
 * 'Network response was not ok.', and every failure is logged.
 */
export const portalBaseQuery: BaseQueryFn<string | ApiRequest, unknown, ApiError> = async (
  arg,
  { signal, extra },
) => {
  const request: ApiRequest = typeof arg === 'string' ? { url: arg } : arg;
  const method = request.method ?? 'GET';
  const url = `/api/${request.url}`;
  const fail = (error: ApiError) => {
    console.error(`${method} ${url} failed: ${error.message}`);
    return { error };
  };

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  if (request.authorised) {
    const token = await accessTokenSource(extra)?.getAccessToken();
    if (!token) return fail({ status: 'NO_TOKEN', message: 'Access token not acquired' });
    headers['Authorization'] = `Bearer ${token}`;
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      signal,
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    });
  } catch (error) {
    return fail({ status: 'FETCH_ERROR', message: describe(error) });
  }
  if (response.status === 400) return fail({ status: 400, message: await response.text() });
  if (!response.ok) return fail({ status: response.status, message: NETWORK_ERROR_MESSAGE });

  const text = await response.text();
  if (text === '') return { data: null };
  try {
    return { data: JSON.parse(text) as unknown };
  } catch (error) {
    return fail({ status: 'PARSE_ERROR', message: describe(error) });
  }
};

/** The one RTK Query API of the portal; each feature adds its endpoints with `injectEndpoints`. */
export const portalApi = createApi({
  reducerPath: 'portalApi',
  baseQuery: portalBaseQuery,
  endpoints: () => ({}),
});
