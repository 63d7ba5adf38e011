import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as Oidc from 'oidc-client-ts';
import { FakeUserManager } from '../../test/fake-user-manager';
import { deferred, stubConfiguration } from '../../test/http';
import { renderApp } from '../../test/render';
import { makeUser } from '../../test/users';

vi.mock('oidc-client-ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Oidc>()),
  UserManager: (await import('../../test/fake-user-manager')).FakeUserManager,
}));

describe('signing in and out', () => {
  it('offers sign-in to a visitor who is not signed in', async () => {
    stubConfiguration();
    renderApp();

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('loads the sign-in code only once the pointer is over the sign-in button', async () => {
    stubConfiguration();
    const { user } = renderApp();
    const signInButton = await screen.findByRole('button', { name: 'Sign in' });
    expect(FakeUserManager.instances).toHaveLength(0);

    await user.hover(signInButton);

    await waitFor(() => expect(FakeUserManager.instances).toHaveLength(1));
  });

  it('builds the sign-in from the configuration', async () => {
    stubConfiguration();
    const { user } = renderApp();
    await user.hover(await screen.findByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(FakeUserManager.instances).toHaveLength(1));

    const { settings } = FakeUserManager.latest();
    const origin = window.location.origin;
    expect(settings).toMatchObject({
      authority: 'http://localhost:4401',
      client_id: 'portico-portal',
      redirect_uri: origin,
      popup_redirect_uri: origin,
      post_logout_redirect_uri: origin,
      response_type: 'code',
      scope: 'openid profile portal.api',
      popupWindowFeatures: { width: 483, height: 600 },
      silentRequestTimeoutInSeconds: 6,
      accessTokenExpiringNotificationTimeInSeconds: 300,
      automaticSilentRenew: true,
    });
    await settings.userStore?.set('probe', 'kept');
    expect(sessionStorage.getItem('oidc.probe')).toBe('kept');
  });

  it('shows a sign-out button whose tooltip names the signed-in user', async () => {
    FakeUserManager.storedUser = makeUser({
      accessTokenClaims: { name: 'Ada Lovelace', email: 'ada@example.com', preferred_username: 'ada' },
    });
    stubConfiguration();
    const { user } = renderApp();

    // The button comes with its tooltip in a lazily loaded chunk.
    const signOut = await screen.findByRole('button', { name: 'Sign out' });
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    await user.hover(signOut);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('ada');
  });

  it('moves to home while the sign-in popup runs and returns to the previous location afterwards', async () => {
    stubConfiguration();
    const { router, store, user } = renderApp({ route: '/about?section=team#people' });
    const signInButton = await screen.findByRole('button', { name: 'Sign in' });
    const popup = deferred<Oidc.User>();
    FakeUserManager.whenBuilt = (manager) => manager.signinPopup.mockReturnValueOnce(popup.promise);

    await user.click(signInButton);

    const manager = FakeUserManager.latest();
    await waitFor(() => expect(manager.signinPopup).toHaveBeenCalledWith({ popupAbortOnClose: true }));
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('heading', { name: 'Signing in…' })).toBeInTheDocument();
    expect(store.getState().authentication.isLoggingIn).toBe(true);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();

    popup.resolve(manager.load(makeUser()));

    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({
      pathname: '/about',
      search: '?section=team',
      hash: '#people',
    });
    expect(store.getState().authentication).toMatchObject({
      isLoggingIn: false,
      error: null,
      account: {
        userName: 'ada',
        name: 'Ada Lovelace',
        accountIdentifier: 'user-1001',
        environment: 'localhost:4401',
      },
    });
  });

  it('records the error and offers sign-in again when the popup sign-in fails', async () => {
    stubConfiguration();
    const { store, user, router } = renderApp({ route: '/about' });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(store.getState().authentication.error).toBe('Popup closed by user'));
    expect(store.getState().authentication.isLoggingIn).toBe(false);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/about');
  });

  it('signs out here and at the identity provider', async () => {
    FakeUserManager.storedUser = makeUser();
    stubConfiguration();
    const { store, user } = renderApp();
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    const manager = FakeUserManager.latest();
    await waitFor(() =>
      expect(manager.signoutRedirect).toHaveBeenCalledWith({
        id_token_hint: 'header.id-token.signature',
        state: 'sign-out',
      }),
    );
    expect(manager.removeUser).toHaveBeenCalled();
    expect(store.getState().authentication.account).toBeNull();
  });

  it('renews an expired stored session silently', async () => {
    FakeUserManager.storedUser = makeUser({ expiresInSeconds: -60 });
    FakeUserManager.whenBuilt = (manager) => manager.signinSilent.mockResolvedValueOnce(makeUser());
    stubConfiguration();
    renderApp();

    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('treats an expired session that cannot be renewed as signed out', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    FakeUserManager.storedUser = makeUser({ expiresInSeconds: -60 });
    stubConfiguration();
    const { store } = renderApp();

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(FakeUserManager.latest().removeUser).toHaveBeenCalled();
    expect(store.getState().authentication).toMatchObject({ isLoggingIn: false, account: null });
  });

  it('explains a sign-in popup the browser blocked, and retries from the alert', async () => {
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    FakeUserManager.whenBuilt = (manager) =>
      // As oidc-client-ts does: it opens the window, finds none, and reports the popup as closed.
      manager.signinPopup.mockImplementation(async () => {
        window.open('', '_blank');
        throw new Error('Popup closed by user');
      });
    stubConfiguration();
    const { user, store } = renderApp();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(store.getState().authentication.error).toBe('popup_window_error'));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The sign-in window was blocked. Allow pop-ups for this site');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(FakeUserManager.latest().signinPopup).toHaveBeenCalledTimes(2));
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says nothing when the user closed the sign-in popup', async () => {
    stubConfiguration();
    const { store, user } = renderApp();
    FakeUserManager.whenBuilt = (manager) =>
      manager.signinPopup.mockRejectedValue(new Error('Popup closed by user'));

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(store.getState().authentication.error).toBe('Popup closed by user'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
