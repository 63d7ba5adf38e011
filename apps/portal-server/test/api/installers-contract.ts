import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessKey, revokeAccessKey } from '../../src/db/access-keys.ts';
import type { Database } from '../../src/db/database.ts';
import { accessKeys, auditLog } from '../../src/db/schema.ts';
import { startFakeAuthority } from '../helpers/fake-authority.ts';
import type { FakeAuthority } from '../helpers/fake-authority.ts';
import { ARTIFACT_BYTES, seededApp } from '../helpers/seeded-app.ts';
import type { SeededApp } from '../helpers/seeded-app.ts';
import { releaseFilePath, releaseRoot } from '../../src/installers/releases.ts';
import { sampleKeysFile, seedSampleData } from '../../src/seed/sample-data.ts';

let nextAddress = 1;
/** Each test its own client address, so failed attempts of one never rate-limit another. */
const client = () => `10.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

/** Installer downloads by access key, on whichever database `open` gives. */
export function installersContract(kind: Database['kind'], open: () => Promise<Database>) {
  describe(`installer downloads on ${kind}`, () => {
    let database: Database;
    let authority: FakeAuthority;
    let s: SeededApp;
    let dcaKey: string;
    let artifact: Buffer;

    beforeAll(async () => {
      database = await open();
      authority = await startFakeAuthority();
      s = await seededApp(database, authority, { env: { PORTAL_INSTALLER_FAILURE_LIMIT: '5' } });
      dcaKey = s.seed.keys.dca ?? '';
      // Without a version the route serves the newest stable one.
      artifact = await readFile(
        releaseFilePath(releaseRoot(s.dataDir), 'dca', '2.4.0', 'PorticoDCA-2.4.0-x64.msi'),
      );
    });
    afterAll(async () => {
      await s?.close();
      await authority?.close();
      await database?.close();
    });

    const fetchInstaller = (
      installee: string,
      query: Record<string, string>,
      headers: Record<string, string> = {},
      remoteAddress = client(),
    ) =>
      s.app.inject({
        url: `/api/download/${installee}installer`,
        query: { platform: 'x64', language: 'en', ...query },
        headers,
        remoteAddress,
      });

    it('seeds one key per installee and prints one installer URL per installee', () => {
      expect(Object.keys(s.seed.keys).sort()).toEqual(['controlPanel', 'controlPanelUpgrade', 'dca']);
      expect(s.seed.installerLines).toEqual([
        `Installer for dca: http://localhost:4400/DcaInstaller/${dcaKey}`,
        `Installer for controlPanel: http://localhost:4400/ControlPanelInstaller/${s.seed.keys.controlPanel}`,
        expect.stringMatching(
          /^Installer for controlPanelUpgrade: http:\/\/localhost:4400\/ControlPanelUpgrade\//,
        ),
      ]);
      expect(artifact).toHaveLength(ARTIFACT_BYTES);
    });

    it('shows the sample keys only when it makes them: a later start prints no key', async () => {
      const again = await seedSampleData(database.db, {
        dataDir: s.dataDir,
        publicUrl: s.config.publicUrl,
        artifactBytes: ARTIFACT_BYTES,
      });
      expect(again.seededAccounts).toBe(false);
      expect(again.keys).toEqual({});
      expect(again.installerLines).toEqual([]);
      // The URLs stay in the owner-only file the first start wrote, for `npm start` to point at.
      const file = sampleKeysFile(s.dataDir);
      expect(await readFile(file, 'utf8')).toContain(`/DcaInstaller/${dcaKey}`);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
    });

    it('streams the installer with length, ETag, digests and a file name, and counts the use', async () => {
      const res = await fetchInstaller('dca', { accessKey: dcaKey });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(artifact)).toBe(true);
      const sha = createHash('sha256').update(artifact).digest('base64');
      expect(res.headers).toMatchObject({
        'content-length': String(ARTIFACT_BYTES),
        'accept-ranges': 'bytes',
        'repr-digest': `sha-256=:${sha}:`,
        digest: `sha-256=${sha}`,
        'content-disposition': `attachment; filename="PorticoDCA-2.4.0-x64.msi"; filename*=UTF-8''PorticoDCA-2.4.0-x64.msi`,
      });
      expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const [row] = await database.db
        .select()
        .from(accessKeys)
        .where(eq(accessKeys.keyPrefix, dcaKey.slice(0, 8)));
      expect(row?.useCount).toBe(1);
      const [audit] = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
      expect(audit).toMatchObject({ action: 'installer.download', target: 'dca/2.4.0/x64/*', outcome: 'ok' });
    });

    it('answers ranges with 206, a stale If-Range with 200 and an unsatisfiable range with 416', async () => {
      const part = await fetchInstaller('dca', { accessKey: dcaKey }, { range: 'bytes=100-199' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-199/${ARTIFACT_BYTES}`);
      expect(part.rawPayload.equals(artifact.subarray(100, 200))).toBe(true);
      const suffix = await fetchInstaller('dca', { accessKey: dcaKey }, { range: 'bytes=-10' });
      expect(suffix.rawPayload.equals(artifact.subarray(ARTIFACT_BYTES - 10))).toBe(true);
      const stale = await fetchInstaller(
        'dca',
        { accessKey: dcaKey },
        { range: 'bytes=0-9', 'if-range': '"old"' },
      );
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload).toHaveLength(ARTIFACT_BYTES);
      const beyond = await fetchInstaller(
        'dca',
        { accessKey: dcaKey },
        { range: `bytes=${ARTIFACT_BYTES}-` },
      );
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${ARTIFACT_BYTES}`);
    });

    it('resumes an interrupted download to a byte-identical file', async () => {
      const first = await fetchInstaller('dca', { accessKey: dcaKey });
      const interruptedAt = 100_003;
      const partial = first.rawPayload.subarray(0, interruptedAt);
      const rest = await fetchInstaller(
        'dca',
        { accessKey: dcaKey },
        { range: `bytes=${interruptedAt}-`, 'if-range': String(first.headers.etag) },
      );
      expect(rest.statusCode).toBe(206);
      const whole = Buffer.concat([partial, rest.rawPayload]);
      expect(createHash('sha256').update(whole).digest('base64')).toBe(
        createHash('sha256').update(artifact).digest('base64'),
      );
    });

    it('refuses a missing, wrong, expired, revoked or wrong-installee key with 403 and a code of its own', async () => {
      const expired = await createAccessKey(database.db, {
        databaseName: 'fabrikam',
        installees: ['dca'],
        expiresAt: new Date(Date.now() - 1000),
      });
      const revoked = await createAccessKey(database.db, { databaseName: 'fabrikam', installees: ['dca'] });
      await revokeAccessKey(database.db, revoked?.prefix ?? '');
      const cases: [string, Record<string, string>, string][] = [
        ['dca', { accessKey: 'A'.repeat(43) }, 'ACCESS_KEY_INVALID'],
        ['dca', { accessKey: 'short' }, 'ACCESS_KEY_INVALID'],
        ['dca', {}, 'ACCESS_KEY_MISSING'],
        ['dca', { accessKey: '' }, 'ACCESS_KEY_MISSING'],
        ['controlPanel', {}, 'ACCESS_KEY_MISSING'],
        ['dca', { accessKey: expired?.key ?? '' }, 'ACCESS_KEY_EXPIRED'],
        ['dca', { accessKey: revoked?.key ?? '' }, 'ACCESS_KEY_REVOKED'],
        ['controlPanel', { accessKey: dcaKey }, 'ACCESS_KEY_WRONG_INSTALLEE'],
      ];
      for (const [installee, query, code] of cases) {
        const res = await fetchInstaller(installee, query);
        expect({ installee, code: res.json<{ code: string }>().code, status: res.statusCode }).toEqual({
          installee,
          code,
          status: 403,
        });
      }
    });

    it('validates platform and language and rejects traversal in every field', async () => {
      for (const query of [
        { platform: '../../etc' },
        { language: '..%2f..' },
        { language: 'en\u0000' },
        { platform: "x64' OR 1=1 --" },
        { accessKey: '../../../../etc/passwd' },
        { accessKey: `${dcaKey}'; DROP TABLE access_keys; --` },
      ]) {
        const res = await fetchInstaller('dca', { accessKey: dcaKey, ...query });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
    });

    it('answers 429 to every attempt, even with a good key, after a burst of bad keys', async () => {
      const address = client();
      const statuses: number[] = [];
      for (let i = 0; i < 8; i += 1) {
        statuses.push((await fetchInstaller('dca', { accessKey: 'B'.repeat(43) }, {}, address)).statusCode);
      }
      expect(statuses).toEqual([403, 403, 403, 403, 403, 429, 429, 429]);
      const good = await fetchInstaller('dca', { accessKey: dcaKey }, {}, address);
      expect(good.statusCode).toBe(429);
      expect(good.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect((await fetchInstaller('dca', { accessKey: dcaKey })).statusCode).toBe(200);
    });

    it('needs a signed-in member for the control-panel upgrade', async () => {
      const upgradeKey = s.seed.keys.controlPanelUpgrade ?? '';
      expect((await fetchInstaller('controlPanelUpgrade', {})).statusCode).toBe(401);
      const as = async (user: 'alice' | 'bob' | 'carol' | 'mallory', query: Record<string, string>) =>
        (await fetchInstaller('controlPanelUpgrade', query, { authorization: await s.bearer(user) }))
          .statusCode;
      expect(await as('alice', {})).toBe(200);
      expect(await as('mallory', {})).toBe(403);
      // The sample keys belong to contoso_emea: alice and carol are members, bob is not.
      expect(await as('alice', { accessKey: upgradeKey })).toBe(200);
      expect(await as('carol', { accessKey: upgradeKey })).toBe(200);
      expect(await as('bob', { accessKey: upgradeKey })).toBe(403);
      expect(await as('alice', { accessKey: dcaKey })).toBe(403);
    });
  });
}
