import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PortalConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/database.ts';
import type { EmbedInfoProvider } from '../../src/embed/provider.ts';
import { seedSampleData } from '../../src/seed/sample-data.ts';
import type { SeedResult } from '../../src/seed/sample-data.ts';
import { startFakeAuthority } from './fake-authority.ts';
import type { FakeAuthority } from './fake-authority.ts';
import { openMigratedPglite, testApp, testConfig } from './test-app.ts';

/** The sample users of apps/identity as their tokens describe them, and someone who belongs nowhere. */
export const SAMPLE_USERS = {
  alice: { sub: 'sub-alice', email: 'alice@contoso.example', groups: ['contoso-users'] },
  bob: { sub: 'sub-bob', email: 'bob@fabrikam.example', groups: ['fabrikam-users'] },
  carol: { sub: 'sub-carol', email: 'carol@contoso.example', groups: ['contoso-users', 'fabrikam-users'] },
  mallory: { sub: 'sub-mallory', email: 'mallory@evil.example', groups: ['contoso-users-x'] },
} as const;
export type SampleUser = keyof typeof SAMPLE_USERS;

/** Who belongs to what after the seed (fleet-data's SAMPLE_MEMBERSHIPS; tailspin has nobody). */
export const EXPECTED_ACCOUNTS: Readonly<Record<SampleUser, readonly string[]>> = {
  alice: ['contoso_emea', 'contoso_us'],
  bob: ['fabrikam'],
  carol: ['contoso_emea', 'fabrikam', 'northwind'],
  mallory: [],
};

export const ARTIFACT_BYTES = 256 * 1024;

export interface SeededApp {
  app: FastifyInstance;
  config: PortalConfig;
  seed: SeedResult;
  dataDir: string;
  /** `authorization` header of a sample user. */
  bearer(user: SampleUser, claims?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

/** The app on a seeded database (sample accounts, memberships, keys, catalog, small artifacts in a temp folder). */
export async function seededApp(
  database: Database,
  authority: FakeAuthority,
  options: {
    env?: Record<string, string>;
    embedInfoProvider?: EmbedInfoProvider;
    /** The app's logger (a captured one, to read what it logged); none by default. */
    logger?: FastifyBaseLogger;
  } = {},
): Promise<SeededApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-seeded-'));
  const config = testConfig({
    OIDC_AUTHORITY: authority.url,
    PORTICO_DATA_DIR: dataDir,
    PORTAL_INSTALLER_FAILURE_LIMIT: '1000',
    ...options.env,
  });
  const seed = await seedSampleData(database.db, {
    dataDir,
    publicUrl: config.publicUrl,
    artifactBytes: ARTIFACT_BYTES,
  });
  const app = await testApp({
    config,
    database,
    ...(options.embedInfoProvider === undefined ? {} : { embedInfoProvider: options.embedInfoProvider }),
    ...(options.logger === undefined ? {} : { logger: options.logger }),
  });
  return {
    app,
    config,
    seed,
    dataDir,
    async bearer(user, claims = {}) {
      const { sub, email, groups } = SAMPLE_USERS[user];
      return `Bearer ${await authority.sign({ sub, email, groups: [...groups], name: user, ...claims })}`;
    },
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ListeningSeededApp extends SeededApp {
  database: Database;
  authority: FakeAuthority;
  /** `http://127.0.0.1:<port>` of the listening app. */
  base: string;
}

/**
 * For tests through real HTTP: a migrated PGlite, a fake authority, the seeded app listening on a free loopback port.
 * `close()` stops all three.
 */
export async function listeningSeededApp(
  options: Parameters<typeof seededApp>[2] = {},
): Promise<ListeningSeededApp> {
  const database = await openMigratedPglite();
  const authority = await startFakeAuthority();
  const seeded = await seededApp(database, authority, options);
  await seeded.app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(seeded.app.server.address() as AddressInfo).port}`;
  return {
    ...seeded,
    database,
    authority,
    base,
    async close() {
      await seeded.close();
      await authority.close();
      await database.close();
    },
  };
}
