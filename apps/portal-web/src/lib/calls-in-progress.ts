import { createAction, createSlice } from '@reduxjs/toolkit';

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
