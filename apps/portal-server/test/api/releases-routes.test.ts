import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessKey } from '../../src/db/access-keys.ts';
import { auditLog } from '../../src/db/schema.ts';
import { verifySignature } from '../../src/installers/signing.ts';
import { ARTIFACT_BYTES, listeningSeededApp } from '../helpers/seeded-app.ts';
import type { ListeningSeededApp } from '../helpers/seeded-app.ts';

const run = promisify(execFile);

interface Listing {
  channels: string[];
  releases: {
    version: string;
    channel: string;
    notes: Record<string, string>;
    files: { platform: string; fileName: string; size: number; sha256: string }[];
    checksums: string;
    signature: string;
  }[];
}

/** The download portal through real HTTP: a listening server, fetch, the seeded sample releases. */
describe('the download portal over HTTP', () => {
  let s: ListeningSeededApp;
  let base: string;
  let previewKey: string;
  let stableKey: string;

  beforeAll(async () => {
    s = await listeningSeededApp({ env: { PORTAL_DOWNLOAD_LINK_SECONDS: '1' } });
    base = s.base;
    previewKey = s.seed.keys.dca ?? '';
    stableKey =
      (await createAccessKey(s.database.db, { databaseName: 'contoso_us', installees: ['dca'] }))?.key ?? '';
  });
  afterAll(async () => {
    await s?.close();
  });

  const listing = async (key: string): Promise<Listing> => {
    const response = await fetch(`${base}/api/download/dca/releases?accessKey=${key}`);
    expect(response.status).toBe(200);
    return (await response.json()) as Listing;
  };

  it('answers a wrong or missing key at once, when the page asks for the versions, with its code', async () => {
    const wrong = await fetch(`${base}/api/download/dca/releases?accessKey=${'x'.repeat(43)}`);
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({
      message: 'The access key is not valid.',
      code: 'ACCESS_KEY_INVALID',
    });
    const missing = await fetch(`${base}/api/download/dca/releases`);
    expect(await missing.json()).toMatchObject({ code: 'ACCESS_KEY_MISSING' });
    const other = await fetch(`${base}/api/download/controlPanel/releases?accessKey=${previewKey}`);
    expect(await other.json()).toMatchObject({ code: 'ACCESS_KEY_WRONG_INSTALLEE' });
  });

  it('lists the preview channel only for a key entitled to it', async () => {
    const preview = await listing(previewKey);
    expect(preview.channels).toEqual(['stable', 'preview']);
    expect(preview.releases.map((r) => `${r.version} ${r.channel}`)).toEqual([
      '2.5.0-beta.1 preview',
      '2.4.0 stable',
      '2.3.0 stable',
    ]);
    const stable = await listing(stableKey);
    expect(stable.channels).toEqual(['stable']);
    expect(stable.releases.map((r) => r.version)).toEqual(['2.4.0', '2.3.0']);
    expect(stable.releases[0]?.notes.de).toContain('Proxy-Unterstützung');
  });

  it('refuses a stable-only key a preview version, by link and by the version parameter, as if it did not exist', async () => {
    const link = await fetch(`${base}/api/download/dca/link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        accessKey: stableKey,
        version: '2.5.0-beta.1',
        platform: 'x64',
        language: 'en',
      }),
    });
    expect(link.status).toBe(404);
    const direct = await fetch(
      `${base}/api/download/dcainstaller?accessKey=${stableKey}&platform=x64&language=en&version=2.5.0-beta.1`,
    );
    expect(direct.status).toBe(404);
    const sums = await fetch(
      `${base}/api/download/dca/releases/2.5.0-beta.1/SHA256SUMS?accessKey=${stableKey}`,
    );
    expect(sums.status).toBe(404);
  });

  it('downloads through a short-lived link, with the listed size and SHA-256, audited for the account', async () => {
    const answer = await fetch(`${base}/api/download/dca/link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accessKey: stableKey, version: '2.4.0', platform: 'x86', language: 'de' }),
    });
    expect(answer.status).toBe(200);
    const link = (await answer.json()) as { url: string; fileName: string; size: number; sha256: string };
    expect(link.fileName).toBe('PorticoDCA-2.4.0-x86.msi');
    const file = await fetch(`${base}${link.url}`);
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes).toHaveLength(ARTIFACT_BYTES);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(link.sha256);
    const listed = (await listing(stableKey)).releases[0]?.files.find((f) => f.platform === 'x86');
    expect(listed?.sha256).toBe(link.sha256);
    const [entry] = await s.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'installer.download'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      actor: `key:${stableKey.slice(0, 8)}`,
      target: 'dca/2.4.0/x86/*',
      outcome: 'ok',
      detail: {
        account: 'contoso_us',
        version: '2.4.0',
        channel: 'stable',
        file: 'PorticoDCA-2.4.0-x86.msi',
      },
    });
  });

  it('refuses a link once its lifetime is over, and a forged one', async () => {
    const answer = await fetch(`${base}/api/download/dca/link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accessKey: previewKey, version: '2.4.0', platform: 'x64', language: 'en' }),
    });
    const { url } = (await answer.json()) as { url: string };
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const expired = await fetch(`${base}${url}`);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toMatchObject({ code: 'DOWNLOAD_LINK_EXPIRED' });
    const forged = await fetch(`${base}${url.slice(0, -2)}AA`);
    expect(await forged.json()).toMatchObject({ code: 'DOWNLOAD_LINK_INVALID' });
    const garbage = await fetch(`${base}/api/download/file?token=..%2f..%2fetc%2fpasswd`);
    expect(garbage.status).toBe(400);
  });

  it('serves SHA256SUMS and its signature, which verify with the public key in node:crypto and in openssl', async () => {
    const sums = await fetch(`${base}/api/download/dca/releases/2.4.0/SHA256SUMS?accessKey=${stableKey}`);
    expect(sums.status).toBe(200);
    const text = await sums.text();
    const release = (await listing(stableKey)).releases.find((r) => r.version === '2.4.0');
    expect(text).toBe(release?.checksums);
    for (const file of release?.files ?? []) expect(text).toContain(`${file.sha256}  ${file.fileName}\n`);
    const signature = Buffer.from(
      await (
        await fetch(`${base}/api/download/dca/releases/2.4.0/SHA256SUMS.sig?accessKey=${stableKey}`)
      ).arrayBuffer(),
    );
    expect(signature).toHaveLength(64);
    const keyAnswer = await fetch(`${base}/api/download/release-signing-key.pem`);
    const publicKey = await keyAnswer.text();
    expect(publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(verifySignature(publicKey, text, signature)).toBe(true);

    // The command the installer page documents, when this machine has OpenSSL 3.
    const haveOpenssl = await run('openssl', ['version']).then(
      ({ stdout }) => /^OpenSSL 3\./.test(stdout),
      () => false,
    );
    expect(haveOpenssl, 'openssl 3 is needed for the documented verification').toBe(true);
    const dir = await mkdtemp(join(tmpdir(), 'verify-'));
    try {
      await writeFile(join(dir, 'SHA256SUMS'), text);
      await writeFile(join(dir, 'SHA256SUMS.sig'), signature);
      await writeFile(join(dir, 'portico-release-key.pem'), publicKey);
      const args = ['pkeyutl', '-verify', '-pubin', '-inkey', 'portico-release-key.pem', '-rawin'];
      const ok = await run('openssl', [...args, '-in', 'SHA256SUMS', '-sigfile', 'SHA256SUMS.sig'], {
        cwd: dir,
      });
      expect(ok.stdout).toContain('Signature Verified Successfully');
      await writeFile(join(dir, 'SHA256SUMS'), `${text}# tampered\n`);
      await expect(
        run('openssl', [...args, '-in', 'SHA256SUMS', '-sigfile', 'SHA256SUMS.sig'], { cwd: dir }),
      ).rejects.toMatchObject({ stdout: expect.stringContaining('Signature Verification Failure') });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('serves the newest stable version on the spec route even to a key that also sees preview', async () => {
    const response = await fetch(
      `${base}/api/download/dcainstaller?accessKey=${previewKey}&platform=x64&language=en`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('PorticoDCA-2.4.0-x64.msi');
    await response.arrayBuffer();
    const preview = await fetch(
      `${base}/api/download/dcainstaller?accessKey=${previewKey}&platform=x64&language=en&version=2.5.0-beta.1`,
    );
    expect(preview.headers.get('content-disposition')).toContain('PorticoDCA-2.5.0-beta.1-x64.msi');
    await preview.arrayBuffer();
  });
});
