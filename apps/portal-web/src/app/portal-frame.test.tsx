import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as Oidc from 'oidc-client-ts';
import { FakeUserManager } from '../test/fake-user-manager';
import {
  CONFIGURATION_PATH,
  deferred,
  jsonResponse,
  sampleConfiguration,
  stubConfiguration,
  stubFetch,
} from '../test/http';
import { renderApp } from '../test/render';
import { makeUser } from '../test/users';

vi.mock('oidc-client-ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Oidc>()),
  UserManager: (await import('../test/fake-user-manager')).FakeUserManager,
}));

async function navigationLinkNames(): Promise<string[]> {
  const navigation = await screen.findByRole('navigation', { name: 'Main navigation' });
  return within(navigation)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('the portal frame', () => {
  it('shows a progress bar until the configuration names a client id', async () => {
    const answer = deferred<Response>();
    stubFetch({ [CONFIGURATION_PATH]: () => answer.promise });
    renderApp();

    expect(
      await screen.findByRole('progressbar', { name: 'Loading the portal configuration' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome to the customer portal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();

    answer.resolve(jsonResponse(sampleConfiguration));
    expect(
      await screen.findByRole('heading', { name: 'Welcome to the customer portal' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('keeps the progress bar while the configuration has no client id', async () => {
    stubConfiguration({ clientId: '' });
    const { store } = renderApp();

    await waitFor(() => expect(store.getState().configuration.isLoading).toBe(false));
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('says so and offers a retry when the configuration cannot be loaded', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let healthy = false;
    stubFetch({
      [CONFIGURATION_PATH]: () =>
        healthy ? jsonResponse(sampleConfiguration) : new Response('down', { status: 503 }),
    });
    const { store, user } = renderApp();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The portal configuration could not be loaded.',
    );
    expect(store.getState().configuration.error).toBe('Network response was not ok.');
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(CONFIGURATION_PATH));

    healthy = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { name: 'Welcome to the customer portal' }),
    ).toBeInTheDocument();
    expect(store.getState().configuration.error).toBeNull();
  });

  it('lists Reports in the navigation only when includeReports is on', async () => {
    stubConfiguration({ includeReports: false });
    const first = renderApp();
    await screen.findByRole('button', { name: 'Sign in' });
    expect(await navigationLinkNames()).toEqual(['Home', 'About', 'Embedded reports']);
    first.unmount();

    stubConfiguration({ includeReports: true });
    renderApp();
    await screen.findByRole('button', { name: 'Sign in' });
    expect(await navigationLinkNames()).toEqual(['Home', 'Reports', 'About', 'Embedded reports']);
  });

  it('lists Control panel upgrade in the navigation only for a signed-in user', async () => {
    FakeUserManager.storedUser = makeUser();
    stubConfiguration();
    renderApp();

    await screen.findByRole('button', { name: 'Sign out' });
    expect(await navigationLinkNames()).toEqual([
      'Home',
      'About',
      'Control panel upgrade',
      'Embedded reports',
    ]);
  });

  it('marks the link of the current page', async () => {
    stubConfiguration();
    renderApp();

    const navigation = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(navigation).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(navigation).getByRole('link', { name: 'About' })).not.toHaveAttribute('aria-current');
  });

  it('shows page-not-found for a path the portal does not know', async () => {
    stubConfiguration();
    renderApp({ route: '/no/such/page' });

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText(/The page you asked for does not exist/)).toBeInTheDocument();
  });

  it('sends the configuration request without an authorization header', async () => {
    const fetchStub = stubConfiguration();
    renderApp();

    await screen.findByRole('heading', { name: 'Welcome to the customer portal' });
    const [, init] = fetchStub.mock.calls.find(([input]) => String(input) === CONFIGURATION_PATH) ?? [];
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });
});
