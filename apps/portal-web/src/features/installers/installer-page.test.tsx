import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubPortal } from '../../test/http';
import { renderApp } from '../../test/render';

// The page is loaded lazily; transforming it once up front keeps that out of the first test's waits.
beforeAll(async () => {
  await import('./components/installer-page');
}, 30_000);

const INSTALLER = '/api/download/dcainstaller';

function installerResponse(bytes: Uint8Array<ArrayBuffer>): Response {
  return new Response(bytes, {
    headers: {
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': `attachment; filename="portico-dca-x86-de.exe"`,
    },
  });
}

describe('the installer pages', () => {
  it('preselects the current language and the configured platform', async () => {
    stubPortal({ is64Bit: false });
    renderApp({ route: '/DcaInstaller/KEY-1' });

    expect(
      await screen.findByRole('heading', { name: 'Data collection agent installer' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Installer language' })).toHaveValue('en');
    expect(screen.getByRole('combobox', { name: 'Platform' })).toHaveValue('x86');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(
      expect.arrayContaining(['English', 'Deutsch', '日本語', '32-bit', '64-bit']),
    );
  });

  it('downloads the chosen installer with the key, platform and language, and saves it', async () => {
    const createObjectURL = vi.fn(() => 'blob:installer');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const fetchStub = stubPortal(
      {},
      { '/api/download/controlPanelinstaller': () => installerResponse(new Uint8Array([1, 2, 3])) },
    );
    const { user } = renderApp({ route: '/ControlPanelInstaller/KEY-2' });

    await screen.findByRole('heading', { name: 'Control panel installer' });
    fetchStub.mockClear();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Installer language' }), 'de');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Platform' }), 'x86');
    await user.click(screen.getByRole('button', { name: 'Download' }));

    expect(await screen.findByText(/portico-dca-x86-de\.exe/)).toBeInTheDocument();
    const url = new URL(String(fetchStub.mock.calls[0]?.[0]), 'http://x');
    expect(url.pathname).toBe('/api/download/controlPanelinstaller');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      accessKey: 'KEY-2',
      platform: 'x86',
      language: 'de',
    });
    expect(click).toHaveBeenCalled();
  });

  it("explains a revoked key by the server's code instead of a broken download", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubPortal(
      {},
      {
        [INSTALLER]: () =>
          jsonResponse({ message: 'The access key has been revoked.', code: 'ACCESS_KEY_REVOKED' }, 403),
      },
    );
    const { user } = renderApp({ route: '/DcaInstaller/OLD' });

    await user.click(await screen.findByRole('button', { name: 'Download' }));

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'The installer could not be downloaded: The access key has been revoked. Ask your contact at the vendor',
      ),
    );
  });
});
