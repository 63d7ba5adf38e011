import { createAction } from '@reduxjs/toolkit';
import type { Dispatch, Middleware } from '@reduxjs/toolkit';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { loggedOut } from '../features/authentication/slice';
import { embedInfoReset, embedInfoSlice, pbiReportsForUsersSlice } from '../features/embedded-reports/slice';
import { customersReset, customersSlice } from '../features/reports/customers-slice';
import { reportsReset, reportsSlice } from '../features/reports/slice';
import { apiCallTracking, portalApi } from '../lib/api';
import { useAppDispatch, useAppSelector } from './hooks';
import { dataMiddleware, rootReducer } from './store';
import type { DataState } from './store';

/** The data state joined a store: its slices get their initial state. */
export const dataStateAttached = createAction('dataState/attached');

/** A signed-out user's data must not outlive the session. */
const resetDataOnSignOut: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  if (loggedOut.match(action)) {
    store.dispatch(customersReset());
    store.dispatch(reportsReset());
    store.dispatch(embedInfoReset());
  }
  return result;
};

let attached = false;

/**
 * Adds RTK Query's cache and the data slices to the app's reducer, and their middleware (RTK Query's, the
 * BEGIN_/END_ call tracking, the sign-out reset), once; then dispatches `dataStateAttached` so `dispatch`'s
 * store holds their initial state. Safe to call again.
 *
 * `attachDataState(store.dispatch); store.getState().customers.isLoading // false`
 */
export function attachDataState(dispatch: Dispatch): void {
  if (!attached) {
    rootReducer.inject(portalApi);
    rootReducer.inject(customersSlice);
    rootReducer.inject(reportsSlice);
    rootReducer.inject(embedInfoSlice);
    rootReducer.inject(pbiReportsForUsersSlice);
    dataMiddleware.addMiddleware(portalApi.middleware, apiCallTracking, resetDataOnSignOut);
    attached = true;
  }
  dispatch(dataStateAttached());
}

const hasDataState = (state: Partial<DataState>): boolean => state.portalApi !== undefined;

/** Renders a page that loads data once the data state is attached to this store. */
export function WithDataState({ children }: { children: ReactNode }): ReactNode {
  const dispatch = useAppDispatch();
  const ready = useAppSelector(hasDataState);
  useEffect(() => {
    if (!ready) attachDataState(dispatch);
  }, [dispatch, ready]);
  return ready ? children : null;
}
