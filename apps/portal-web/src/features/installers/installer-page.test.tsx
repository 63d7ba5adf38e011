import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sentBody, stubPortal } from '../../test/http';
import { renderApp } from '../../test/render';
import type { ReleaseListing } from './model';

// The page is loaded lazily; transforming it once up front keeps that out of the first test's waits.
beforeAll(async () => {
  await import('./components/installer-page');
}, 30_000);

const SHA_OLD = 'a'.repeat(64);
const SHA_NEW = 'b'.repeat(64);
const SHA_PREVIEW = 'c'.repeat(64);

const LISTING: ReleaseListing = {
  installee: 'dca',
  channels: ['stable', 'preview'],
  releases: [
    {
      version: '2.5.0-beta.1',
      channel: 'preview',
      publishedAt: '2026-11-20T10:00:00.000Z',
      notes: { en: 'Preview notes' },
      files: [
        {
          platform: 'x64',
          language: '*',
          fileName: 'PorticoDCA-2.5.0-beta.1-x64.msi',
          size: 1,
          sha256: SHA_PREVIEW,
        },
      ],
      checksums: `${SHA_PREVIEW}  PorticoDCA-2.5.0-beta.1-x64.msi\n`,
      signature: 'AQID',
    },
    {
      version: '2.4.0',
      channel: 'stable',
      publishedAt: '2026-10-26T10:00:00.000Z',
      notes: {
        en: '### New\n\n- Proxy support\n- <script>alert(1)</script> stays text',
        de: '### Neu\n\n- Proxy-Unterstützung',
      },
      files: [
        {
          platform: 'x86',
          language: '*',
          fileName: 'PorticoDCA-2.4.0-x86.msi',
          size: 2_500_000,
          sha256: SHA_OLD,
        },
        {
          platform: 'x64',
          language: '*',
          fileName: 'PorticoDCA-2.4.0-x64.msi',
          size: 3_145_728,
          sha256: SHA_NEW,
        },
      ],
      checksums: `${SHA_NEW}  PorticoDCA-2.4.0-x64.msi\n${SHA_OLD}  PorticoDCA-2.4.0-x86.msi\n`,
      signature: 'AQID',
    },
  ],
};

const RELEASES = '/api/download/dca/releases';

describe('the installer pages', () => {
  it('checks the key as the page opens and shows its refusal at once, without a download form', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubPortal(
      {},
      {
        [RELEASES]: () =>
          jsonResponse({ message: 'The access key has been revoked.', code: 'ACCESS_KEY_REVOKED' }, 403),
      },
    );
    renderApp({ route: '/DcaInstaller/OLD' });

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'This installer page cannot be used: The access key has been revoked.',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
  });

  it('does not call the page unusable when the server failed, and lists the versions on a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let healthy = false;
    stubPortal(
      {},
      {
        [RELEASES]: () =>
          healthy ? jsonResponse(LISTING) : jsonResponse({ message: 'boom', code: 'INTERNAL' }, 500),
      },
    );
    const { user } = renderApp({ route: '/DcaInstaller/K3Y' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The list of versions could not be loaded: Something went wrong on the server. Try again in a moment.',
    );
    expect(alert).not.toHaveTextContent('cannot be used');
    healthy = true;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Download' })).toBeInTheDocument();
  });

  it('preselects the newest stable version, the current language and the configured platform', async () => {
    const fetchStub = stubPortal({ is64Bit: false }, { [RELEASES]: () => jsonResponse(LISTING) });
    renderApp({ route: '/DcaInstaller/KEY-1' });

    expect(await screen.findByRole('combobox', { name: 'Version' })).toHaveValue('2.4.0');
    expect(screen.getByRole('combobox', { name: 'Installer language' })).toHaveValue('en');
    expect(screen.getByRole('combobox', { name: 'Platform' })).toHaveValue('x86');
    expect(
      within(screen.getByRole('combobox', { name: 'Version' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2.5.0-beta.1 (Preview)', '2.4.0 (Stable, latest)']);
    expect(screen.getByText('PorticoDCA-2.4.0-x86.msi')).toBeInTheDocument();
    expect(screen.getByText('2.5 MB')).toBeInTheDocument();
    expect(screen.getByTestId('installer-sha256')).toHaveTextContent(SHA_OLD);
    const called = new URL(
      String(fetchStub.mock.calls.find(([u]) => String(u).includes('releases'))?.[0]),
      'http://x',
    );
    expect(called.searchParams.get('accessKey')).toBe('KEY-1');
  });

  it('shows the version history with notes as text, never as markup', async () => {
    stubPortal({}, { [RELEASES]: () => jsonResponse(LISTING) });
    renderApp({ route: '/DcaInstaller/KEY-1' });

    const history = await screen.findByRole('region', { name: 'Version history' });
    expect(within(history).getByRole('heading', { name: '2.4.0' })).toBeInTheDocument();
    expect(within(history).getByRole('heading', { name: 'New' })).toBeInTheDocument();
    expect(within(history).getByText('<script>alert(1)</script> stays text')).toBeInTheDocument();
    expect(document.querySelector('script:not([src])')).toBeNull();
    expect(within(history).getByText('Preview notes')).toBeInTheDocument();
  });

  it('asks for a short-lived link for the chosen version, platform and language and lets the browser download it', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const fetchStub = stubPortal(
      {},
      {
        [RELEASES]: () => jsonResponse(LISTING),
        '/api/download/dca/link': () =>
          jsonResponse({
            url: '/api/download/file?token=v1.abc.def',
            expiresAt: '2026-11-26T20:00:00.000Z',
            fileName: 'PorticoDCA-2.5.0-beta.1-x64.msi',
            size: 1,
            sha256: SHA_PREVIEW,
          }),
      },
    );
    const { user } = renderApp({ route: '/DcaInstaller/KEY-2' });

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Version' }), '2.5.0-beta.1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Installer language' }), 'de');
    await user.click(screen.getByRole('button', { name: 'Download' }));

    expect(
      await screen.findByText(/The download of PorticoDCA-2\.5\.0-beta\.1-x64\.msi has started/),
    ).toBeVisible();
    expect(sentBody(fetchStub, '/api/download/dca/link')).toEqual({
      accessKey: 'KEY-2',
      version: '2.5.0-beta.1',
      platform: 'x64',
      language: 'de',
    });
    const anchor = click.mock.contexts.at(-1) as HTMLAnchorElement;
    expect(anchor.getAttribute('href')).toBe('/api/download/file?token=v1.abc.def');
  });

  it('saves the SHA256SUMS file of the chosen version as it was published', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:sums');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    stubPortal({}, { [RELEASES]: () => jsonResponse(LISTING) });
    const { user } = renderApp({ route: '/DcaInstaller/KEY-1' });

    await user.click(await screen.findByRole('button', { name: 'SHA256SUMS' }));
    const blob = createObjectURL.mock.calls[0]?.[0];
    expect(await blob?.text()).toBe(LISTING.releases[1]?.checksums);
    expect(screen.getByRole('heading', { name: 'How to verify' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'openssl pkeyutl -verify -pubin -inkey portico-release-key.pem -rawin -in SHA256SUMS -sigfile SHA256SUMS.sig',
      ),
    ).toBeInTheDocument();
  });
});
