import { describe, expect, it, vi } from 'vitest';
import { setupStore } from '../app/store';
import { AuthClient } from '../features/authentication/auth-client';
import { configurationApi } from '../features/configuration/api';
import { CONFIGURATION_PATH, jsonResponse, sampleConfiguration, stubFetch } from '../test/http';
import { portalApi } from './api';

const loadConfiguration = configurationApi.endpoints.getClientConfiguration.initiate;

describe('the portal API', () => {
  it('stores the configuration through begin and success', async () => {
    stubFetch({ [CONFIGURATION_PATH]: () => jsonResponse(sampleConfiguration) });
    const store = setupStore();

    const request = store.dispatch(loadConfiguration(undefined));
    expect(store.getState().configuration.isLoading).toBe(true);
    await request;

    expect(store.getState().configuration).toMatchObject({
      isLoading: false,
      error: null,
      clientId: 'portico-portal',
      vendorName: 'Acme Software',
    });
  });

  it('carries the response text of a 400 as the error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch({ [CONFIGURATION_PATH]: () => new Response('language is not supported', { status: 400 }) });
    const store = setupStore();

    await store.dispatch(loadConfiguration(undefined));

    expect(store.getState().configuration).toMatchObject({
      isLoading: false,
      error: 'language is not supported',
    });
  });

  it("reports any other failure as 'Network response was not ok.' and logs it", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch({ [CONFIGURATION_PATH]: () => new Response('', { status: 502 }) });
    const store = setupStore();

    await store.dispatch(loadConfiguration(undefined));

    expect(store.getState().configuration.error).toBe('Network response was not ok.');
    expect(logged).toHaveBeenCalledWith(`GET ${CONFIGURATION_PATH} failed: Network response was not ok.`);
  });

  it('adds the bearer token to authorised calls', async () => {
    const fetchStub = stubFetch({ '/api/customers/customerAccounts': () => jsonResponse([]) });
    const auth = new AuthClient();
    vi.spyOn(auth, 'getAccessToken').mockResolvedValue('token-123');
    const api = portalApi.injectEndpoints({
      endpoints: (build) => ({
        probeCustomers: build.query<unknown, undefined>({
          query: () => ({ url: 'customers/customerAccounts', authorised: true }),
        }),
      }),
    });
    const store = setupStore({ auth });

    await store.dispatch(api.endpoints.probeCustomers.initiate(undefined));

    const [, init] = fetchStub.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-123');
  });
});
