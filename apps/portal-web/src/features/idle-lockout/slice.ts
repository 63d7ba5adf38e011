import { createSlice } from '@reduxjs/toolkit';

/** The user did something that counts as activity (navigation, "Stay signed in"). */
export interface IdleState {
  /** Rises on every activity; the idle timer restarts whenever it changes. */
  activity: number;
}

const initialState: IdleState = { activity: 0 };

function typeOf(action: unknown): string {
  return typeof action === 'object' && action !== null && 'type' in action && typeof action.type === 'string'
    ? action.type
    : '';
}

export const idleSlice = createSlice({
  name: 'idle',
  initialState,
  reducers: {
    userNavigated(state) {
      state.activity += 1;
    },
    staySignedInChosen(state) {
      state.activity += 1;
    },
  },
  extraReducers: (builder) => {
    // Every API call (spec §4) restarts the timer too.
    builder.addMatcher(
      (action) => typeOf(action).startsWith('BEGIN_'),
      (state) => {
        state.activity += 1;
      },
    );
  },
});

export const { userNavigated, staySignedInChosen } = idleSlice.actions;

export const selectIdleActivity = (state: { idle: IdleState }): number => state.idle.activity;
