import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { portalApi } from '../lib/api';
import { AuthClient } from '../features/authentication/auth-client';
import { authenticationSlice } from '../features/authentication/slice';
import { configurationSlice } from '../features/configuration/slice';

/** Handed to every thunk and RTK Query call (`extra`). */
export interface ThunkExtra {
  auth: AuthClient;
}

const rootReducer = combineReducers({
  [portalApi.reducerPath]: portalApi.reducer,
  configuration: configurationSlice.reducer,
  authentication: authenticationSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export interface StoreOptions {
  auth?: AuthClient;
  preloadedState?: Partial<RootState>;
}

/** A new store; the app makes one, every test makes its own. */
export function setupStore({ auth = new AuthClient(), preloadedState }: StoreOptions = {}) {
  const extraArgument: ThunkExtra = { auth };
  return configureStore({
    reducer: rootReducer,
    ...(preloadedState ? { preloadedState } : {}),
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument } }).concat(portalApi.middleware),
  });
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
