import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedPglite } from '../../test/helpers/test-app.ts';
import type { Database } from '../db/database.ts';
import { parseChecksumsFile } from './checksums.ts';
import {
  ReleaseError,
  findReleaseFile,
  listReleases,
  notesIn,
  pickFile,
  publishRelease,
  releaseFilePath,
  releaseRoot,
  yankRelease,
} from './releases.ts';
import { loadReleaseSigner, verifySignature } from './signing.ts';
import type { ReleaseSigner } from './signing.ts';

describe('the release store', () => {
  let database: Database;
  let dir: string;
  let signer: ReleaseSigner;
  const source = (name: string, content: string) => {
    const path = join(dir, name);
    return writeFile(path, content).then(() => path);
  };
  const sha = (content: string) => createHash('sha256').update(content).digest('hex');

  beforeAll(async () => {
    database = await openMigratedPglite();
    dir = await mkdtemp(join(tmpdir(), 'releases-test-'));
    signer = await loadReleaseSigner(dir);
  });
  afterAll(async () => {
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('copies a published file into the store with its size and SHA-256, and signs the SHA256SUMS', async () => {
    const { release, file, created } = await publishRelease(database.db, releaseRoot(dir), signer, {
      installee: 'dca',
      version: '1.4.0',
      channel: 'stable',
      source: await source('a.msi', 'sixty-four bit'),
      platform: 'x64',
      notes: { en: '- First', de: '- Erste' },
    });
    expect(created).toBe(true);
    expect(file).toMatchObject({
      fileName: 'PorticoDCA-1.4.0-x64.msi',
      size: 14,
      sha256: sha('sixty-four bit'),
    });
    const stored = releaseFilePath(releaseRoot(dir), 'dca', '1.4.0', file.fileName);
    expect(await readFile(stored, 'utf8')).toBe('sixty-four bit');
    expect(release.checksums).toBe(`${sha('sixty-four bit')}  PorticoDCA-1.4.0-x64.msi\n`);
    expect(
      verifySignature(signer.publicKeyPem, release.checksums, Buffer.from(release.signature, 'base64')),
    ).toBe(true);
  });

  it('adds another platform to a version and re-signs a SHA256SUMS listing both', async () => {
    const { release, created } = await publishRelease(database.db, releaseRoot(dir), signer, {
      installee: 'dca',
      version: '1.4.0',
      channel: 'stable',
      source: await source('b.msi', 'thirty-two bit'),
      platform: 'x86',
    });
    expect(created).toBe(false);
    expect(parseChecksumsFile(release.checksums)).toEqual([
      { sha256: sha('sixty-four bit'), fileName: 'PorticoDCA-1.4.0-x64.msi' },
      { sha256: sha('thirty-two bit'), fileName: 'PorticoDCA-1.4.0-x86.msi' },
    ]);
    const signature = Buffer.from(release.signature, 'base64');
    expect(verifySignature(signer.publicKeyPem, release.checksums, signature)).toBe(true);
    expect(verifySignature(signer.publicKeyPem, `${release.checksums} `, signature)).toBe(false);
    expect(release.notes).toEqual({ en: '- First', de: '- Erste' });
  });

  it('refuses to replace a published file, to move a version to another channel, and bad versions', async () => {
    const file = await source('c.msi', 'other');
    const base = {
      installee: 'dca',
      version: '1.4.0',
      channel: 'stable',
      source: file,
      platform: 'x64',
    } as const;
    await expect(publishRelease(database.db, releaseRoot(dir), signer, base)).rejects.toThrow(ReleaseError);
    await expect(
      publishRelease(database.db, releaseRoot(dir), signer, { ...base, channel: 'preview', platform: 'x86' }),
    ).rejects.toThrow(/published on stable/);
    for (const version of ['1.4', '../../etc', '1.4.0+build', '01.2.3', `1.2.3-${'a'.repeat(70)}`]) {
      await expect(
        publishRelease(database.db, releaseRoot(dir), signer, { ...base, version }),
      ).rejects.toThrow(/is not a version/);
    }
    await expect(
      publishRelease(database.db, releaseRoot(dir), signer, {
        ...base,
        version: '1.5.0',
        source: join(dir, 'none'),
      }),
    ).rejects.toThrow(/is not a file/);
  });

  it('lists versions newest first by version precedence, filtered by the channels asked for', async () => {
    for (const [version, channel] of [
      ['1.10.0', 'stable'],
      ['1.9.0', 'stable'],
      ['1.10.1-beta.2', 'preview'],
      ['1.10.1-beta.10', 'preview'],
    ] as const) {
      await publishRelease(database.db, releaseRoot(dir), signer, {
        installee: 'controlPanel',
        version,
        channel,
        source: await source(`${version}.msi`, version),
        platform: 'x64',
      });
    }
    const all = await listReleases(database.db, 'controlPanel');
    expect(all.map((r) => r.version)).toEqual(['1.10.1-beta.10', '1.10.1-beta.2', '1.10.0', '1.9.0']);
    const stable = await listReleases(database.db, 'controlPanel', { channels: ['stable'] });
    expect(stable.map((r) => r.version)).toEqual(['1.10.0', '1.9.0']);
    expect(await listReleases(database.db, 'controlPanel', { channels: [] })).toEqual([]);
  });

  it('hides a yanked version from listings and from its download links, and keeps its file', async () => {
    const [release] = await listReleases(database.db, 'controlPanel', { channels: ['stable'] });
    const fileId = release?.files[0]?.id ?? 0;
    expect(await findReleaseFile(database.db, fileId)).toBeDefined();
    expect(await yankRelease(database.db, 'controlPanel', '1.10.0')).toBe(true);
    expect(await yankRelease(database.db, 'controlPanel', '1.10.0')).toBe(false);
    const stable = await listReleases(database.db, 'controlPanel', { channels: ['stable'] });
    expect(stable.map((r) => r.version)).toEqual(['1.9.0']);
    expect(await findReleaseFile(database.db, fileId)).toBeUndefined();
    const admin = await listReleases(database.db, 'controlPanel', { includeYanked: true });
    expect(admin.find((r) => r.version === '1.10.0')?.yankedAt).toBeInstanceOf(Date);
    expect(
      (
        await stat(
          releaseFilePath(releaseRoot(dir), 'controlPanel', '1.10.0', 'PorticoControlPanel-1.10.0-x64.msi'),
        )
      ).size,
    ).toBe(6);
  });

  it('serves a one-language file before the all-languages one, and falls back to English notes', async () => {
    await publishRelease(database.db, releaseRoot(dir), signer, {
      installee: 'dca',
      version: '1.4.0',
      channel: 'stable',
      source: await source('de.msi', 'deutsch'),
      platform: 'x64',
      language: 'de',
    });
    const [release] = await listReleases(database.db, 'dca');
    if (release === undefined) throw new Error('no release');
    expect(pickFile(release, 'x64', 'de')?.fileName).toBe('PorticoDCA-1.4.0-x64-de.msi');
    expect(pickFile(release, 'x64', 'fr')?.fileName).toBe('PorticoDCA-1.4.0-x64.msi');
    expect(notesIn(release, 'de')).toBe('- Erste');
    expect(notesIn(release, 'ja')).toBe('- First');
  });

  it('keeps the signing key in the data dir with mode 0600 and loads the same key again', async () => {
    const again = await loadReleaseSigner(dir);
    expect(again.publicKeyPem).toBe(signer.publicKeyPem);
    expect((await stat(join(dir, 'portal', 'release-signing-key.pem'))).mode & 0o777).toBe(0o600);
  });
});
