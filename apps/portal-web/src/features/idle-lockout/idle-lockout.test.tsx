import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as Oidc from 'oidc-client-ts';
import { AppProviders } from '../../app/providers';
import { setupStore } from '../../app/store';
import { createStaticI18n } from '../../lib/i18n';
import { FakeUserManager } from '../../test/fake-user-manager';
import { stubPortal } from '../../test/http';
import { renderApp } from '../../test/render';
import { makeUser } from '../../test/users';
import IdleWarningDialog from './components/idle-warning-dialog';
import { staySignedInChosen } from './slice';
import polish from '../../../public/locales/pl/translation.json';
import russian from '../../../public/locales/ru/translation.json';

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
    const warning = await vi.waitFor(() => screen.getByRole('dialog', { name: 'Are you still there?' }));
    expect(warning).toHaveAccessibleDescription(
      'You will be signed out in 1 minute because you have been inactive.',
    );
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

  it('with a timeout under a minute, warns at once and counts the seconds down', async () => {
    const { store } = await signedInWithTimeout(12);
    const restartedAt = Date.now();

    const warning = await vi.waitFor(() => screen.getByRole('dialog', { name: 'Are you still there?' }));
    const message = () => warning.querySelector('#idle-message')?.textContent;
    expect(message()).toMatch(/^You will be signed out in 1[12] seconds because you have been inactive\.$/);
    await act(async () => vi.advanceTimersByTime(restartedAt + 11_001 - Date.now()));
    expect(message()).toBe('You will be signed out in 1 second because you have been inactive.');
    expect(store.getState().authentication.account).not.toBeNull();

    await act(async () => vi.advanceTimersByTime(1_000));
    expect(store.getState().authentication.account).toBeNull();
  });
});

describe('the idle warning', () => {
  function renderWarning(language: string, resources: object, secondsLeft: number) {
    // The clock stands still, so a slow render on a busy machine cannot turn 25 seconds into 24.
    vi.useFakeTimers({ toFake: ['Date'] });
    const i18n = createStaticI18n({ [language]: { translation: resources } }, language);
    render(
      <AppProviders store={setupStore()} i18n={i18n}>
        <IdleWarningDialog signOutAt={Date.now() + secondsLeft * 1000} onSignOut={vi.fn()} onStay={vi.fn()} />
      </AppProviders>,
    );
    return screen.findByRole('dialog');
  }

  it.each([
    [5, 'Nastąpi wylogowanie za 5 sekund z powodu braku aktywności.'],
    [3, 'Nastąpi wylogowanie za 3 sekundy z powodu braku aktywności.'],
    [1, 'Nastąpi wylogowanie za 1 sekundę z powodu braku aktywności.'],
    [60, 'Nastąpi wylogowanie za 1 minutę z powodu braku aktywności.'],
  ])('says in Polish how much time is left (%i s) with the unit in the right form', async (seconds, text) => {
    expect(await renderWarning('pl', polish, seconds)).toHaveAccessibleDescription(text);
  });

  it.each([
    [21, 'Из-за бездействия вы будете отключены через 21 секунду.'],
    [22, 'Из-за бездействия вы будете отключены через 22 секунды.'],
    [25, 'Из-за бездействия вы будете отключены через 25 секунд.'],
  ])(
    'says in Russian how much time is left (%i s) with the unit in the right form',
    async (seconds, text) => {
      expect(await renderWarning('ru', russian, seconds)).toHaveAccessibleDescription(text);
    },
  );
});
