import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FileAdapter, pruneExpired } from './file-adapter.ts';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'identity-store-'));
});
afterEach(async () => {
  vi.useRealTimers();
  await rm(root, { recursive: true, force: true });
});

describe('FileAdapter', () => {
  it('keeps one file per id, named by its SHA-256 so the token never appears in a file name', async () => {
    const adapter = new FileAdapter('RefreshToken', root);
    await adapter.upsert('secret/../token', { grantId: 'g1', jti: 'secret/../token' }, 60);
    const files = await readdir(join(root, 'RefreshToken'));
    expect(files).toEqual([expect.stringMatching(/^[0-9a-f]{64}\.json$/)]);
    expect(await adapter.find('secret/../token')).toEqual({ grantId: 'g1', jti: 'secret/../token' });
  });

  it('forgets a record once it has expired', async () => {
    const adapter = new FileAdapter('AccessToken', root);
    await adapter.upsert('a', { grantId: 'g' }, 1);
    vi.useFakeTimers({ now: Date.now() + 2_000, toFake: ['Date'] });
    expect(await adapter.find('a')).toBeUndefined();
  });

  it('finds a session by uid and ignores an index entry that no longer matches', async () => {
    const adapter = new FileAdapter('Session', root);
    await adapter.upsert('s1', { uid: 'u1', accountId: 'alice' }, 60);
    expect((await adapter.findByUid('u1'))?.accountId).toBe('alice');
    await adapter.upsert('s1', { uid: 'u2', accountId: 'alice' }, 60);
    expect(await adapter.findByUid('u1')).toBeUndefined();
    await adapter.destroy('s1');
    expect(await adapter.findByUid('u2')).toBeUndefined();
  });

  it('finds by user code', async () => {
    const adapter = new FileAdapter('DeviceCode', root);
    await adapter.upsert('d1', { userCode: 'ABCD-EFGH' }, 60);
    expect(await adapter.findByUserCode('ABCD-EFGH')).toEqual({ userCode: 'ABCD-EFGH' });
  });

  it('marks a consumed record and keeps its expiry', async () => {
    const adapter = new FileAdapter('AuthorizationCode', root);
    await adapter.upsert('c1', { grantId: 'g' }, 60);
    await adapter.consume('c1');
    expect((await adapter.find('c1'))?.consumed).toEqual(expect.any(Number));
    const [file = ''] = await readdir(join(root, 'AuthorizationCode'));
    const stored = JSON.parse(await readFile(join(root, 'AuthorizationCode', file), 'utf8')) as {
      expiresAt: number;
    };
    expect(stored.expiresAt).toBeGreaterThan(Date.now());
  });

  it('revokes every record of a grant and nothing else', async () => {
    const adapter = new FileAdapter('RefreshToken', root);
    await adapter.upsert('r1', { grantId: 'g1' }, 60);
    await adapter.upsert('r2', { grantId: 'g1' }, 60);
    await adapter.upsert('r3', { grantId: 'g2' }, 60);
    await adapter.revokeByGrantId('g1');
    expect(await adapter.find('r1')).toBeUndefined();
    expect(await adapter.find('r2')).toBeUndefined();
    expect(await adapter.find('r3')).toEqual({ grantId: 'g2' });
  });

  it('refuses a model name that could escape the store folder', () => {
    expect(() => new FileAdapter('../Session', root)).toThrow();
  });
});

describe('pruneExpired', () => {
  it('deletes expired records and the index entries that pointed at them', async () => {
    const adapter = new FileAdapter('Session', root);
    await adapter.upsert('old', { uid: 'u-old' }, 1);
    await adapter.upsert('new', { uid: 'u-new' }, 3600);
    vi.useFakeTimers({ now: Date.now() + 2_000, toFake: ['Date'] });
    expect(await pruneExpired(root)).toBe(1);
    expect(await readdir(join(root, 'Session', '_by-uid'))).toHaveLength(1);
    expect((await adapter.findByUid('u-new'))?.uid).toBe('u-new');
  });
});
