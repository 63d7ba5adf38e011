import { portalApi } from '../../lib/api';
import { parseClientConfiguration } from './client-configuration';
import type { ClientConfiguration } from './client-configuration';

export const configurationApi = portalApi.injectEndpoints({
  endpoints: (build) => ({
    /** Public: the server answers it without authorization, before anyone signs in. */
    getClientConfiguration: build.query<ClientConfiguration, undefined>({
      query: () => 'configuration/clientConfiguration',
      transformResponse: parseClientConfiguration,
    }),
  }),
});

export const { useGetClientConfigurationQuery } = configurationApi;
