import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { accessTokenSource, callApi, readJson } from '../../lib/call-api';
import type { ApiRequest } from '../../lib/call-api';
import { apiCallBegan, apiCallEnded } from '../../lib/calls-in-progress';
import type { InstallerTarget, Platform, ReleaseListing } from './model';
import { releasesUrl } from './model';

type Thunk<T> = ThunkAction<Promise<T>, unknown, unknown, UnknownAction>;

function tracked<T>(name: string, request: ApiRequest): Thunk<T> {
  return async (dispatch, _getState, extra) => {
    dispatch(apiCallBegan({ name }));
    let ok = false;
    try {
      const value = (await readJson(await callApi(request, accessTokenSource(extra)), request)) as T;
      ok = true;
      return value;
    } finally {
      dispatch(apiCallEnded({ name, ok }));
    }
  };
}

/**
 * The versions the key (or, for the upgrade, the signed-in account) may see: the page's first call, so a refused key
 * is reported as soon as the page opens. Rejects with an ApiCallError carrying the server's code.
 */
export const fetchReleases = (target: InstallerTarget): Thunk<ReleaseListing> =>
  tracked('fetchReleases', {
    url: releasesUrl(target),
    authorised: target.installee === 'controlPanelUpgrade',
  });

export interface DownloadLink {
  url: string;
  expiresAt: string;
  fileName: string;
  size: number;
  sha256: string;
}

/** A short-lived signed link to one file of one version (the browser then downloads it itself). */
export const requestDownloadLink = (
  target: InstallerTarget,
  choice: { version: string; platform: Platform; language: string },
): Thunk<DownloadLink> =>
  tracked('requestDownloadLink', {
    url: `download/${target.installee}/link`,
    method: 'POST',
    authorised: target.installee === 'controlPanelUpgrade',
    body: { ...(target.accessKey === undefined ? {} : { accessKey: target.accessKey }), ...choice },
  });

/** Starts the browser's own download of `url` (no copy of the file in the page's memory). */
export function startDownload(url: string, fileName: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
