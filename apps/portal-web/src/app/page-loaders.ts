import { paths } from '../paths';

// The lazily loaded pages' code in one place: routes.tsx renders the pages from these loaders, and the navigation
// calls `preloadPage` when the pointer enters a link or focus reaches it, so the code is usually there by the click.

export const loadMuiTheme = () => import('./mui-theme');
export const loadDataState = () => import('./data-state');
export const loadAboutPage = () => import('../features/about/components/about-page');
export const loadInstallerPage = () => import('../features/installers/components/installer-page');
export const loadReportsPage = () => import('../features/reports/components/reports-page');
export const loadEmbeddedReportsPage = () =>
  import('../features/embedded-reports/components/embedded-reports-page');

const PRELOADS: Readonly<Record<string, readonly (() => Promise<unknown>)[]>> = {
  [paths.about]: [loadMuiTheme, loadAboutPage],
  [paths.controlPanelUpgrade]: [loadMuiTheme, loadInstallerPage],
  [paths.reports]: [loadMuiTheme, loadDataState, loadReportsPage],
  [paths.embeddedReports]: [loadMuiTheme, loadDataState, loadEmbeddedReportsPage],
};

/**
 * Fetches the code of the page at `path` without rendering it: `preloadPage('/about')`. A failure is ignored
 * here; the page's own load reports it when the user gets there.
 */
export function preloadPage(path: string): void {
  for (const load of PRELOADS[path] ?? []) load().catch(() => undefined);
}
