import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRIVATE_UMASK, privateModesWarning, securePrivateDirectory } from './private-files.ts';

const mode = async (path: string) => (await stat(path)).mode & 0o777;

let root: string;
let umask: number;
beforeEach(async () => {
  umask = process.umask();
  root = await mkdtemp(join(tmpdir(), 'portico-private-'));
});
afterEach(async () => {
  process.umask(umask);
  await rm(root, { recursive: true, force: true });
});

describe('securePrivateDirectory', () => {
  it('creates the data directory and the app directory 0700 and makes files created afterwards 0600', async () => {
    process.umask(0o022);
    const dataDir = join(root, 'data');
    expect(await securePrivateDirectory(dataDir, 'portal')).toBe(0);
    expect(await mode(dataDir)).toBe(0o700);
    expect(await mode(join(dataDir, 'portal'))).toBe(0o700);
    expect(process.umask()).toBe(PRIVATE_UMASK);
    await writeFile(join(dataDir, 'portal', 'later.json'), '{}');
    await mkdir(join(dataDir, 'portal', 'later'));
    expect(await mode(join(dataDir, 'portal', 'later.json'))).toBe(0o600);
    expect(await mode(join(dataDir, 'portal', 'later'))).toBe(0o700);
  });

  it('tightens existing loose directories and files of the app directory and counts them', async () => {
    const dataDir = join(root, 'data');
    await mkdir(join(dataDir, 'portal', 'pglite', 'base'), { recursive: true });
    await writeFile(join(dataDir, 'portal', 'pglite', 'base', '1'), 'x');
    await writeFile(join(dataDir, 'portal', 'key.pem'), 'x');
    await writeFile(join(dataDir, 'other-app-file'), 'x');
    await chmod(join(dataDir, 'portal', 'pglite', 'base', '1'), 0o666);
    await chmod(join(dataDir, 'portal', 'key.pem'), 0o600);
    await chmod(join(dataDir, 'other-app-file'), 0o644);
    for (const dir of ['', 'portal', 'portal/pglite', 'portal/pglite/base'])
      await chmod(join(dataDir, dir), 0o755);

    // The data directory itself, three directories and one file of the app's tree were loose.
    expect(await securePrivateDirectory(dataDir, 'portal')).toBe(5);
    expect(await mode(dataDir)).toBe(0o700);
    expect(await mode(join(dataDir, 'portal', 'pglite', 'base'))).toBe(0o700);
    expect(await mode(join(dataDir, 'portal', 'pglite', 'base', '1'))).toBe(0o600);
    expect(await mode(join(dataDir, 'portal', 'key.pem'))).toBe(0o600);
    // Another app's files are that app's business.
    expect(await mode(join(dataDir, 'other-app-file'))).toBe(0o644);
    expect(await securePrivateDirectory(dataDir, 'portal')).toBe(0);
  });

  it('tightens the whole data directory when no app directory is named', async () => {
    process.umask(0o022);
    await mkdir(join(root, 'a', 'b'), { recursive: true });
    await writeFile(join(root, 'a', 'b', 'f'), 'x', { mode: 0o644 });
    expect(await securePrivateDirectory(root)).toBe(3);
    expect(await mode(join(root, 'a'))).toBe(0o700);
    expect(await mode(join(root, 'a', 'b', 'f'))).toBe(0o600);
  });
});

describe('privateModesWarning', () => {
  it('is one line naming the count and the directory', () => {
    expect(privateModesWarning('/srv/data', 969)).toBe(
      'tightened the permissions of 969 entries in /srv/data that other local users could read or write: directories are now 0700, files 0600',
    );
  });
});
