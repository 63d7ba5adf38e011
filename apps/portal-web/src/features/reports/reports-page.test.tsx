import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
  children: [],
  viewFiles: [],
  relativePath: name,
  isOffice: false,
  ...extra,
});

const NODES: ReportNode[] = [
  node(1, -1, 'Fleet', { children: [2, 3], viewFiles: ['Fleet summary'] }),
  node(2, 1, 'Devices', { viewFiles: ['Device list', 'Meter reads'], relativePath: 'Fleet/Devices' }),
  node(3, 1, 'Office', { viewFiles: ['Executive summary'], isOffice: true, relativePath: 'Fleet/Office' }),
  node(4, -1, 'Empty folder'),
];

const TOKEN = { accessToken: 'download-token', expiresOn: new Date(Date.now() + 600_000).toISOString() };

function stubReports(nodes: ReportNode[] = NODES) {
  return stubPortal(
    { includeReports: true },
    {
      '/api/reports/downloadAccessToken': () => jsonResponse(TOKEN),
      '/api/customers/customerAccounts': () => jsonResponse(ACCOUNTS),
      '/api/reports/reportNodes': () => jsonResponse(nodes),
      '/api/reports/downloadReport': () =>
        new Response('<h1>Report</h1>', { headers: { 'Content-Type': 'text/html' } }),
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
  it('fetches a download token first, then preselects the first customer and the first root', async () => {
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
    ).toEqual(['Contoso (contoso_emea)', 'fabrikam']);
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
    expect(screen.getByRole('button', { name: 'Download Device list as CSV' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Device list as XML' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Device list as HTML' })).toBeInTheDocument();

    fireEvent.keyDown(tree, { key: 'ArrowDown' });
    expect(await screen.findByRole('heading', { name: 'Reports in Office' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Executive summary as DOCX' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /as CSV/ })).not.toBeInTheDocument();

    fireEvent.keyDown(tree, { key: 'ArrowLeft' });
    expect(await screen.findByRole('heading', { name: 'Reports in Fleet' })).toBeInTheDocument();
    fireEvent.keyDown(tree, { key: 'ArrowLeft' });
    expect(within(tree).queryByRole('treeitem', { name: 'Devices' })).not.toBeInTheDocument();
    fireEvent.keyDown(tree, { key: 'End' });
    expect(await screen.findByText('no reports for Empty folder')).toBeInTheDocument();
  });

  it('posts the report request and saves a CSV under the report name', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: vi.fn() }));
    const fetchStub = stubReports();
    const { user } = renderApp({ route: '/reports' });

    await user.click(await screen.findByRole('button', { name: 'Download Fleet summary as CSV' }));

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

  it('alerts when the browser blocks the window of an HTML report', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    stubReports();
    const { user } = renderApp({ route: '/reports' });

    await user.click(await screen.findByRole('button', { name: 'Download Fleet summary as HTML' }));

    expect(alert).toHaveBeenCalledWith('Popup blocked. Please allow popups for this website.');
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

  it('renders only the rows in view of a 10,000-node catalog', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => node(i + 1, -1, `Folder ${i + 1}`));
    stubReports(many);
    renderApp({ route: '/reports' });

    const tree = await screen.findByRole('tree');
    expect((await within(tree).findAllByRole('treeitem')).length).toBeLessThan(60);
    expect(within(tree).getByRole('treeitem', { name: 'Folder 1' })).toHaveAttribute('aria-setsize', '10000');
  });
});
