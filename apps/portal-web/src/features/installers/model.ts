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

/** A file of a release: `language` is a UI language or `*` for an installer holding every language. */
export interface ReleaseFile {
  platform: string;
  language: string;
  fileName: string;
  size: number;
  sha256: string;
}

/** One version, as GET /api/download/{installee}/releases lists it. */
export interface Release {
  version: string;
  channel: string;
  publishedAt: string;
  /** Markdown per language. */
  notes: Record<string, string>;
  files: ReleaseFile[];
  /** The SHA256SUMS file. */
  checksums: string;
  /** Base64 of the detached Ed25519 signature of `checksums`. */
  signature: string;
}

export interface ReleaseListing {
  installee: string;
  channels: string[];
  /** Newest version first. */
  releases: Release[];
}

/** Where the page's calls go; the upgrade is authorised by the sign-in instead of a key. */
export interface InstallerTarget {
  installee: Installee;
  accessKey?: string;
}

/** `releasesUrl({ installee: 'dca', accessKey: 'K' })` → 'download/dca/releases?accessKey=K'. */
export function releasesUrl({ installee, accessKey }: InstallerTarget): string {
  const query = accessKey === undefined ? '' : `?${new URLSearchParams({ accessKey }).toString()}`;
  return `download/${installee}/releases${query}`;
}

/** The version preselected: the newest stable one, else the newest. */
export function defaultVersion(releases: readonly Release[]): string | undefined {
  return (releases.find((release) => release.channel === 'stable') ?? releases[0])?.version;
}

/** The file the server sends for a platform and language: the one-language file, else the all-languages one. */
export function pickFile(release: Release, platform: Platform, language: string): ReleaseFile | undefined {
  const ofPlatform = release.files.filter((file) => file.platform === platform);
  return (
    ofPlatform.find((file) => file.language === language) ?? ofPlatform.find((file) => file.language === '*')
  );
}

/** The notes in `language`, else in English, else none. */
export function notesIn(release: Release, language: string): string | undefined {
  return release.notes[language] ?? release.notes.en;
}

/** The public key that signs every SHA256SUMS file. */
export const SIGNING_KEY_URL = '/api/download/release-signing-key.pem';
export const SIGNING_KEY_FILE = 'portico-release-key.pem';
