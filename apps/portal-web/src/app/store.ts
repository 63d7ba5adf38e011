import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  createListenerMiddleware,
} from '@reduxjs/toolkit';
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { callsInProgressSlice } from '../lib/calls-in-progress';
import type { portalApi } from '../lib/api';
import { AuthClient } from '../features/authentication/auth-client';
import { authenticationSlice } from '../features/authentication/slice';
import { configurationSlice } from '../features/configuration/slice';
import type { EmbedInfoState, PbiReportsForUsersState } from '../features/embedded-reports/slice';
import { idleSlice } from '../features/idle-lockout/slice';
import type { CustomersState } from '../features/reports/customers-slice';
import type { ReportsState } from '../features/reports/slice';
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

/**
 * The data state: RTK Query's cache and the slices fed by its endpoints. The pages that load data attach it
 * when they open (`app/data-state.ts`), so RTK Query stays off the first page; only those pages read it.
 */
export interface DataState {
  portalApi: ReturnType<typeof portalApi.reducer>;
  customers: CustomersState;
  reports: ReportsState;
  embedInfo: EmbedInfoState;
  pbiReportsForUsers: PbiReportsForUsersState;
}

/**
 * The app's one reducer: the shell's slices from the start, the data state once attached. Module-level
 * like the lazily loaded code that extends it, so every store (one in the app, one per test) shares it.
 */
export const rootReducer = combineSlices(
  configurationSlice,
  authenticationSlice,
  welcomeMessageAcceptedSlice,
  callsInProgressSlice,
  idleSlice,
).withLazyLoadedSlices<DataState>();

/** Where the data state's middleware (RTK Query's, call tracking, sign-out reset) is added when attached. */
export const dataMiddleware = createDynamicMiddleware();

type ShellState = Omit<ReturnType<typeof rootReducer>, keyof DataState>;
/** The whole state as components see it; the data state exists once attached (see DataState). */
export type RootState = ShellState & DataState;

export interface StoreOptions {
  auth?: AuthClient;
  preloadedState?: Partial<RootState>;
}

/** The shell's cross-feature reactions: features never import each other, so they are wired here. */
function appListeners() {
  const listeners = createListenerMiddleware();
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
    // Typed with the data state, which its pages (and tests) attach before they read it.
    reducer: rootReducer as Reducer<RootState, UnknownAction, Partial<RootState>>,
    preloadedState: { welcomeMessageAccepted: loadWelcomeMessageAccepted(), ...preloadedState },
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument } })
        .prepend(appListeners())
        .concat(dataMiddleware.middleware),
  });
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
