import { createAction, createSlice } from '@reduxjs/toolkit';
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { portalApi } from './api';

/** A call to the server began (spec §4: its type starts with BEGIN_). */
export const apiCallBegan = createAction<{ name: string }>('BEGIN_API_CALL');
/** A call to the server ended, well or not (its type starts with END_). */
export const apiCallEnded = createAction<{ name: string; ok: boolean }>('END_API_CALL');

function typeOf(action: unknown): string {
  return typeof action === 'object' && action !== null && 'type' in action && typeof action.type === 'string'
    ? action.type
    : '';
}

/** The spec's counter: +1 for every action whose type starts with BEGIN_, −1 for every END_. */
export const callsInProgressSlice = createSlice({
  name: 'callsInProgress',
  initialState: 0,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addMatcher(
        (action) => typeOf(action).startsWith('BEGIN_'),
        (count) => count + 1,
      )
      .addMatcher(
        (action) => typeOf(action).startsWith('END_'),
        (count) => Math.max(0, count - 1),
      );
  },
});

export const selectCallsInProgress = (state: { callsInProgress: number }): number => state.callsInProgress;

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
