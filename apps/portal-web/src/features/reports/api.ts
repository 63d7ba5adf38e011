import { portalApi } from '../../lib/api';
import type { CustomerAccount, DownloadAccessToken, ReportFiles, ReportNode } from './model';

export const reportsApi = portalApi.injectEndpoints({
  endpoints: (build) => ({
    getCustomerAccounts: build.query<CustomerAccount[], undefined>({
      query: () => ({ url: 'customers/customerAccounts', authorised: true }),
    }),
    /** The catalog, named in `language`. */
    getReportNodes: build.query<ReportNode[], string>({
      query: (language) => ({
        url: `reports/reportNodes?${new URLSearchParams({ language }).toString()}`,
        authorised: true,
      }),
    }),
    /** One folder's reports for one account: description, update time and size per format. */
    getReportFiles: build.query<ReportFiles, { databaseName: string; path: string; language: string }>({
      query: ({ databaseName, path, language }) => ({
        url: `reports/reportFiles?${new URLSearchParams({ databaseName, path, language }).toString()}`,
        authorised: true,
      }),
    }),
    /** Short-lived; fetched before the report list shows and again when it is about to expire. */
    getDownloadAccessToken: build.query<DownloadAccessToken, undefined>({
      query: () => ({ url: 'reports/downloadAccessToken', authorised: true }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useGetCustomerAccountsQuery,
  useGetReportNodesQuery,
  useGetReportFilesQuery,
  useGetDownloadAccessTokenQuery,
} = reportsApi;
