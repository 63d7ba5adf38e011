import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as Oidc from 'oidc-client-ts';
import { FakeUserManager } from '../test/fake-user-manager';
import { stubPortal } from '../test/http';
import { renderApp } from '../test/render';
import { makeUser } from '../test/users';

vi.mock('oidc-client-ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Oidc>()),
  UserManager: (await import('../test/fake-user-manager')).FakeUserManager,
}));

const WELCOME = { showWelcomeMessage: true, welcomeMessage: ['First paragraph.', 'Second paragraph.'] };

describe('the welcome dialog', () => {
  it('shows the title and paragraphs, ignores a backdrop click, and never returns once accepted', async () => {
    stubPortal(WELCOME);
    const first = renderApp();

    const dialog = await screen.findByRole('dialog', { name: 'Welcome' });
    expect(within(dialog).getByText('First paragraph.')).toBeInTheDocument();
    expect(within(dialog).getByText('Second paragraph.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Accept' })).toHaveFocus();
    // A click on a modal <dialog>'s backdrop lands on the dialog itself.
    fireEvent.click(dialog);
    // Escape: the cancel is refused; a close the browser forces anyway opens it again.
    expect(fireEvent(dialog, new Event('cancel', { cancelable: true }))).toBe(false);
    (dialog as HTMLDialogElement).close();
    await waitFor(() => expect(dialog).toHaveAttribute('open'));
    expect(screen.getByRole('dialog', { name: 'Welcome' })).toBeInTheDocument();

    await first.user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(first.store.getState().welcomeMessageAccepted).toBe(true);
    first.unmount();

    renderApp();
    await screen.findByRole('heading', { name: 'Welcome to the customer portal' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the UI language's own paragraphs, switches with the language, and falls back to the default", async () => {
    stubPortal({
      ...WELCOME,
      welcomeMessages: { de: ['Erster Absatz.', 'Zweiter Absatz.'], fr: ['Premier paragraphe.'] },
    });
    const { i18n } = renderApp();
    const dialog = await screen.findByRole('dialog', { name: 'Welcome' });
    expect(within(dialog).getByText('First paragraph.')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('de'));
    expect(within(dialog).getByText('Erster Absatz.')).toBeInTheDocument();
    expect(within(dialog).getByText('Zweiter Absatz.')).toBeInTheDocument();
    expect(within(dialog).queryByText('First paragraph.')).not.toBeInTheDocument();

    await act(() => i18n.changeLanguage('fr'));
    expect(within(dialog).getByText('Premier paragraphe.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Erster Absatz.')).not.toBeInTheDocument();

    await act(() => i18n.changeLanguage('pl'));
    expect(within(dialog).getByText('First paragraph.')).toBeInTheDocument();
    expect(within(dialog).getByText('Second paragraph.')).toBeInTheDocument();
  });

  it('does not show when the configuration does not enable it', async () => {
    stubPortal({ ...WELCOME, showWelcomeMessage: false });
    renderApp();
    await screen.findByRole('heading', { name: 'Welcome to the customer portal' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the About page', () => {
  it('shows the versions, acknowledgments, warning and the welcome text when enabled', async () => {
    stubPortal({ ...WELCOME, version: '4.2.1', schema: '17' });
    renderApp({ route: '/about' });

    expect(await screen.findByRole('heading', { name: 'About the customer portal' })).toBeInTheDocument();
    expect(screen.getByText('Product version: 4.2.1')).toBeInTheDocument();
    expect(screen.getByText('Schema version: 17')).toBeInTheDocument();
    expect(screen.getByText(/HTML parsing library/)).toBeInTheDocument();
    expect(screen.getByText(/buyers’ laboratory/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Warning' })).toBeInTheDocument();
    expect(screen.getByText(/protected by copyright law/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome message' })).toBeInTheDocument();
  });

  it("shows the welcome text in the UI language's own variant", async () => {
    stubPortal({ ...WELCOME, welcomeMessages: { de: ['Erster Absatz.'] } });
    const { i18n } = renderApp({ route: '/about' });
    await screen.findByRole('heading', { name: 'About the customer portal' });
    expect(screen.getByText('First paragraph.')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('de'));
    expect(await screen.findByText('Erster Absatz.')).toBeInTheDocument();
    expect(screen.queryByText('First paragraph.')).not.toBeInTheDocument();
  });

  it('leaves the welcome text out when the welcome message is off', async () => {
    stubPortal({ ...WELCOME, showWelcomeMessage: false });
    renderApp({ route: '/about' });
    await screen.findByRole('heading', { name: 'About the customer portal' });
    expect(screen.queryByText('First paragraph.')).not.toBeInTheDocument();
  });
});

describe('routes switched off or guarded', () => {
  it('shows page-not-found for Reports when includeReports is off', async () => {
    stubPortal({ includeReports: false });
    renderApp({ route: '/reports' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('asks a visitor to sign in on Reports when it is on', async () => {
    stubPortal({ includeReports: true });
    renderApp({ route: '/reports' });
    expect(
      await screen.findByRole('heading', { name: 'Please sign in to see this page.' }),
    ).toBeInTheDocument();
  });

  it('redirects Embedded reports home when enableEmbeddedPowerBi is off', async () => {
    stubPortal({ enableEmbeddedPowerBi: false });
    const { router } = renderApp({ route: '/EmbeddedReports' });
    await screen.findByRole('heading', { name: 'Welcome to the customer portal' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('redirects Control panel upgrade home for a visitor who is not signed in', async () => {
    stubPortal({});
    const { router } = renderApp({ route: '/ControlPanelUpgrade/' });
    await screen.findByRole('heading', { name: 'Welcome to the customer portal' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows Control panel upgrade with its extra message to a signed-in user', async () => {
    FakeUserManager.storedUser = makeUser();
    stubPortal({});
    renderApp({ route: '/ControlPanelUpgrade/' });
    expect(await screen.findByRole('heading', { name: 'Control panel upgrade' })).toBeInTheDocument();
    expect(screen.getByText(/upgrade an existing control panel/)).toBeInTheDocument();
  });
});
