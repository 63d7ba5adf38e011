import { createApi } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { accessTokenSource, callApi, readJson, toApiError } from './call-api';
import type { ApiError, ApiRequest } from './call-api';
import { apiCallBegan, apiCallEnded } from './calls-in-progress';

// The pages that load data through RTK Query import this module (and so createApi); the first page does not.
export {
  accessTokenSource,
  ApiCallError,
  callApi,
  NETWORK_ERROR_MESSAGE,
  NO_TOKEN_MESSAGE,
  toApiError,
} from './call-api';
export type { AccessTokenSource, ApiError, ApiRequest } from './call-api';

/** The RTK Query base query over `callApi`: JSON answers, spec §8 errors. */
export const portalBaseQuery: BaseQueryFn<string | ApiRequest, unknown, ApiError> = async (
  arg,
  { signal, extra },
) => {
  const request: ApiRequest = typeof arg === 'string' ? { url: arg } : arg;
  try {
    const response = await callApi(request, accessTokenSource(extra), signal);
    return { data: await readJson(response, request) };
  } catch (error) {
    return { error: toApiError(error) };
  }
};

/** The one RTK Query API of the portal; each feature adds its endpoints with `injectEndpoints`. */
export const portalApi = createApi({
  reducerPath: 'portalApi',
  baseQuery: portalBaseQuery,
  endpoints: () => ({}),
});

function typeOf(action: unknown): string {
  return typeof action === 'object' && action !== null && 'type' in action && typeof action.type === 'string'
    ? action.type
    : '';
}

interface ApiThunkAction extends UnknownAction {
  meta: { requestStatus: string; arg?: { endpointName?: string }; condition?: boolean };
}

function isApiThunkAction(action: unknown): action is ApiThunkAction {
  const type = typeOf(action);
  return type.startsWith(`${portalApi.reducerPath}/`) && typeof (action as ApiThunkAction).meta === 'object';
}

/**
 * Announces every RTK Query request as a BEGIN_API_CALL / END_API_CALL pair, so the counter (and the idle
 * timer, which restarts on every API call) see them. A request RTK Query skipped (`meta.condition`) never began.
 */
export const apiCallTracking: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  if (isApiThunkAction(action)) {
    const { requestStatus, arg, condition } = action.meta;
    const name = arg?.endpointName ?? 'request';
    if (requestStatus === 'pending') store.dispatch(apiCallBegan({ name }));
    else if (requestStatus === 'fulfilled') store.dispatch(apiCallEnded({ name, ok: true }));
    else if (requestStatus === 'rejected' && condition !== true)
      store.dispatch(apiCallEnded({ name, ok: false }));
  }
  return result;
};
