import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { SUPPORTED_LANGUAGES } from '../config.ts';
import type { PortalDb } from '../db/database.ts';
import { CHANNELS, installerReleaseFiles, installerReleases } from '../db/schema.ts';
import type { Channel, Installee, InstallerReleaseFileRow, InstallerReleaseRow } from '../db/schema.ts';
import { PLATFORMS } from './artifacts.ts';
import type { Platform } from './artifacts.ts';
import { checksumsFile } from './checksums.ts';
import type { ReleaseSigner } from './signing.ts';
import { compareVersions, isVersion } from './versions.ts';

/** A file's language: one of the supported UI languages, or `*` for an installer that holds all of them. */
export const ANY_LANGUAGE = '*';

/** A mistake in what was asked to publish or yank: the admin CLI prints it with the usage. */
export class ReleaseError extends Error {
  override readonly name = 'ReleaseError';
}

const PRODUCT: Readonly<Record<Installee, { base: string; extension: string }>> = {
  dca: { base: 'PorticoDCA', extension: 'msi' },
  controlPanel: { base: 'PorticoControlPanel', extension: 'msi' },
  controlPanelUpgrade: { base: 'PorticoControlPanelUpgrade', extension: 'msp' },
};

/** `PorticoDCA-1.4.0-x64.msi`, or `PorticoDCA-1.4.0-x64-de.msi` for a one-language installer. */
export function releaseFileName(
  installee: Installee,
  version: string,
  platform: Platform,
  language: string,
): string {
  const { base, extension } = PRODUCT[installee];
  const suffix = language === ANY_LANGUAGE ? '' : `-${language}`;
  return `${base}-${version}-${platform}${suffix}.${extension}`;
}

/** `${dataDir}/portal/releases`. */
export function releaseRoot(dataDir: string): string {
  return join(dataDir, 'portal', 'releases');
}

/** Where a release file is kept; every part was checked (installee, version pattern, platform, language). */
export function releaseFilePath(
  root: string,
  installee: Installee,
  version: string,
  fileName: string,
): string {
  if (!isVersion(version)) throw new RangeError(`not a version: ${version}`);
  return join(root, installee, version, fileName);
}

export interface ReleaseFile {
  id: number;
  platform: Platform;
  language: string;
  fileName: string;
  size: number;
  sha256: string;
}

export interface Release {
  id: number;
  installee: Installee;
  version: string;
  channel: Channel;
  notes: Record<string, string>;
  checksums: string;
  /** Base64 of the 64-byte Ed25519 signature of `checksums`. */
  signature: string;
  publishedAt: Date;
  yankedAt: Date | null;
  files: ReleaseFile[];
}

function toRelease(row: InstallerReleaseRow, files: InstallerReleaseFileRow[]): Release {
  return {
    id: row.id,
    installee: row.installee,
    version: row.version,
    channel: row.channel,
    notes: row.notes,
    checksums: row.checksums,
    signature: row.signature,
    publishedAt: row.publishedAt,
    yankedAt: row.yankedAt,
    files: files
      .filter((file) => file.releaseId === row.id)
      .map((file) => ({
        id: file.id,
        platform: file.platform as Platform,
        language: file.language,
        fileName: file.fileName,
        size: file.size,
        sha256: file.sha256,
      }))
      .sort((a, b) => (a.fileName < b.fileName ? -1 : 1)),
  };
}

export interface ListOptions {
  /** Only these channels (default all). */
  channels?: readonly Channel[];
  /** Yanked releases too (the admin listing). */
  includeYanked?: boolean;
}

/**
 * An installee's releases, newest version first.
 *
 * ```ts
 * const visible = await listReleases(db, 'dca', { channels: ['stable'] });
 * ```
 */
export async function listReleases(
  db: PortalDb,
  installee: Installee,
  options: ListOptions = {},
): Promise<Release[]> {
  const conditions = [eq(installerReleases.installee, installee)];
  if (options.channels !== undefined) {
    if (options.channels.length === 0) return [];
    conditions.push(inArray(installerReleases.channel, [...options.channels]));
  }
  if (options.includeYanked !== true) conditions.push(isNull(installerReleases.yankedAt));
  const rows = await db
    .select()
    .from(installerReleases)
    .where(and(...conditions));
  if (rows.length === 0) return [];
  const files = await db
    .select()
    .from(installerReleaseFiles)
    .where(
      inArray(
        installerReleaseFiles.releaseId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) => toRelease(row, files)).sort((a, b) => compareVersions(b.version, a.version));
}

/**
 * The file to serve for a platform and language: the one-language file when there is one, else the all-languages
 * file; undefined when the release has neither.
 */
export function pickFile(release: Release, platform: Platform, language: string): ReleaseFile | undefined {
  const ofPlatform = release.files.filter((file) => file.platform === platform);
  return (
    ofPlatform.find((file) => file.language === language) ??
    ofPlatform.find((file) => file.language === ANY_LANGUAGE)
  );
}

/** A release file by id with its release, for a download link; undefined when gone or yanked. */
export async function findReleaseFile(
  db: PortalDb,
  fileId: number,
): Promise<{ release: Release; file: ReleaseFile } | undefined> {
  const [file] = await db.select().from(installerReleaseFiles).where(eq(installerReleaseFiles.id, fileId));
  if (file === undefined) return undefined;
  const [row] = await db
    .select()
    .from(installerReleases)
    .where(and(eq(installerReleases.id, file.releaseId), isNull(installerReleases.yankedAt)));
  if (row === undefined) return undefined;
  const release = toRelease(row, [file]);
  const [only] = release.files;
  return only === undefined ? undefined : { release, file: only };
}

export interface PublishOptions {
  installee: Installee;
  version: string;
  channel: Channel;
  /** The file to publish: copied into the release store. */
  source: string;
  platform: Platform;
  /** A supported language, or `*` (the default) for an installer that holds every language. */
  language?: string;
  /** Release notes (Markdown) per language; merged into an existing release's notes. */
  notes?: Record<string, string>;
  now?: Date;
}

export interface PublishResult {
  release: Release;
  file: ReleaseFile;
  /** True when the release was new (else a file was added to it). */
  created: boolean;
}

const MAX_NOTES_CHARACTERS = 20_000;

/**
 * Publishes a file as (part of) a release: copies it into `root` while hashing it, records it, and rewrites and
 * re-signs the release's SHA256SUMS. A release is immutable once a file of a platform and language is in it:
 * publishing the same platform and language again is refused, as is another channel for an existing version.
 *
 * ```ts
 * await publishRelease(db, root, signer, { installee: 'dca', version: '1.4.0', channel: 'stable', source: 'a.msi', platform: 'x64' });
 * ```
 */
export async function publishRelease(
  db: PortalDb,
  root: string,
  signer: ReleaseSigner,
  options: PublishOptions,
): Promise<PublishResult> {
  const { installee, version, channel, platform } = options;
  const language = options.language ?? ANY_LANGUAGE;
  if (!isVersion(version)) throw new ReleaseError(`"${version}" is not a version (1.4.0 or 1.5.0-beta.1)`);
  if (!(CHANNELS as readonly string[]).includes(channel))
    throw new ReleaseError(`unknown channel "${channel}" (${CHANNELS.join(', ')})`);
  if (!(PLATFORMS as readonly string[]).includes(platform))
    throw new ReleaseError(`unknown platform "${platform}" (${PLATFORMS.join(', ')})`);
  if (language !== ANY_LANGUAGE && !(SUPPORTED_LANGUAGES as readonly string[]).includes(language))
    throw new ReleaseError(`unknown language "${language}" (${SUPPORTED_LANGUAGES.join(', ')} or all)`);
  const notes = options.notes ?? {};
  for (const [lng, text] of Object.entries(notes)) {
    if (!(SUPPORTED_LANGUAGES as readonly string[]).includes(lng))
      throw new ReleaseError(`notes in an unknown language "${lng}"`);
    if (text.length > MAX_NOTES_CHARACTERS)
      throw new ReleaseError(`the ${lng} notes are longer than ${MAX_NOTES_CHARACTERS} characters`);
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text))
      throw new ReleaseError(`the ${lng} notes hold control characters`);
  }
  const sourceStats = await stat(options.source).catch(() => undefined);
  if (sourceStats?.isFile() !== true) throw new ReleaseError(`${options.source} is not a file`);

  const [existing] = await db
    .select()
    .from(installerReleases)
    .where(and(eq(installerReleases.installee, installee), eq(installerReleases.version, version)));
  if (existing !== undefined) {
    if (existing.yankedAt !== null) throw new ReleaseError(`${installee} ${version} was yanked`);
    if (existing.channel !== channel)
      throw new ReleaseError(`${installee} ${version} is published on ${existing.channel}, not ${channel}`);
    const [clash] = await db
      .select({ id: installerReleaseFiles.id })
      .from(installerReleaseFiles)
      .where(
        and(
          eq(installerReleaseFiles.releaseId, existing.id),
          eq(installerReleaseFiles.platform, platform),
          eq(installerReleaseFiles.language, language),
        ),
      );
    if (clash !== undefined)
      throw new ReleaseError(
        `${installee} ${version} has a ${platform} file for ${language === ANY_LANGUAGE ? 'all languages' : language} already`,
      );
  }

  const fileName = releaseFileName(installee, version, platform, language);
  const path = releaseFilePath(root, installee, version, fileName);
  const { size, sha256 } = await copyHashing(options.source, path);

  let releaseRow = existing;
  if (releaseRow === undefined) {
    [releaseRow] = await db
      .insert(installerReleases)
      .values({ installee, version, channel, notes, publishedAt: options.now ?? new Date() })
      .returning();
  } else if (Object.keys(notes).length > 0) {
    [releaseRow] = await db
      .update(installerReleases)
      .set({ notes: { ...releaseRow.notes, ...notes } })
      .where(eq(installerReleases.id, releaseRow.id))
      .returning();
  }
  if (releaseRow === undefined) throw new Error('installer_releases returned no row');
  const [fileRow] = await db
    .insert(installerReleaseFiles)
    .values({ releaseId: releaseRow.id, platform, language, fileName, size, sha256 })
    .returning();
  if (fileRow === undefined) throw new Error('installer_release_files returned no row');
  const files = await db
    .select()
    .from(installerReleaseFiles)
    .where(eq(installerReleaseFiles.releaseId, releaseRow.id));
  const checksums = checksumsFile(files);
  const signature = signer.sign(checksums).toString('base64');
  const [signed] = await db
    .update(installerReleases)
    .set({ checksums, signature })
    .where(eq(installerReleases.id, releaseRow.id))
    .returning();
  if (signed === undefined) throw new Error('installer_releases returned no row');
  const release = toRelease(signed, files);
  const file = release.files.find((entry) => entry.id === fileRow.id);
  if (file === undefined) throw new Error('the published file is missing from its release');
  return { release, file, created: existing === undefined };
}

/** Copies `source` to `target` through a temporary file, hashing on the way; size and lower-case hex SHA-256. */
async function copyHashing(source: string, target: string): Promise<{ size: number; sha256: string }> {
  await mkdir(join(target, '..'), { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    await pipeline(
      createReadStream(source, { highWaterMark: 1024 * 1024 }),
      new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          size += chunk.length;
          callback(null, chunk);
        },
      }),
      createWriteStream(temporary, { mode: 0o644 }),
    );
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Withdraws a release: it disappears from every listing and download; its files stay on disk. */
export async function yankRelease(
  db: PortalDb,
  installee: Installee,
  version: string,
  now = new Date(),
): Promise<boolean> {
  const yanked = await db
    .update(installerReleases)
    .set({ yankedAt: now })
    .where(
      and(
        eq(installerReleases.installee, installee),
        eq(installerReleases.version, version),
        isNull(installerReleases.yankedAt),
      ),
    )
    .returning({ id: installerReleases.id });
  return yanked.length > 0;
}

/** The notes of `language`, else of `en`, else none. */
export function notesIn(release: Pick<Release, 'notes'>, language: string): string | undefined {
  return release.notes[language] ?? release.notes.en;
}
