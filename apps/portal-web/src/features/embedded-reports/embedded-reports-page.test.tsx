import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Oidc from 'oidc-client-ts';
import { FakeUserManager } from '../../test/fake-user-manager';
import { jsonResponse, sentBody, stubPortal } from '../../test/http';
import { renderApp } from '../../test/render';
import { makeUser } from '../../test/users';
import { isUnavailable, retryDelay } from './hooks/use-retry-while-unavailable';
import { refreshDelay, TOKEN_REFRESH_MARGIN_MS } from './model';

vi.mock('oidc-client-ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Oidc>()),
  UserManager: (await import('../../test/fake-user-manager')).FakeUserManager,
}));

const REPORTS = [
  { workspaceId: 'ws-1', reportId: 'fleet-overview', reportName: 'Fleet overview' },
  { workspaceId: 'ws-1', reportId: 'toner-usage', reportName: 'Toner usage' },
];

const EMBED_INFO = {
  embedReport: [
    { reportId: 'toner-usage', embedUrl: 'http://localhost:4402/reportEmbed?reportId=toner-usage' },
  ],
  embedToken: {
    token: 'embed-token',
    tokenId: 't1',
    expiration: new Date(Date.now() + 3_600_000).toISOString(),
  },
};

function stubEmbedded(reports = REPORTS) {
  return stubPortal(
    { enableEmbeddedPowerBi: true },
    {
      '/api/embedpbi/GetPbiReportsInfoForUserAsync': () => jsonResponse(reports),
      '/api/embedpbi/GetPbiEmbedInfoForUserAsync': () => jsonResponse(EMBED_INFO),
    },
  );
}

// The page is lazy: transform it once up front, so the first test's waits do not pay for that.
beforeAll(async () => {
  await import('./components/embedded-reports-page');
}, 30_000);

beforeEach(() => {
  FakeUserManager.storedUser = makeUser();
});

describe('the embedded reports page', () => {
  it('lists the user’s reports under Reports and asks for a choice', async () => {
    stubEmbedded();
    renderApp({ route: '/EmbeddedReports' });

    const sidebar = await screen.findByRole('navigation', { name: 'Reports' });
    expect(sidebar).toHaveTextContent('Fleet overview');
    expect(sidebar).toHaveTextContent('Toner usage');
    expect(screen.getByText('Choose a report from the list to open it.')).toBeInTheDocument();
  });

  it('says so when the user has no reports, and when they will appear', async () => {
    stubEmbedded([]);
    renderApp({ route: '/EmbeddedReports' });
    expect(await screen.findByText('No analytics reports yet')).toBeInTheDocument();
    // Reports are shared per account: the page says why the list is empty and what will change it.
    expect(
      screen.getByText(
        'Analytics reports appear here once they are shared with one of your customer accounts.',
      ),
    ).toBeInTheDocument();
  });

  it('fetches the embed info of the chosen report and embeds it in a frame named after it', async () => {
    const fetchStub = stubEmbedded();
    const { user, store } = renderApp({ route: '/EmbeddedReports' });

    await user.click(await screen.findByRole('button', { name: 'Toner usage' }));

    await waitFor(() => expect(document.querySelector('iframe')).not.toBeNull());
    expect(document.querySelector('iframe')?.src).toContain('reportId=toner-usage');
    await waitFor(() => expect(document.querySelector('iframe')?.title).toBe('Toner usage'));
    expect(sentBody(fetchStub, '/api/embedpbi/GetPbiEmbedInfoForUserAsync')).toEqual({
      workspaceId: 'ws-1',
      reportId: 'toner-usage',
      language: 'en',
    });
    // The list is asked for in the UI language, so report names come in it.
    const listed = fetchStub.mock.calls.map(([input]) =>
      String(input instanceof Request ? input.url : input),
    );
    expect(listed.some((url) => url.includes('GetPbiReportsInfoForUserAsync?language=en'))).toBe(true);
    expect(store.getState().embedInfo.embedToken.token).toBe('embed-token');
  });

  it('shows the fullscreen button on Ctrl+Alt+F and hides it after 3 seconds', async () => {
    stubEmbedded();
    const { user } = renderApp({ route: '/EmbeddedReports' });
    await user.click(await screen.findByRole('button', { name: 'Fleet overview' }));
    await waitFor(() => expect(document.querySelector('iframe')).not.toBeNull());

    vi.useFakeTimers();
    fireEvent.keyDown(window, { key: 'f', ctrlKey: true, altKey: true });
    expect(screen.getByRole('button', { name: 'Full screen' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByRole('button', { name: 'Full screen' })).not.toBeInTheDocument();
  });

  it('renews the embed token before it expires', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(refreshDelay('2030-01-01T01:00:00Z', now)).toBe(3_600_000 - TOKEN_REFRESH_MARGIN_MS);
    expect(refreshDelay('2030-01-01T00:00:01Z', now)).toBe(10_000);
  });

  it('says the analytics service is unavailable and shows the reports by itself once it is back', async () => {
    let analyticsUp = false;
    const unavailable = () =>
      jsonResponse(
        { message: 'The analytics service cannot be reached; try again.', code: 'ANALYTICS_UNAVAILABLE' },
        503,
      );
    stubPortal(
      { enableEmbeddedPowerBi: true },
      {
        '/api/embedpbi/GetPbiReportsInfoForUserAsync': () =>
          analyticsUp ? jsonResponse(REPORTS) : unavailable(),
        '/api/embedpbi/GetPbiEmbedInfoForUserAsync': () =>
          analyticsUp ? jsonResponse(EMBED_INFO) : unavailable(),
      },
    );
    renderApp({ route: '/EmbeddedReports' });

    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('The analytics service is not available right now.');
    expect(screen.queryByRole('button', { name: 'Fleet overview' })).not.toBeInTheDocument();

    analyticsUp = true;
    const sidebar = await screen.findByRole('navigation', { name: 'Reports' });
    await waitFor(() => expect(sidebar).toHaveTextContent('Fleet overview'), { timeout: 5000 });
    expect(screen.queryByText(/analytics service is not available/)).not.toBeInTheDocument();
  });

  it('keeps trying a report whose embed token the analytics service cannot make yet, then embeds it', async () => {
    let analyticsUp = false;
    stubPortal(
      { enableEmbeddedPowerBi: true },
      {
        '/api/embedpbi/GetPbiReportsInfoForUserAsync': () => jsonResponse(REPORTS),
        '/api/embedpbi/GetPbiEmbedInfoForUserAsync': () =>
          analyticsUp ? jsonResponse(EMBED_INFO) : jsonResponse({ message: 'Bad gateway' }, 502),
      },
    );
    const { user } = renderApp({ route: '/EmbeddedReports' });
    await user.click(await screen.findByRole('button', { name: 'Toner usage' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The analytics service is not available');

    analyticsUp = true;
    await waitFor(() => expect(document.querySelector('iframe')).not.toBeNull(), { timeout: 5000 });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('retries after 2 s, doubling to 30 s, and only what may pass by itself', () => {
    expect([0, 1, 2, 3, 4, 5].map(retryDelay)).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(isUnavailable({ status: 503, code: 'ANALYTICS_UNAVAILABLE' })).toBe(true);
    expect(isUnavailable({ status: 'FETCH_ERROR' })).toBe(true);
    expect(isUnavailable({ status: 504, code: null })).toBe(true);
    expect(isUnavailable({ status: 403, code: 'FORBIDDEN' })).toBe(false);
    expect(isUnavailable({ status: 404, code: 'NOT_FOUND' })).toBe(false);
    expect(isUnavailable({ status: 500, code: 'INTERNAL' })).toBe(false);
  });

  it('asks a visitor who is not signed in to sign in', async () => {
    FakeUserManager.storedUser = null;
    stubEmbedded();
    renderApp({ route: '/EmbeddedReports' });
    expect(
      await screen.findByRole('heading', { name: 'Please sign in to see this page.' }),
    ).toBeInTheDocument();
  });
});
