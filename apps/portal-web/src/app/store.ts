import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { portalApi } from '../lib/api';
import { apiCallTracking, callsInProgressSlice } from '../lib/calls-in-progress';
import { AuthClient } from '../features/authentication/auth-client';
import { authenticationSlice, loggedOut } from '../features/authentication/slice';
import { configurationSlice } from '../features/configuration/slice';
import { embedInfoReset, embedInfoSlice, pbiReportsForUsersSlice } from '../features/embedded-reports/slice';
import { idleSlice } from '../features/idle-lockout/slice';
import { customersReset, customersSlice } from '../features/reports/customers-slice';
import { reportsReset, reportsSlice } from '../features/reports/slice';
import {
  loadWelcomeMessageAccepted,
  saveWelcomeMessageAccepted,
  welcomeMessageAccepted,
  welcomeMessageAcceptedSlice,
} from '../features/welcome/slice';

/** Handed to every thunk and RTK Query call (`extra`). */
export interface ThunkExtra {
  auth: AuthClient;
}

const rootReducer = combineReducers({
  [portalApi.reducerPath]: portalApi.reducer,
  configuration: configurationSlice.reducer,
  authentication: authenticationSlice.reducer,
  customers: customersSlice.reducer,
  reports: reportsSlice.reducer,
  embedInfo: embedInfoSlice.reducer,
  pbiReportsForUsers: pbiReportsForUsersSlice.reducer,
  welcomeMessageAccepted: welcomeMessageAcceptedSlice.reducer,
  callsInProgress: callsInProgressSlice.reducer,
  idle: idleSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export interface StoreOptions {
  auth?: AuthClient;
  preloadedState?: Partial<RootState>;
}

/** The cross-feature reactions: features never import each other, so they are wired here. */
function appListeners() {
  const listeners = createListenerMiddleware();
  // A signed-out user's data must not outlive the session.
  listeners.startListening({
    actionCreator: loggedOut,
    effect: (_action, api) => {
      api.dispatch(customersReset());
      api.dispatch(reportsReset());
      api.dispatch(embedInfoReset());
    },
  });
  // Only the welcome flag is saved (issue 6's decision), under the spec's key 'state'.
  listeners.startListening({
    actionCreator: welcomeMessageAccepted,
    effect: () => saveWelcomeMessageAccepted(true),
  });
  return listeners.middleware;
}

/** A new store; the app makes one, every test makes its own. */
export function setupStore({ auth = new AuthClient(), preloadedState }: StoreOptions = {}) {
  const extraArgument: ThunkExtra = { auth };
  return configureStore({
    reducer: rootReducer,
    preloadedState: { welcomeMessageAccepted: loadWelcomeMessageAccepted(), ...preloadedState },
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument } })
        .prepend(appListeners())
        .concat(portalApi.middleware, apiCallTracking),
  });
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
