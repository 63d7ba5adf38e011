import { portalApi } from '../../lib/api';
import type { EmbedInfo, UserReport } from './model';

export interface EmbedInfoRequest {
  workspaceId: string;
  reportId: string;
  /** The UI language: the report's name comes in it. */
  language?: string;
}

export const embeddedReportsApi = portalApi.injectEndpoints({
  endpoints: (build) => ({
    /** The reports the user may open, named in the UI language when one is given. */
    getUserReports: build.query<UserReport[], string | undefined>({
      query: (language) => ({
        url:
          language === undefined
            ? 'embedpbi/GetPbiReportsInfoForUserAsync'
            : `embedpbi/GetPbiReportsInfoForUserAsync?language=${encodeURIComponent(language)}`,
        authorised: true,
      }),
    }),
    /** A fresh embed URL and token; refetched before the token expires. */
    getEmbedInfo: build.query<EmbedInfo, EmbedInfoRequest>({
      query: (body) => ({
        url: 'embedpbi/GetPbiEmbedInfoForUserAsync',
        method: 'POST',
        body,
        authorised: true,
      }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetUserReportsQuery, useGetEmbedInfoQuery } = embeddedReportsApi;
