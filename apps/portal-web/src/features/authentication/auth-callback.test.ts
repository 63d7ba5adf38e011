import { describe, expect, it, vi } from 'vitest';
import { OidcClient } from 'oidc-client-ts';
import { completeAuthCallback } from './auth-callback';

function visit(address: string): void {
  window.history.replaceState(null, '', address);
}

describe('completeAuthCallback', () => {
  it('hands the sign-in response to the opener instead of starting the portal in the popup', async () => {
    const postMessage = vi.fn();
    vi.stubGlobal('opener', { postMessage });
    visit('/?code=abc&state=request-1');

    await expect(completeAuthCallback()).resolves.toBe('child-window');
    expect(postMessage).toHaveBeenCalledWith(
      { source: 'oidc-client', url: `${window.location.origin}/?code=abc&state=request-1`, keepOpen: false },
      window.location.origin,
    );
  });

  it('hands an error response to the opener too', async () => {
    const postMessage = vi.fn();
    vi.stubGlobal('opener', { postMessage });
    visit('/?error=access_denied&state=request-1');

    await expect(completeAuthCallback()).resolves.toBe('child-window');
    expect(postMessage).toHaveBeenCalledOnce();
  });

  it('leaves ordinary addresses alone', async () => {
    visit('/about?state=open#top');

    await expect(completeAuthCallback()).resolves.toBe('render-app');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/about?state=open#top',
    );
  });

  it('finishes a sign-out that returns to the portal and cleans the address', async () => {
    const origin = window.location.origin;
    const client = new OidcClient({
      authority: 'http://localhost:4401',
      client_id: 'portico-portal',
      redirect_uri: origin,
      metadata: {
        issuer: 'http://localhost:4401',
        end_session_endpoint: 'http://localhost:4401/session/end',
      },
    });
    const request = await client.createSignoutRequest({
      post_logout_redirect_uri: origin,
      state: 'sign-out',
    });
    const stateId = request.state?.id ?? '';
    expect(localStorage.getItem(`oidc.${stateId}`)).not.toBeNull();
    visit(`/?state=${stateId}`);

    await expect(completeAuthCallback()).resolves.toBe('render-app');
    expect(localStorage.getItem(`oidc.${stateId}`)).toBeNull();
    expect(window.location.search).toBe('');
  });

  it('drops a response that matches no request, cleans the address and starts the portal', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    visit('/?state=unknown-request');

    await expect(completeAuthCallback()).resolves.toBe('render-app');
    expect(window.location.search).toBe('');
    expect(warned).toHaveBeenCalled();
  });
});
