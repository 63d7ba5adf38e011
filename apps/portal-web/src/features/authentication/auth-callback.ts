import type { UserManager } from 'oidc-client-ts';

/** What main.tsx does after the callback check: start the portal, or stay a bare child window. */
export type AuthCallbackOutcome = 'render-app' | 'child-window';

const RESPONSE_PARAMETERS = [
  'code',
  'state',
  'error',
  'error_description',
  'error_uri',
  'session_state',
  'iss',
];

/**
 * The callbacks only read the response URL and the request state oidc-client-ts left in localStorage,
 * then hand the URL to the window that asked (the opener or the parent); they never call the provider,
 * so they need no configuration. The window that asked validates the response.
 */
async function callbackManager(origin: string): Promise<UserManager> {
  // Only callback windows get here, so the main window's first load does not fetch oidc-client-ts.
  const { UserManager } = await import('oidc-client-ts');
  return new UserManager({
    authority: origin,
    client_id: 'portico-callback',
    redirect_uri: origin,
    automaticSilentRenew: false,
  });
}

function removeResponseParameters(win: Window, url: URL): void {
  for (const name of RESPONSE_PARAMETERS) url.searchParams.delete(name);
  win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * Runs before React renders. The identity provider returns to the page origin ('/') in three ways:
 * - in the sign-in popup with `?code=…&state=…` (or `?error=…`): hand the response to the opener — by
 *   `window.opener`, or by BroadcastChannel when the provider cut the opener off — and stay blank;
 * - in the silent-renewal iframe with the same parameters: hand it to the parent;
 * - in the main window after sign-out with `?state=…`: finish the sign-out and clean the address.
 * A response that matches no request is dropped and the portal starts normally.
 */
export async function completeAuthCallback(win: Window = window): Promise<AuthCallbackOutcome> {
  const url = new URL(win.location.href);
  const { searchParams } = url;
  if (url.pathname !== '/' || !searchParams.has('state')) return 'render-app';
  const isAuthorizationResponse = searchParams.has('code') || searchParams.has('error');
  try {
    const manager = await callbackManager(url.origin);
    if (isAuthorizationResponse && win.parent !== win) {
      await manager.signinSilentCallback(url.href);
      return 'child-window';
    }
    if (isAuthorizationResponse) {
      await manager.signinPopupCallback(url.href);
      // With an opener, the opener closes this popup; without one, oidc-client-ts closed it already —
      // unless this is no popup at all (a reloaded or bookmarked callback address).
      if (win.opener || win.closed) return 'child-window';
    } else {
      await manager.signoutRedirectCallback(url.href);
    }
  } catch (error) {
    console.warn('Ignoring an authentication response that matches no request', error);
  }
  removeResponseParameters(win, url);
  return 'render-app';
}
