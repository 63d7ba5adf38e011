import { portalApi } from '../../lib/api';
import type { CustomerAccount, DownloadAccessToken, ReportNode } from './model';

export const reportsApi = portalApi.injectEndpoints({
  endpoints: (build) => ({
    getCustomerAccounts: build.query<CustomerAccount[], undefined>({
      query: () => ({ url: 'customers/customerAccounts', authorised: true }),
    }),
    getReportNodes: build.query<ReportNode[], undefined>({
      query: () => ({ url: 'reports/reportNodes', authorised: true }),
    }),
    /** Short-lived; fetched before the report list shows and again when it is about to expire. */
    getDownloadAccessToken: build.query<DownloadAccessToken, undefined>({
      query: () => ({ url: 'reports/downloadAccessToken', authorised: true }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetCustomerAccountsQuery, useGetReportNodesQuery, useGetDownloadAccessTokenQuery } =
  reportsApi;
