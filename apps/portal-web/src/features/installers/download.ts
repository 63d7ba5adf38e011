import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { accessTokenSource, callApi } from '../../lib/call-api';
import { apiCallBegan, apiCallEnded } from '../../lib/calls-in-progress';
import { fileNameFromDisposition, readWithProgress, saveBlob } from '../../lib/save-file';
import type { Progress } from '../../lib/save-file';
import { defaultFileName, installerUrl } from './model';
import type { InstallerRequest } from './model';

/**
 * Downloads an installer with progress (fetch, then the body's reader), and saves it under the name the
 * server gives. Resolves with that name; rejects with an ApiCallError whose serverMessage says why a key
 * was refused.
 */
export const downloadInstaller =
  (
    request: InstallerRequest,
    onProgress: (progress: Progress) => void,
  ): ThunkAction<Promise<string>, unknown, unknown, UnknownAction> =>
  async (dispatch, _getState, extra) => {
    const name = 'downloadInstaller';
    dispatch(apiCallBegan({ name }));
    let ok = false;
    try {
      const response = await callApi(
        {
          url: installerUrl(request),
          authorised: request.installee === 'controlPanelUpgrade',
          accept: 'application/octet-stream',
        },
        accessTokenSource(extra),
      );
      const blob = await readWithProgress(response, onProgress);
      const fileName =
        fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? defaultFileName(request);
      saveBlob(blob, fileName);
      ok = true;
      return fileName;
    } finally {
      dispatch(apiCallEnded({ name, ok }));
    }
  };
