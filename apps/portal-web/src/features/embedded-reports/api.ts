import { portalApi } from '../../lib/api';
import type { EmbedInfo, UserReport } from './model';

export interface EmbedInfoRequest {
  workspaceId: string;
  reportId: string;
}

export const embeddedReportsApi = portalApi.injectEndpoints({
  endpoints: (build) => ({
    getUserReports: build.query<UserReport[], undefined>({
      query: () => ({ url: 'embedpbi/GetPbiReportsInfoForUserAsync', authorised: true }),
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
