import { createSlice } from '@reduxjs/toolkit';

/** The spec's welcomeMessageAccepted (§3): once true, the welcome dialog never shows again. */
export const welcomeMessageAcceptedSlice = createSlice({
  name: 'welcomeMessageAccepted',
  initialState: false,
  reducers: {
    welcomeMessageAccepted: () => true,
  },
});

export const { welcomeMessageAccepted } = welcomeMessageAcceptedSlice.actions;

export const selectWelcomeMessageAccepted = (state: { welcomeMessageAccepted: boolean }): boolean =>
  state.welcomeMessageAccepted;

/** The storage key of the saved state (spec §4); only this flag is saved and restored (issue 6). */
export const SAVED_STATE_KEY = 'state';

/** The saved flag, false when nothing (or something unreadable) is stored. */
export function loadWelcomeMessageAccepted(storage: Storage | undefined = globalThis.localStorage): boolean {
  try {
    const saved: unknown = JSON.parse(storage?.getItem(SAVED_STATE_KEY) ?? 'null');
    return (
      typeof saved === 'object' &&
      saved !== null &&
      'welcomeMessageAccepted' in saved &&
      saved.welcomeMessageAccepted === true
    );
  } catch {
    return false;
  }
}

export function saveWelcomeMessageAccepted(
  accepted: boolean,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(SAVED_STATE_KEY, JSON.stringify({ welcomeMessageAccepted: accepted }));
  } catch {
    // Storage can be unavailable (privacy modes); the dialog then shows again next visit.
  }
}
