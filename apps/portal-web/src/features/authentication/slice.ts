import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { Account } from './account';

export interface AuthenticationState {
  /** undefined until the stored session has been checked; true while a sign-in runs. */
  isLoggingIn: boolean | undefined;
  error: string | null;
  account: Account | null;
}

export const initialAuthenticationState: AuthenticationState = {
  isLoggingIn: undefined,
  error: null,
  account: null,
};

export const authenticationSlice = createSlice({
  name: 'authentication',
  initialState: initialAuthenticationState,
  reducers: {
    loginStarted(state) {
      state.isLoggingIn = true;
      state.error = null;
    },
    loginSucceeded(state, action: PayloadAction<Account>) {
      state.isLoggingIn = false;
      state.error = null;
      state.account = action.payload;
    },
    loginFailed(state, action: PayloadAction<string>) {
      state.isLoggingIn = false;
      state.error = action.payload;
    },
    /** The user read the sign-in failure and put it away. */
    loginErrorDismissed(state) {
      state.error = null;
    },
    loggedOut(state) {
      state.isLoggingIn = false;
      state.account = null;
    },
    /** The start-up check of the stored session ended, with its account or none. */
    sessionRestored(state, action: PayloadAction<Account | null>) {
      if (state.isLoggingIn === undefined) state.isLoggingIn = false;
      if (action.payload) state.account = action.payload;
    },
    /** oidc-client-ts loaded a user outside an explicit sign-in (silent renewal, token popup). */
    accountRefreshed(state, action: PayloadAction<Account>) {
      state.account = action.payload;
    },
  },
});

export const {
  loginStarted,
  loginSucceeded,
  loginFailed,
  loginErrorDismissed,
  loggedOut,
  sessionRestored,
  accountRefreshed,
} = authenticationSlice.actions;

interface WithAuthentication {
  authentication: AuthenticationState;
}

export const selectAuthentication = (state: WithAuthentication): AuthenticationState => state.authentication;
export const selectAccount = (state: WithAuthentication): Account | null => state.authentication.account;
