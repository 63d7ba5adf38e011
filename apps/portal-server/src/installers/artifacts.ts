import { createCipheriv, createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { SUPPORTED_LANGUAGES } from '../config.ts';
import type { SupportedLanguage } from '../config.ts';
import { INSTALLEES } from '../db/schema.ts';
import type { Installee } from '../db/schema.ts';

/** Installer platforms (spec §5): 32-bit and 64-bit. */
export const PLATFORMS = ['x86', 'x64'] as const;
export type Platform = (typeof PLATFORMS)[number];

const PRODUCT: Readonly<Record<Installee, { base: string; extension: string }>> = {
  dca: { base: 'PorticoDCA', extension: 'msi' },
  controlPanel: { base: 'PorticoControlPanel', extension: 'msi' },
  controlPanelUpgrade: { base: 'PorticoControlPanelUpgrade', extension: 'msp' },
};

/** `PorticoDCA-x64-en.msi`. */
export function artifactFileName(
  installee: Installee,
  platform: Platform,
  language: SupportedLanguage,
): string {
  const { base, extension } = PRODUCT[installee];
  return `${base}-${platform}-${language}.${extension}`;
}

/** `${dataDir}/portal/artifacts`. */
export function artifactRoot(dataDir: string): string {
  return join(dataDir, 'portal', 'artifacts');
}

/** `<root>/<installee>/<platform>/<language>/<file>`, built from the checked enum values alone. */
export function artifactPath(
  root: string,
  installee: Installee,
  platform: Platform,
  language: SupportedLanguage,
): string {
  return join(root, installee, platform, language, artifactFileName(installee, platform, language));
}

export interface ArtifactInfo {
  path: string;
  size: number;
  mtime: Date;
  /** Strong ETag from the content's SHA-256. */
  etag: string;
  /** SHA-256 of the whole file, base64. */
  sha256: string;
}

const described = new Map<string, { key: string; info: ArtifactInfo }>();

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 }))
    hash.update(chunk as Buffer);
  return hash.digest('base64');
}

/**
 * Size, modification time and SHA-256 of an artifact; the digest is computed once per (path, size, mtime) and cached.
 * Undefined when the file does not exist.
 */
export async function describeArtifact(path: string): Promise<ArtifactInfo | undefined> {
  let stats;
  try {
    stats = await stat(path);
  } catch {
    return undefined;
  }
  if (!stats.isFile()) return undefined;
  const key = `${stats.size}:${stats.mtimeMs}`;
  const cached = described.get(path);
  if (cached?.key === key) return cached.info;
  const sha256 = await sha256Of(path);
  const info: ArtifactInfo = {
    path,
    size: stats.size,
    mtime: stats.mtime,
    etag: `"${Buffer.from(sha256, 'base64').toString('base64url').slice(0, 32)}"`,
    sha256,
  };
  described.set(path, { key, info });
  return info;
}

/**
 * Writes a deterministic pseudo-random file of `bytes` bytes (AES-256-CTR over zeros, keyed by `seed`), through a
 * temporary file so that a reader never sees half of it.
 */
export async function writeDeterministicFile(path: string, bytes: number, seed: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const key = createHash('sha256').update(seed).digest();
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
  const zeros = Buffer.alloc(1024 * 1024);
  const temporary = `${path}.${process.pid}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    for (let written = 0; written < bytes;) {
      const n = Math.min(zeros.length, bytes - written);
      await handle.write(cipher.update(zeros.subarray(0, n)));
      written += n;
    }
  } finally {
    await handle.close();
  }
  await rename(temporary, path);
}

/**
 * Makes the sample installers (every installee × platform × language) that are missing or of another size.
 *
 * ```ts
 * await ensureSampleArtifacts(artifactRoot(config.dataDir), 3 * 1024 * 1024);
 * ```
 */
export async function ensureSampleArtifacts(root: string, bytes: number): Promise<number> {
  let made = 0;
  for (const installee of INSTALLEES) {
    for (const platform of PLATFORMS) {
      for (const language of SUPPORTED_LANGUAGES) {
        const path = artifactPath(root, installee, platform, language);
        const existing = await stat(path).catch(() => undefined);
        if (existing?.size === bytes) continue;
        await writeDeterministicFile(path, bytes, artifactFileName(installee, platform, language));
        made += 1;
      }
    }
  }
  return made;
}
