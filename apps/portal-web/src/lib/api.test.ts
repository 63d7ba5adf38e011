import { describe, expect, it, vi } from 'vitest';
import { attachDataState } from '../app/data-state';
import { setupStore } from '../app/store';
import { AuthClient } from '../features/authentication/auth-client';
import { loadClientConfiguration } from '../features/configuration/api';
import { CONFIGURATION_PATH, jsonResponse, sampleConfiguration, stubFetch } from '../test/http';
import { portalApi } from './api';

describe('the portal API', () => {
  it('stores the configuration through begin and success', async () => {
    stubFetch({ [CONFIGURATION_PATH]: () => jsonResponse(sampleConfiguration) });
    const store = setupStore();

    const request = store.dispatch(loadClientConfiguration());
    expect(store.getState().configuration.isLoading).toBe(true);
    expect(store.getState().callsInProgress).toBe(1);
    await request;
    expect(store.getState().callsInProgress).toBe(0);

    expect(store.getState().configuration).toMatchObject({
      isLoading: false,
      error: null,
      clientId: 'portico-portal',
      vendorName: 'Acme Software',
    });
  });

  it('asks the server once while a configuration load is running', async () => {
    const fetchStub = stubFetch({ [CONFIGURATION_PATH]: () => jsonResponse(sampleConfiguration) });
    const store = setupStore();

    await Promise.all([store.dispatch(loadClientConfiguration()), store.dispatch(loadClientConfiguration())]);

    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(store.getState().callsInProgress).toBe(0);
  });

  it('carries the response text of a 400 as the error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch({ [CONFIGURATION_PATH]: () => new Response('language is not supported', { status: 400 }) });
    const store = setupStore();

    await store.dispatch(loadClientConfiguration());

    expect(store.getState().configuration).toMatchObject({
      isLoading: false,
      error: 'language is not supported',
    });
  });

  it("reports any other failure as 'Network response was not ok.' and logs it", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch({ [CONFIGURATION_PATH]: () => new Response('', { status: 502 }) });
    const store = setupStore();

    await store.dispatch(loadClientConfiguration());

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
    attachDataState(store.dispatch);

    await store.dispatch(api.endpoints.probeCustomers.initiate(undefined));

    const [, init] = fetchStub.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-123');
  });
});
