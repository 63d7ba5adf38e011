import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { callApi, readJson, toApiError } from '../../lib/call-api';
import type { ApiRequest } from '../../lib/call-api';
import { apiCallBegan, apiCallEnded } from '../../lib/calls-in-progress';
import { parseClientConfiguration } from './client-configuration';
import { configurationLoaded, configurationLoadFailed, configurationLoadStarted } from './slice';
import type { ConfigurationState } from './slice';

const CALL = 'getClientConfiguration';
/** Public: the server answers it without authorization, before anyone signs in. */
const REQUEST: ApiRequest = { url: 'configuration/clientConfiguration' };

/**
 * Loads the configuration (spec §4: begin, then success or error), announced as a BEGIN_API_CALL /
 * END_API_CALL pair like every call. A plain thunk over `callApi`, not an RTK Query endpoint: the shell needs
 * it on the first page, where the API's cache would cost 17 KB. Does nothing while a load is running.
 *
 * `await store.dispatch(loadClientConfiguration());`
 */
export const loadClientConfiguration =
  (): ThunkAction<Promise<void>, { configuration: ConfigurationState }, unknown, UnknownAction> =>
  async (dispatch, getState) => {
    if (getState().configuration.isLoading) return;
    dispatch(configurationLoadStarted());
    dispatch(apiCallBegan({ name: CALL }));
    try {
      const body = await readJson(await callApi(REQUEST, null), REQUEST);
      dispatch(configurationLoaded(parseClientConfiguration(body)));
      dispatch(apiCallEnded({ name: CALL, ok: true }));
    } catch (error) {
      dispatch(configurationLoadFailed(toApiError(error).message));
      dispatch(apiCallEnded({ name: CALL, ok: false }));
    }
  };
