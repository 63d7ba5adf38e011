import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as Oidc from 'oidc-client-ts';
import { FakeUserManager } from '../../test/fake-user-manager';
import { stubPortal } from '../../test/http';
import { renderApp } from '../../test/render';
import { makeUser } from '../../test/users';
import { staySignedInChosen } from './slice';

vi.mock('oidc-client-ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Oidc>()),
  UserManager: (await import('../../test/fake-user-manager')).FakeUserManager,
}));

async function signedInWithTimeout(seconds: number) {
  FakeUserManager.storedUser = makeUser();
  stubPortal({ maximumIdleTimeoutForLockoutInSeconds: seconds });
  const view = renderApp();
  await screen.findByRole('button', { name: 'Sign out' });
  await import('./components/idle-warning-dialog');
  vi.useFakeTimers();
  // Any activity restarts the timer, now on the fake clock.
  act(() => view.store.dispatch(staySignedInChosen()));
  return view;
}

describe('the idle lock-out', () => {
  it('warns a minute before and signs the user out when the time is up', async () => {
    const { store } = await signedInWithTimeout(120);

    await act(async () => vi.advanceTimersByTime(60_000));
    // vi.waitFor moves the fake clock on by a few 50 ms steps while the dialog's code is handed over.
    await vi.waitFor(() => screen.getByRole('dialog', { name: 'Are you still there?' }));
    await act(async () => vi.advanceTimersByTime(60_000));

    expect(store.getState().authentication.account).toBeNull();
    await vi.waitFor(() => expect(FakeUserManager.latest().signoutRedirect).toHaveBeenCalled());
  });

  it('starts again when the user chooses to stay signed in', async () => {
    const { store } = await signedInWithTimeout(120);

    await act(async () => vi.advanceTimersByTime(61_000));
    const stay = await vi.waitFor(() => screen.getByRole('button', { name: 'Stay signed in' }));
    act(() => stay.click());
    act(() => vi.advanceTimersByTime(100_000));

    expect(store.getState().authentication.account).not.toBeNull();
  });

  it('restarts on every navigation', async () => {
    const { store, router } = await signedInWithTimeout(120);

    act(() => vi.advanceTimersByTime(100_000));
    await act(() => router.navigate('/about'));
    act(() => vi.advanceTimersByTime(100_000));

    expect(store.getState().authentication.account).not.toBeNull();
  });
});
