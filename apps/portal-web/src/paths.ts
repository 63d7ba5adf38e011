import { generatePath } from 'react-router';

/** Every route of the portal, in one place; build links from these, never from inline strings. */
export const paths = {
  home: '/',
  about: '/about',
  reports: '/reports',
  controlPanelUpgrade: '/ControlPanelUpgrade/',
  embeddedReports: '/EmbeddedReports',
  dcaInstaller: '/DcaInstaller/:accessKey',
  controlPanelInstaller: '/ControlPanelInstaller/:accessKey',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** Links to the installer pages, e.g. `installerPath.dca('K3Y')` → '/DcaInstaller/K3Y'. */
export const installerPath = {
  dca: (accessKey: string): string => generatePath(paths.dcaInstaller, { accessKey }),
  controlPanel: (accessKey: string): string => generatePath(paths.controlPanelInstaller, { accessKey }),
};

/** The reports browser on one account and folder, e.g. `reportsPath({ account: 'fabrikam', folder: 3 })`. */
export function reportsPath(place: { account?: string; folder?: number } = {}): string {
  const search = new URLSearchParams();
  if (place.account !== undefined) search.set('account', place.account);
  if (place.folder !== undefined) search.set('folder', String(place.folder));
  const query = search.toString();
  return query === '' ? paths.reports : `${paths.reports}?${query}`;
}
