/** The installers the server offers (spec §7: /api/download/{installee}installer). */
export type Installee = 'dca' | 'controlPanel' | 'controlPanelUpgrade';

/** The server's platform names: x86 is 32-bit, x64 64-bit. */
export type Platform = 'x86' | 'x64';

export const PLATFORMS: readonly {
  value: Platform;
  labelKey: 'Installer.platform32' | 'Installer.platform64';
}[] = [
  { value: 'x86', labelKey: 'Installer.platform32' },
  { value: 'x64', labelKey: 'Installer.platform64' },
];

export interface InstallerRequest {
  installee: Installee;
  /** Required by the dca and control panel pages; the upgrade is authorised by the sign-in instead. */
  accessKey?: string;
  platform: Platform;
  language: string;
}

/** `installerUrl({ installee: 'dca', accessKey: 'K', platform: 'x64', language: 'de' })` → 'download/dcainstaller?…'. */
export function installerUrl({ installee, accessKey, platform, language }: InstallerRequest): string {
  const query = new URLSearchParams();
  if (accessKey !== undefined) query.set('accessKey', accessKey);
  query.set('platform', platform);
  query.set('language', language);
  return `download/${installee}installer?${query.toString()}`;
}

export function defaultFileName({ installee, platform, language }: InstallerRequest): string {
  return `${installee}-installer-${platform}-${language}.exe`;
}
