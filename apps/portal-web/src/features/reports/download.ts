import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { accessTokenSource, callApi } from '../../lib/api';
import { apiCallBegan, apiCallEnded } from '../../lib/calls-in-progress';
import { fileNameFromDisposition, saveBlob } from '../../lib/save-file';
import { reportsApi } from './api';
import { reportTitle } from './model';
import type { CustomerAccount, DownloadAccessToken, ReportFormat, ReportNode } from './model';

/** A download token this close to expiry is replaced before use. */
const TOKEN_MARGIN_MS = 30_000;

export interface ReportDownload {
  token: DownloadAccessToken;
  customer: CustomerAccount;
  node: ReportNode;
  /** The file name from the node's viewFiles. */
  fileName: string;
  format: ReportFormat;
  language: string;
  /** For html shown in a window: the window opened in the click (null when the browser blocked it); undefined saves the file. */
  target?: Window | null | undefined;
}

type Thunk<R> = ThunkAction<R, unknown, unknown, UnknownAction>;

const freshToken =
  (token: DownloadAccessToken): Thunk<Promise<string>> =>
  async (dispatch) => {
    if (Date.parse(token.expiresOn) - Date.now() > TOKEN_MARGIN_MS) return token.accessToken;
    const request = dispatch(
      reportsApi.endpoints.getDownloadAccessToken.initiate(undefined, { forceRefetch: true }),
    );
    try {
      return (await request.unwrap()).accessToken;
    } finally {
      request.unsubscribe();
    }
  };

/**
 * POST /api/reports/downloadReport (spec §7). HTML is written into the window opened in the click, when there is
 * one; anything else (a large HTML report included) is saved under the report's name in the language. Failures are logged (spec §8) and rethrown.
 */
export const downloadReport =
  ({ token, customer, node, fileName, format, language, target }: ReportDownload): Thunk<Promise<void>> =>
  async (dispatch, _getState, extra) => {
    const name = 'downloadReport';
    dispatch(apiCallBegan({ name }));
    let ok = false;
    try {
      const accessToken = await dispatch(freshToken(token));
      const report = `${fileName}.${format}`;
      const response = await callApi(
        {
          url: 'reports/downloadReport',
          method: 'POST',
          authorised: true,
          accept: '*/*',
          body: {
            accessToken,
            path: node.relativePath,
            databaseName: customer.databaseName,
            accountName: customer.accountName,
            report,
            format,
            language,
          },
        },
        accessTokenSource(extra),
      );
      if (target !== undefined) {
        const html = await response.text();
        if (target && !target.closed) {
          target.location.href = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
        }
      } else {
        // Saved under the name the server gives, in the language (Flottenübersicht.docx), as the list shows it.
        const saveAs =
          fileNameFromDisposition(response.headers.get('Content-Disposition')) ??
          `${reportTitle(node, fileName)}.${format}`;
        saveBlob(await response.blob(), saveAs);
      }
      ok = true;
    } catch (error) {
      if (target && !target.closed) target.close();
      console.error(`The report ${fileName}.${format} could not be downloaded`, error);
      throw error;
    } finally {
      dispatch(apiCallEnded({ name, ok }));
    }
  };
