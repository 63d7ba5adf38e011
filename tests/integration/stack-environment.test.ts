import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
// @ts-expect-error: the launcher scripts are plain JavaScript modules without type declarations
import { stackEnvironment } from '../../scripts/stack.mjs';
import { sampleInstallerSummary } from '../../scripts/start-summary.mjs';

type Env = Record<string, string | undefined>;
const environment = stackEnvironment as (env: Env, options?: { devWebOrigin?: string }) => Env;
const summary = sampleInstallerSummary;

let root: string;
let umask: number;
beforeAll(async () => {
  umask = process.umask();
  root = await mkdtemp(join(tmpdir(), 'portico-stack-'));
});
afterEach(() => {
  process.umask(umask);
  vi.restoreAllMocks();
});
afterAll(async () => rm(root, { recursive: true, force: true }));

async function looseEntries(dir: string): Promise<string[]> {
  const loose: string[] = [];
  const walk = async (path: string): Promise<void> => {
    const info = await stat(path);
    if ((info.mode & 0o077) !== 0) loose.push(path);
    if (info.isDirectory()) for (const entry of await readdir(path)) await walk(join(path, entry));
  };
  await walk(dir);
  return loose;
}

describe('the environment of npm start', () => {
  it('registers only the portal origin at the identity provider and the analytics service, not the Vite dev server', () => {
    const env = environment({ PORTICO_DATA_DIR: join(root, 'start') });
    expect(env.IDENTITY_CLIENT_ORIGINS).toBe('http://localhost:4400');
    expect(env.ANALYTICS_EMBED_ORIGINS).toBe('http://localhost:4400');
    expect(env.PORTAL_DEV_ORIGIN).toBeUndefined();
  });

  it('leaves the missing-translations writer off', () => {
    const env = environment({ PORTICO_DATA_DIR: join(root, 'start') });
    expect(env.PORTAL_RECORD_MISSING_TRANSLATIONS).toBeUndefined();
  });

  it('creates the data directory 0700 and makes the files the servers write later 0600', async () => {
    process.umask(0o022);
    const dataDir = join(root, 'fresh');
    environment({ PORTICO_DATA_DIR: dataDir });
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    // The umask is inherited by every server the launcher starts.
    expect(process.umask()).toBe(0o077);
    expect((await stat(join(dataDir, 'secrets', 'analytics-client-secret'))).mode & 0o777).toBe(0o600);
  });

  it('tightens an existing data directory in one warning line', async () => {
    process.umask(0o022);
    const dataDir = join(root, 'old');
    await mkdir(join(dataDir, 'portal', 'pglite', 'base'), { recursive: true });
    await mkdir(join(dataDir, 'analytics'), { recursive: true });
    for (const file of ['portal/pglite/PG_VERSION', 'portal/pglite/base/1', 'analytics/fleet.duckdb']) {
      await writeFile(join(dataDir, file), 'x');
      await chmod(join(dataDir, file), 0o666);
    }
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    environment({ PORTICO_DATA_DIR: dataDir });
    expect(await looseEntries(dataDir)).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/^Tightened the permissions of 8 entries in .*old/);
    warn.mockClear();
    environment({ PORTICO_DATA_DIR: dataDir });
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('the environment of npm run dev', () => {
  it('adds the Vite dev server origin and records missing translations', () => {
    const env = environment(
      { PORTICO_DATA_DIR: join(root, 'dev') },
      { devWebOrigin: 'http://localhost:5173' },
    );
    expect(env.IDENTITY_CLIENT_ORIGINS).toBe('http://localhost:4400,http://localhost:5173');
    expect(env.ANALYTICS_EMBED_ORIGINS).toBe('http://localhost:4400,http://localhost:5173');
    expect(env.PORTAL_DEV_ORIGIN).toBe('http://localhost:5173');
    expect(env.PORTAL_RECORD_MISSING_TRANSLATIONS).toBe('true');
  });

  it('keeps a writer setting the user gave', () => {
    const env = environment(
      { PORTICO_DATA_DIR: join(root, 'dev'), PORTAL_RECORD_MISSING_TRANSLATIONS: 'false' },
      { devWebOrigin: 'http://localhost:5173' },
    );
    expect(env.PORTAL_RECORD_MISSING_TRANSLATIONS).toBe('false');
  });
});

describe('the sample installer lines of npm start', () => {
  const lines = [
    'Installer for dca: http://localhost:4400/DcaInstaller/KEY-dca',
    'Installer for controlPanel: http://localhost:4400/ControlPanelInstaller/KEY-cp',
  ];

  it('show the URLs with their keys on the start that made them', async () => {
    const dataDir = join(root, 'installers-first');
    await mkdir(join(dataDir, 'portal'), { recursive: true });
    await writeFile(join(dataDir, 'portal', 'sample-installer-urls.txt'), `${lines.join('\n')}\n`);
    const shown = summary(dataDir, { existedBefore: false }).join('\n');
    expect(shown).toContain(lines[0]);
    expect(shown).toContain(lines[1]);
  });

  it('never show a key again on a later start, only where the URLs are and how to make a new key', async () => {
    const dataDir = join(root, 'installers-later');
    await mkdir(join(dataDir, 'portal'), { recursive: true });
    await writeFile(join(dataDir, 'portal', 'sample-installer-urls.txt'), `${lines.join('\n')}\n`);
    const shown = summary(dataDir, { existedBefore: true }).join('\n');
    expect(shown).not.toContain('KEY-');
    expect(shown).toContain(join(dataDir, 'portal', 'sample-installer-urls.txt'));
    expect(shown).toContain('npm run admin -- keys create contoso_emea');
  });

  it('say nothing when the portal seeded no sample keys', () => {
    expect(summary(join(root, 'installers-none'), { existedBefore: false })).toEqual([]);
  });
});
