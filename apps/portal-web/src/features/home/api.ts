import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { accessTokenSource, callApi, readJson } from '../../lib/call-api';
import { apiCallBegan, apiCallEnded } from '../../lib/calls-in-progress';
import type { HomeSummary } from './model';

/** GET /api/home in the UI language (the reports' descriptions come in it). Rejects with an ApiCallError. */
export const fetchHome =
  (
    language: string,
    signal?: AbortSignal,
  ): ThunkAction<Promise<HomeSummary>, unknown, unknown, UnknownAction> =>
  async (dispatch, _getState, extra) => {
    const name = 'home';
    dispatch(apiCallBegan({ name }));
    let ok = false;
    try {
      const request = { url: `home?language=${encodeURIComponent(language)}`, authorised: true };
      const response = await callApi(request, accessTokenSource(extra), signal);
      const summary = (await readJson(response, request)) as HomeSummary;
      ok = true;
      return summary;
    } finally {
      dispatch(apiCallEnded({ name, ok }));
    }
  };
