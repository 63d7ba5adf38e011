import { describe, expect, it, vi } from 'vitest';
import { AuthClient } from '../features/authentication/auth-client';
import { loggedOut } from '../features/authentication/slice';
import { embeddedReportsApi } from '../features/embedded-reports/api';
import { reportsApi } from '../features/reports/api';
import { customersReset } from '../features/reports/customers-slice';
import { welcomeMessageAccepted } from '../features/welcome/slice';
import { apiCallBegan, apiCallEnded } from '../lib/calls-in-progress';
import { deferred, jsonResponse, stubFetch } from '../test/http';
import { attachDataState } from './data-state';
import { setupStore } from './store';

class TokenAuth extends AuthClient {
  token: string | null = 'access-token-1';
  override getAccessToken(): Promise<string | null> {
    return Promise.resolve(this.token);
  }
}

const ACCOUNTS = [{ databaseName: 'contoso_emea', accountName: 'Contoso EMEA', customerName: 'Contoso' }];

describe('the portal state', () => {
  it('starts with the shell’s slices; the data slices join with their defaults when a data page attaches them', () => {
    const store = setupStore();
    expect(store.getState()).not.toHaveProperty('customers');
    expect(store.getState().configuration).toMatchObject({ isLoading: false, error: null, clientId: '' });

    attachDataState(store.dispatch);

    const state = store.getState();
    expect(state.customers).toEqual({ isLoading: false, error: null, customerAccounts: [] });
    expect(state.reports).toEqual({ isLoading: false, error: null, reportNodes: [] });
    expect(state.pbiReportsForUsers).toEqual({ isLoading: false, error: null, userReports: [] });
    expect(state.embedInfo).toMatchObject({ embedPbiInfo: { type: 'report' }, embedReport: [] });
    expect(state.welcomeMessageAccepted).toBe(false);
    expect(state.callsInProgress).toBe(0);
  });

  it('loads customer accounts through begin and success, with a Bearer token, and resets them', async () => {
    const answer = deferred<Response>();
    const fetchStub = stubFetch({ '/api/customers/customerAccounts': () => answer.promise });
    const store = setupStore({ auth: new TokenAuth() });
    attachDataState(store.dispatch);

    const request = store.dispatch(reportsApi.endpoints.getCustomerAccounts.initiate(undefined));
    await vi.waitFor(() => expect(store.getState().customers.isLoading).toBe(true));
    expect(store.getState().callsInProgress).toBe(1);
    answer.resolve(jsonResponse(ACCOUNTS));
    await request;

    expect(store.getState().customers).toEqual({ isLoading: false, error: null, customerAccounts: ACCOUNTS });
    expect(store.getState().callsInProgress).toBe(0);
    const headers = new Headers(fetchStub.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer access-token-1');

    store.dispatch(customersReset());
    expect(store.getState().customers.customerAccounts).toEqual([]);
  });

  it('stores the 400 response text as the error of a load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch({ '/api/reports/reportNodes': () => new Response('bad catalog request', { status: 400 }) });
    const store = setupStore({ auth: new TokenAuth() });
    attachDataState(store.dispatch);

    await store.dispatch(reportsApi.endpoints.getReportNodes.initiate('en'));

    expect(store.getState().reports).toMatchObject({ isLoading: false, error: 'bad catalog request' });
  });

  it("stores 'Network response was not ok.' for any other failure and logs it", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch({ '/api/embedpbi/GetPbiReportsInfoForUserAsync': () => new Response('', { status: 503 }) });
    const store = setupStore({ auth: new TokenAuth() });
    attachDataState(store.dispatch);

    await store.dispatch(embeddedReportsApi.endpoints.getUserReports.initiate(undefined));

    expect(store.getState().pbiReportsForUsers.error).toBe('Network response was not ok.');
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('GetPbiReportsInfoForUserAsync'));
  });

  it("stores 'Access token not acquired' when no token can be had, without calling the server", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchStub = stubFetch({});
    const auth = new TokenAuth();
    auth.token = null;
    const store = setupStore({ auth });
    attachDataState(store.dispatch);

    await store.dispatch(
      embeddedReportsApi.endpoints.getEmbedInfo.initiate({ workspaceId: 'w', reportId: 'r' }),
    );

    expect(store.getState().embedInfo.error).toBe('Access token not acquired');
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('counts every BEGIN_ action up and every END_ action down', () => {
    const store = setupStore();
    store.dispatch(apiCallBegan({ name: 'a' }));
    store.dispatch(apiCallBegan({ name: 'b' }));
    store.dispatch(apiCallEnded({ name: 'a', ok: true }));
    expect(store.getState().callsInProgress).toBe(1);
  });

  it('saves only the accepted welcome flag under the key state, and restores it', () => {
    setupStore().dispatch(welcomeMessageAccepted());
    expect(JSON.parse(localStorage.getItem('state') ?? '{}')).toEqual({ welcomeMessageAccepted: true });
    expect(setupStore().getState().welcomeMessageAccepted).toBe(true);
  });

  it('clears the customer accounts on sign-out', async () => {
    stubFetch({ '/api/customers/customerAccounts': () => jsonResponse(ACCOUNTS) });
    const store = setupStore({ auth: new TokenAuth() });
    attachDataState(store.dispatch);
    await store.dispatch(reportsApi.endpoints.getCustomerAccounts.initiate(undefined));

    store.dispatch(loggedOut());

    expect(store.getState().customers.customerAccounts).toEqual([]);
  });
});
