import type { ActionReducerMapBuilder, Draft, UnknownAction } from '@reduxjs/toolkit';

/** The begin/success/error part every loaded slice shares (spec §3, §4). */
export interface LoadState {
  isLoading: boolean;
  error: string | null;
}

interface Matchable<A> {
  match: (action: unknown) => action is A;
}

/** The three RTK Query matchers of one endpoint. */
export interface EndpointMatchers<Result> {
  matchPending: Matchable<UnknownAction>['match'];
  matchFulfilled: Matchable<UnknownAction & { payload: Result }>['match'];
  matchRejected: Matchable<
    UnknownAction & {
      payload?: { message: string } | undefined;
      error: { message?: string | undefined };
      meta: { condition: boolean };
    }
  >['match'];
}

/**
 * Keeps a slice's load state in step with an endpoint: pending is the begin (isLoading true), fulfilled the
 * success (`onSuccess` stores the data), rejected the error (the §8 message).
 */
export function addLoadMatchers<S extends LoadState, Result>(
  builder: ActionReducerMapBuilder<S>,
  endpoint: EndpointMatchers<Result>,
  onSuccess: (state: Draft<S>, data: Result) => void,
): void {
  builder
    .addMatcher(endpoint.matchPending, (state) => {
      state.isLoading = true;
      state.error = null;
    })
    .addMatcher(endpoint.matchFulfilled, (state, action) => {
      state.isLoading = false;
      state.error = null;
      onSuccess(state, action.payload);
    })
    .addMatcher(endpoint.matchRejected, (state, action) => {
      // RTK Query also "rejects" a request it skipped because one is running or cached.
      if (action.meta.condition) return;
      state.isLoading = false;
      state.error = action.payload?.message ?? action.error.message ?? 'Unknown error';
    });
}
