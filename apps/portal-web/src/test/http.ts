import { vi } from 'vitest';
import { defaultClientConfiguration } from '../features/configuration/client-configuration';
import type { ClientConfiguration } from '../features/configuration/client-configuration';

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Replaces `fetch` (the network edge) with handlers by path; other paths answer 404. */
export function stubFetch(routes: Record<string, Handler>) {
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const href = input instanceof Request ? input.url : String(input);
    const url = new URL(href, window.location.origin);
    const handler = routes[url.pathname];
    return handler ? handler(url, init) : new Response('Not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

export const CONFIGURATION_PATH = '/api/configuration/clientConfiguration';

/** A configuration as the portal server sends it for the local default. */
export const sampleConfiguration: ClientConfiguration = {
  ...defaultClientConfiguration,
  clientId: 'portico-portal',
  authority: 'http://localhost:4401',
  apiScope: 'portal.api',
  vendorName: 'Acme Software',
  vendorUrl: 'https://acme.example/',
};

export function stubConfiguration(overrides: Partial<ClientConfiguration> = {}) {
  return stubFetch({ [CONFIGURATION_PATH]: () => jsonResponse({ ...sampleConfiguration, ...overrides }) });
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type Routes = Parameters<typeof stubFetch>[0];

/** The configuration (with overrides) plus more API routes, all at the fetch edge. */
export function stubPortal(overrides: Partial<ClientConfiguration>, routes: Routes = {}) {
  return stubFetch({
    [CONFIGURATION_PATH]: () => jsonResponse({ ...sampleConfiguration, ...overrides }),
    ...routes,
  });
}

/** The body a stubbed call was sent with, parsed as JSON. */
export function sentBody(fetchStub: ReturnType<typeof stubFetch>, path: string): unknown {
  const call = fetchStub.mock.calls.find(([input]) => new URL(String(input), 'http://x').pathname === path);
  return JSON.parse(String(call?.[1]?.body ?? 'null'));
}
