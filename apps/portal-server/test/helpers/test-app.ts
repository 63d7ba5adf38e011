import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { BuildAppOptions } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { PortalConfig } from '../../src/config.ts';
import { openPglite } from '../../src/db/database.ts';
import type { Database, PortalDb } from '../../src/db/database.ts';

export const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/app-1a2b3c.js"></script></body></html>';
export const TRANSLATION = { Menu: { home: 'Home', about: 'About' } };

/** A temporary folder shaped like portal-web's production build. */
export async function createWebDist(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-web-dist-'));
  await mkdir(join(dir, 'assets'));
  await mkdir(join(dir, 'locales', 'en'), { recursive: true });
  await writeFile(join(dir, 'index.html'), INDEX_HTML);
  await writeFile(
    join(dir, 'assets', 'app-1a2b3c.js'),
    `console.log(${JSON.stringify('x'.repeat(2000))});\n`,
  );
  await writeFile(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(dir, 'locales', 'en', 'translation.json'), JSON.stringify(TRANSLATION));
  // A file the locales route must never reach through a crafted path.
  await writeFile(join(dir, 'secret.json'), '{"secret":true}');
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Configuration for tests: everything in temporary folders, silent logs. */
export function testConfig(env: Record<string, string> = {}): PortalConfig {
  return loadConfig({ PORTICO_DATA_DIR: join(tmpdir(), 'portal-server-tests'), LOG_LEVEL: 'silent', ...env });
}

/** A database for routes that never touch it; `ping` as given. */
export function stubDatabase(ping: () => Promise<void> = async () => undefined): Database {
  return {
    db: {} as PortalDb,
    kind: 'pglite',
    ping,
    migrate: async () => undefined,
    close: async () => undefined,
  };
}

/** An in-memory PGlite database with the migrations applied: one per test file, closed in afterAll. */
export async function openMigratedPglite(): Promise<Database> {
  const database = openPglite(await PGlite.create());
  await database.migrate();
  return database;
}

export function testApp(
  options: Partial<BuildAppOptions> & { config: PortalConfig },
): Promise<FastifyInstance> {
  return buildApp({ logger: false, database: stubDatabase(), ...options });
}
