import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Oidc from 'oidc-client-ts';
import { staySignedInChosen } from '../features/idle-lockout/slice';
import { readSignInNotice } from '../lib/sign-in-notice';
import { FakeUserManager } from '../test/fake-user-manager';
import { jsonResponse, stubPortal } from '../test/http';
import { renderApp } from '../test/render';
import { makeUser } from '../test/users';

vi.mock('oidc-client-ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Oidc>()),
  UserManager: (await import('../test/fake-user-manager')).FakeUserManager,
}));

beforeEach(() => sessionStorage.clear());

describe('signing in again after a lock-out or a sign-in-only page', () => {
  it('says the user was signed out for inactivity, and signing in returns to the same page and search', async () => {
    FakeUserManager.storedUser = makeUser();
    stubPortal({ maximumIdleTimeoutForLockoutInSeconds: 900 }, { '/api/home': () => jsonResponse({}) });
    const { store, router, user } = renderApp({ route: '/about?tab=2' });
    await screen.findByRole('button', { name: 'Sign out' });
    await import('../features/idle-lockout/components/idle-warning-dialog');
    vi.useFakeTimers();
    act(() => store.dispatch(staySignedInChosen()));
    await act(async () => vi.advanceTimersByTime(900_000));
    vi.useRealTimers();

    expect(store.getState().authentication.account).toBeNull();
    expect(readSignInNotice()).toEqual({ reason: 'idleLockout', returnTo: '/about?tab=2', idleSeconds: 900 });
    // The identity provider's sign-out brings the user back home; the notice is still there.
    await act(() => router.navigate('/'));
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(
      'You were signed out after 15 minutes without activity. Sign in again to return to where you were.',
    );

    FakeUserManager.latest().signinPopup.mockResolvedValueOnce(makeUser());
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    expect(router.state.location.search).toBe('?tab=2');
    expect(readSignInNotice()).toBeNull();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor of the control panel upgrade home, saying it needs a sign-in, then back', async () => {
    FakeUserManager.storedUser = null;
    stubPortal({});
    const { router, user } = renderApp({ route: '/ControlPanelUpgrade/' });

    const notice = await screen.findByRole('status');
    expect(router.state.location.pathname).toBe('/');
    expect(notice).toHaveTextContent(
      'Control panel upgrade needs a sign-in. Sign in and you will be taken there.',
    );
    // As oidc-client-ts does, the user is announced (userLoaded) before the popup sign-in returns.
    FakeUserManager.whenBuilt = (manager) =>
      manager.signinPopup.mockImplementationOnce(async () => {
        const signedIn = manager.load(makeUser());
        await new Promise((resolve) => setTimeout(resolve, 50));
        return signedIn;
      });
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/ControlPanelUpgrade/'));
  });

  it('can be dismissed', async () => {
    FakeUserManager.storedUser = null;
    stubPortal({});
    const { user } = renderApp({ route: '/ControlPanelUpgrade/' });
    await screen.findByRole('status');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(readSignInNotice()).toBeNull();
  });
});
