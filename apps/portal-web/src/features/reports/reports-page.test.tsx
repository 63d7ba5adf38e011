import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Oidc from 'oidc-client-ts';
import { FakeUserManager } from '../../test/fake-user-manager';
import { jsonResponse, sentBody, stubPortal } from '../../test/http';
import { renderApp } from '../../test/render';
import { makeUser } from '../../test/users';
import type { ReportNode } from './model';

vi.mock('oidc-client-ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Oidc>()),
  UserManager: (await import('../../test/fake-user-manager')).FakeUserManager,
}));

const ACCOUNTS = [
  { databaseName: 'contoso_emea', accountName: 'Contoso EMEA', customerName: 'Contoso' },
  { databaseName: 'fabrikam', accountName: 'Fabrikam', customerName: 'fabrikam' },
];

const node = (id: number, parentId: number, name: string, extra: Partial<ReportNode> = {}): ReportNode => ({
  id,
  parentId,
  name,
  title: name,
  children: [],
  viewFiles: [],
  viewFileTitles: extra.viewFiles ?? [],
  relativePath: name,
  isOffice: false,
  ...extra,
});

/** The sample's names in German, as the server answers `?language=de`. */
const GERMAN: Record<string, string> = {
  Fleet: 'Flotte',
  Devices: 'Geräte',
  Office: 'Word-Berichte',
  'Empty folder': 'Leerer Ordner',
  'Fleet summary': 'Flottenübersicht',
  'Device list': 'Geräteliste',
  'Meter reads': 'Zählerstände',
  'Executive summary': 'Zusammenfassung',
};
const inGerman = (n: ReportNode): ReportNode => ({
  ...n,
  title: GERMAN[n.name] ?? n.name,
  viewFileTitles: n.viewFiles.map((f) => GERMAN[f] ?? f),
});

const NODES: ReportNode[] = [
  node(1, -1, 'Fleet', { children: [2, 3], viewFiles: ['Fleet summary'] }),
  node(2, 1, 'Devices', { viewFiles: ['Device list', 'Meter reads'], relativePath: 'Fleet/Devices' }),
  node(3, 1, 'Office', { viewFiles: ['Executive summary'], isOffice: true, relativePath: 'Fleet/Office' }),
  node(4, -1, 'Empty folder'),
];

/** GET /api/reports/reportFiles as the server answers it: every file described and sized. */
function reportFiles(url: URL) {
  const path = url.searchParams.get('path') ?? '';
  const node = NODES.find((n) => n.relativePath === path);
  return jsonResponse({
    path,
    dataEndDate: '2026-11-25',
    updatedAt: '2026-11-26T00:00:00Z',
    sizesPending: false,
    files: (node?.viewFiles ?? []).map((name) => ({
      name,
      title: url.searchParams.get('language') === 'de' ? (GERMAN[name] ?? name) : name,
      kind: 'device-inventory',
      description: `What ${name} holds.`,
      addedAt: '2026-01-01T00:00:00Z',
      formats: node?.isOffice
        ? [{ format: 'docx', bytes: 10_400 }]
        : [
            { format: 'csv', bytes: 940_000 },
            { format: 'xml', bytes: 2_100_000 },
            { format: 'html', bytes: name === 'Meter reads' ? 12_800_000 : 1_500_000 },
          ],
    })),
  });
}

const TOKEN = { accessToken: 'download-token', expiresOn: new Date(Date.now() + 600_000).toISOString() };

function stubReports(nodes: ReportNode[] = NODES, routes: Parameters<typeof stubPortal>[1] = {}) {
  return stubPortal(
    { includeReports: true },
    {
      '/api/reports/downloadAccessToken': () => jsonResponse(TOKEN),
      '/api/customers/customerAccounts': () => jsonResponse(ACCOUNTS),
      '/api/reports/reportNodes': (url: URL) =>
        jsonResponse(url.searchParams.get('language') === 'de' ? nodes.map(inGerman) : nodes),
      '/api/reports/reportFiles': reportFiles,
      '/api/reports/downloadReport': () =>
        new Response('<h1>Report</h1>', { headers: { 'Content-Type': 'text/html' } }),
      ...routes,
    },
  );
}

// The page is lazy: transform it once up front, so the first test's waits do not pay for that.
beforeAll(async () => {
  await import('./components/reports-page');
}, 30_000);

beforeEach(() => {
  FakeUserManager.storedUser = makeUser();
  // jsdom lays nothing out: give the tree's scroll box a size so the virtualiser renders rows.
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(300);
});

describe('the reports page', () => {
  it('fetches a download token first, then preselects the first customer and the first node with reports', async () => {
    const fetchStub = stubReports();
    renderApp({ route: '/reports' });

    const tree = await screen.findByRole('tree', { name: 'Report folders' });
    const paths = fetchStub.mock.calls.map(([input]) => new URL(String(input), 'http://x').pathname);
    expect(paths.indexOf('/api/reports/downloadAccessToken')).toBeLessThan(
      paths.indexOf('/api/reports/reportNodes'),
    );
    const customer = screen.getByRole('combobox', { name: 'Customer' });
    expect(customer).toHaveValue('contoso_emea');
    expect(
      within(customer)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Contoso EMEA (Contoso)', 'Fabrikam']);
    expect(await within(tree).findByRole('treeitem', { name: /Fleet/, selected: true })).toHaveAttribute(
      'aria-level',
      '1',
    );
    expect(within(tree).getByRole('treeitem', { name: 'Devices' })).toHaveAttribute('aria-level', '2');
    expect(screen.getByRole('heading', { name: 'Reports in Fleet' })).toBeInTheDocument();
  });

  it('moves the selection with the arrow keys and lists the node’s reports with their formats', async () => {
    stubReports();
    renderApp({ route: '/reports' });
    const tree = await screen.findByRole('tree');

    fireEvent.keyDown(tree, { key: 'ArrowDown' });
    expect(await screen.findByRole('heading', { name: 'Reports in Devices' })).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Download Device list as CSV (940 kB)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Device list as XML (2.1 MB)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Device list as HTML (1.5 MB)' })).toBeInTheDocument();

    fireEvent.keyDown(tree, { key: 'ArrowDown' });
    expect(await screen.findByRole('heading', { name: 'Reports in Office' })).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: /^Download Executive summary as DOCX/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /as CSV/ })).not.toBeInTheDocument();

    fireEvent.keyDown(tree, { key: 'ArrowLeft' });
    expect(await screen.findByRole('heading', { name: 'Reports in Fleet' })).toBeInTheDocument();
    fireEvent.keyDown(tree, { key: 'ArrowLeft' });
    expect(within(tree).queryByRole('treeitem', { name: 'Devices' })).not.toBeInTheDocument();
    fireEvent.keyDown(tree, { key: 'End' });
    expect(await screen.findByText('There are no reports in Empty folder.')).toBeInTheDocument();
  });

  it('posts the report request and saves a CSV under the report name', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: vi.fn() }));
    const fetchStub = stubReports();
    const { user } = renderApp({ route: '/reports' });

    await user.click(await screen.findByRole('button', { name: /^Download Fleet summary as CSV/ }));

    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(sentBody(fetchStub, '/api/reports/downloadReport')).toEqual({
      accessToken: 'download-token',
      path: 'Fleet',
      databaseName: 'contoso_emea',
      accountName: 'Contoso EMEA',
      report: 'Fleet summary.csv',
      format: 'csv',
      language: 'en',
    });
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Fleet summary.csv');
  });

  it('names the report and format of a failed download and downloads it again from the alert', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: vi.fn() }));
    let healthy = false;
    stubReports(NODES, {
      '/api/reports/downloadReport': () =>
        healthy
          ? new Response('a,b', { headers: { 'Content-Type': 'text/csv' } })
          : jsonResponse({ message: 'boom', code: 'INTERNAL' }, 500),
    });
    const { user } = renderApp({ route: '/reports' });

    await user.click(await screen.findByRole('button', { name: /^Download Fleet summary as CSV/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Fleet summary (CSV) could not be downloaded: Something went wrong on the server.',
    );
    healthy = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('alerts when the browser blocks the window of an HTML report', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    stubReports();
    const { user } = renderApp({ route: '/reports' });

    await user.click(await screen.findByRole('button', { name: /^Download Fleet summary as HTML/ }));

    expect(alert).toHaveBeenCalledWith('Popup blocked. Please allow popups for this website.');
  });

  it('opens on the first node that has reports rather than an empty root', async () => {
    const nested = [
      node(1, -1, 'Fleet', { children: [2] }),
      node(2, 1, 'Devices', { viewFiles: ['Device list'], relativePath: 'Fleet/Devices' }),
    ];
    stubReports(nested);
    renderApp({ route: '/reports' });

    const tree = await screen.findByRole('tree');
    expect(
      await within(tree).findByRole('treeitem', { name: 'Devices', selected: true }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reports in Devices' })).toBeInTheDocument();
  });

  it('describes each report, says when its data was updated and how large each download is', async () => {
    stubReports();
    renderApp({ route: '/reports?folder=2' });

    expect(await screen.findByText('What Device list holds.')).toBeInTheDocument();
    expect(screen.getAllByText(/^Updated Nov 26, 2026/).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Download Meter reads as CSV (940 kB)' })).toHaveTextContent(
      'CSV (940 kB)',
    );
  });

  it('saves a very large HTML report as a file, with its size, instead of opening a window', async () => {
    const open = vi.spyOn(window, 'open');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: vi.fn() }));
    stubReports();
    const { user } = renderApp({ route: '/reports?account=fabrikam&folder=2' });

    expect(screen.queryByText(/too large to open/)).not.toBeInTheDocument();
    const html = await screen.findByRole('button', {
      name: 'Download Meter reads as HTML (12.8 MB), saved as a file',
    });
    expect(
      screen.getByText('HTML is saved as a file (12.8 MB): too large to open in the browser.'),
    ).toBeVisible();
    await user.click(html);

    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(open).not.toHaveBeenCalled();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Meter reads.html');
  });

  it('keeps the chosen account and folder in the address, and opens them from it', async () => {
    stubReports();
    const { router, user } = renderApp({ route: '/reports?account=fabrikam&folder=3' });

    expect(await screen.findByRole('heading', { name: 'Reports in Office' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Customer' })).toHaveValue('fabrikam');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Customer' }), 'contoso_emea');
    fireEvent.keyDown(screen.getByRole('tree'), { key: 'Home' });
    await waitFor(() => expect(router.state.location.search).toBe('?account=contoso_emea&folder=1'));
  });

  it('says why there is nothing to browse when no customer account is linked, without an empty folder tree', async () => {
    stubReports(NODES, { '/api/customers/customerAccounts': () => jsonResponse([]) });
    renderApp({ route: '/reports' });

    expect(
      await screen.findByText(
        'No customer account is linked to your sign-in yet, so there are no reports to show.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('tree')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Customer' })).not.toBeInTheDocument();
  });

  it('offers to sign in again, not to retry, when the server no longer accepts the sign-in', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let expired = true;
    stubReports(NODES, {
      '/api/reports/downloadAccessToken': () =>
        expired
          ? jsonResponse({ message: 'The token has expired', code: 'INVALID_TOKEN' }, 401)
          : jsonResponse(TOKEN),
    });
    const { user } = renderApp({ route: '/reports' });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your sign-in is no longer valid. Please sign in again.',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expired = false;
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    await waitFor(() => expect(FakeUserManager.latest().signinPopup).toHaveBeenCalled());
    // Back on the page after the popup, which asks again with the new sign-in.
    expect(await screen.findByRole('tree', { name: 'Report folders' })).toBeInTheDocument();
  });

  it('shows a failed load in words for the user, with a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let healthy = false;
    stubPortal(
      { includeReports: true },
      {
        '/api/reports/downloadAccessToken': () => jsonResponse(TOKEN),
        '/api/customers/customerAccounts': () => jsonResponse(ACCOUNTS),
        '/api/reports/reportNodes': () => (healthy ? jsonResponse(NODES) : new Response('', { status: 500 })),
      },
    );
    const { user } = renderApp({ route: '/reports' });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The report catalog could not be loaded: Something went wrong on the server.',
    );
    healthy = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('tree')).toBeInTheDocument();
  });

  it('names folders and reports in the UI language and asks for the catalog again when it changes', async () => {
    const fetchStub = stubReports();
    const { i18n } = renderApp({ route: '/reports?folder=2' });
    expect(await screen.findByRole('heading', { name: 'Reports in Devices' })).toBeInTheDocument();

    await act(() => i18n.changeLanguage('de'));

    const tree = screen.getByRole('tree');
    expect(await within(tree).findByRole('treeitem', { name: 'Geräte', selected: true })).toBeInTheDocument();
    expect(within(tree).getByRole('treeitem', { name: /Flotte/ })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: /Geräte/, level: 2 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Zählerstände', level: 3 })).toBeInTheDocument();
    const languages = fetchStub.mock.calls
      .map(([input]) => new URL(String(input), 'http://x'))
      .filter((url) => url.pathname === '/api/reports/reportNodes')
      .map((url) => url.searchParams.get('language'));
    expect(languages).toEqual(['en', 'de']);
  });

  it('saves a download under the name the server gives it, in the language', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: vi.fn() }));
    stubReports(NODES, {
      '/api/reports/downloadReport': () =>
        new Response('docx bytes', {
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
            'Content-Disposition': `attachment; filename="Zusammenfassung.docx"; filename*=UTF-8''Zusammenfassung%20%C3%BCber%20alles.docx`,
          },
        }),
    });
    const { user } = renderApp({ route: '/reports?folder=3' });

    await user.click(await screen.findByRole('button', { name: /^Download Executive summary as DOCX/ }));

    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Zusammenfassung über alles.docx');
  });

  it('shows the reports at once while their sizes are measured, then the sizes, asking again meanwhile', async () => {
    let asked = 0;
    stubReports(NODES, {
      '/api/reports/reportFiles': (url: URL) => {
        asked += 1;
        if (asked > 1) return reportFiles(url);
        return jsonResponse({
          path: 'Fleet/Devices',
          sizesPending: true,
          dataEndDate: '2026-11-25',
          updatedAt: '2026-11-26T00:00:00Z',
          files: ['Device list', 'Meter reads'].map((name) => ({
            name,
            title: name,
            kind: 'device-inventory',
            description: `What ${name} holds.`,
            addedAt: '2026-01-01T00:00:00Z',
            formats: ['csv', 'xml', 'html'].map((format) => ({ format, bytes: null })),
          })),
        });
      },
    });
    renderApp({ route: '/reports?folder=2' });

    expect(await screen.findByText('What Meter reads holds.')).toBeInTheDocument();
    // HTML might be the kind saved as a file: its link waits for the size.
    expect(screen.getByRole('button', { name: 'Download Meter reads as HTML' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download Meter reads as CSV' })).toBeEnabled();
    expect(
      await screen.findByRole(
        'button',
        { name: 'Download Meter reads as HTML (12.8 MB), saved as a file' },
        { timeout: 5_000 },
      ),
    ).toBeEnabled();
    expect(asked).toBe(2);
  });

  it('renders only the rows in view of a 10,000-node catalog', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => node(i + 1, -1, `Folder ${i + 1}`));
    stubReports(many);
    renderApp({ route: '/reports' });

    const tree = await screen.findByRole('tree');
    expect((await within(tree).findAllByRole('treeitem')).length).toBeLessThan(60);
    expect(within(tree).getByRole('treeitem', { name: 'Folder 1' })).toHaveAttribute('aria-setsize', '10000');
  });
});
