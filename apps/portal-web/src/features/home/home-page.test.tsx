import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Oidc from 'oidc-client-ts';
import { FakeUserManager } from '../../test/fake-user-manager';
import { jsonResponse, stubPortal } from '../../test/http';
import { renderApp } from '../../test/render';
import { makeUser } from '../../test/users';
import type { HomeSummary } from './model';

vi.mock('oidc-client-ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Oidc>()),
  UserManager: (await import('../../test/fake-user-manager')).FakeUserManager,
}));

beforeAll(async () => {
  await import('./components/signed-in-home');
}, 30_000);

const SUMMARY: HomeSummary = {
  user: { name: 'Ada Lovelace', email: 'ada@example.com', previousVisitAt: '2026-11-20T09:30:00Z' },
  accounts: [
    { databaseName: 'contoso_emea', accountName: 'Contoso EMEA', customerName: 'Contoso Ltd' },
    { databaseName: 'northwind', accountName: 'Northwind', customerName: 'northwind' },
  ],
  reports: {
    count: 9,
    addedSinceLastVisit: 1,
    updatedAt: '2026-11-26T00:00:00Z',
    updatedSinceLastVisit: true,
    latest: [
      {
        name: 'Weekly page volume',
        description: 'Pages per printer and week.',
        nodeId: 3,
        folder: 'Usage',
        addedAt: '2026-11-25T10:00:00Z',
        isNew: true,
      },
      {
        name: 'Device inventory',
        description: 'Every printer with its model.',
        nodeId: 2,
        folder: 'Inventory',
        addedAt: '2026-01-01T10:00:00Z',
        isNew: false,
      },
    ],
  },
  embeddedReports: {
    available: true,
    reports: [{ workspaceId: 'w', reportId: 'r', reportName: 'Fleet overview' }],
  },
};

describe('the home page', () => {
  it('signed out, says what the portal offers, naming the vendor, with one sign-in action in the page', async () => {
    FakeUserManager.storedUser = null;
    stubPortal({});
    const { user } = renderApp();

    expect(
      await screen.findByRole('heading', { name: 'Welcome to the customer portal' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^The customer portal of Acme Software:/)).toBeInTheDocument();
    for (const offer of ['Reports', 'Analytics', 'Downloads'])
      expect(screen.getByRole('heading', { name: offer, level: 2 })).toBeInTheDocument();
    const main = screen.getByRole('main');
    const action = within(main).getByRole('button', { name: 'Sign in to the portal' });
    expect(within(main).getAllByRole('button')).toEqual([action]);

    await user.click(action);
    await vi.waitFor(() => expect(FakeUserManager.latest().signinPopup).toHaveBeenCalled());
  });

  it('signed in, greets the user by name and shows their accounts by name, what is new and shortcuts', async () => {
    FakeUserManager.storedUser = makeUser();
    const fetchStub = stubPortal(
      { enableEmbeddedPowerBi: true },
      { '/api/home': () => jsonResponse(SUMMARY) },
    );
    renderApp();

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada Lovelace' })).toBeInTheDocument();
    const call = fetchStub.mock.calls.find(([input]) => String(input).startsWith('/api/home'));
    expect(String(call?.[0])).toBe('/api/home?language=en');
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toMatch(/^Bearer /);

    const accounts = await screen.findByRole('region', { name: 'Your customer accounts' });
    const names = within(accounts)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(names).toEqual([
      ['Contoso EMEA (Contoso Ltd)', '/reports?account=contoso_emea'],
      ['Northwind', '/reports?account=northwind'],
    ]);
    expect(accounts).not.toHaveTextContent('northwind');

    const news = screen.getByRole('region', { name: 'Since your last visit' });
    expect(news).toHaveTextContent('New reports: 1');
    expect(news).toHaveTextContent('Every report holds new data');

    const reports = screen.getByRole('region', { name: 'Latest reports' });
    expect(within(reports).getByRole('link', { name: 'Weekly page volume' })).toHaveAttribute(
      'href',
      '/reports?account=contoso_emea&folder=3',
    );
    expect(within(reports).getAllByText('New')).toHaveLength(1);
    expect(reports).toHaveTextContent('Pages per printer and week.');
    expect(within(reports).getByRole('link', { name: 'All reports (9)' })).toHaveAttribute(
      'href',
      '/reports',
    );

    const embedded = screen.getByRole('region', { name: 'Embedded reports' });
    expect(embedded).toHaveTextContent('Fleet overview');
    expect(within(embedded).getByRole('link', { name: 'Fleet overview' })).toHaveAttribute(
      'href',
      '/EmbeddedReports',
    );
    const installers = screen.getByRole('region', { name: 'Installers' });
    expect(
      within(installers).getByRole('link', { name: 'Download the control panel upgrade' }),
    ).toHaveAttribute('href', '/ControlPanelUpgrade/');
    // The name is in the header too, not only in the sign-out button's tooltip.
    expect(screen.getByRole('banner')).toHaveTextContent('Ada Lovelace');
  });

  it('on a first visit says so, and without an account says whom to ask', async () => {
    FakeUserManager.storedUser = makeUser();
    stubPortal(
      {},
      {
        '/api/home': () =>
          jsonResponse({
            ...SUMMARY,
            user: { ...SUMMARY.user, previousVisitAt: null },
            accounts: [],
            reports: { ...SUMMARY.reports, count: 0, latest: [], addedSinceLastVisit: 0 },
            embeddedReports: null,
          }),
      },
    );
    renderApp();

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeInTheDocument();
    expect(await screen.findByText('This is your first visit: have a look around.')).toBeInTheDocument();
    expect(screen.getByText(/Ask your contact at Acme Software to add you\./)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Embedded reports' })).not.toBeInTheDocument();
  });

  it('shows a failed summary in the user’s words, with a retry that loads it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    FakeUserManager.storedUser = makeUser();
    let healthy = false;
    stubPortal(
      {},
      { '/api/home': () => (healthy ? jsonResponse(SUMMARY) : new Response('', { status: 503 })) },
    );
    const { user } = renderApp();

    expect(await screen.findByRole('alert')).toHaveTextContent('Your overview could not be loaded');
    healthy = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Latest reports' })).toBeInTheDocument();
  });
});
