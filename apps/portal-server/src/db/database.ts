import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { securePrivateDirectory } from '@portico/server-kit';
import pg from 'pg';
import * as schema from './schema.ts';

/** The drizzle database, whichever driver is behind it. */
export type PortalDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  readonly db: PortalDb;
  readonly kind: 'pglite' | 'postgres';
  /** Resolves when the database answers `select 1`. */
  ping(): Promise<void>;
  /** Applies the migrations in apps/portal-server/drizzle that have not run yet. */
  migrate(): Promise<void>;
  /** Safe to call twice. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A postgres:// URL; when unset, the embedded PGlite database in `${dataDir}/portal/pglite`. */
  url?: string | undefined;
  dataDir: string;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Opens the portal database: PostgreSQL when a URL is given, otherwise the embedded PGlite files.
 *
 * ```ts
 * const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
 * await database.migrate();
 * ```
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url !== undefined) return openPostgres(options.url);
  const dir = join(options.dataDir, 'portal', 'pglite');
  // Owner-only: files an older start left readable are tightened (the launcher has already said so in its warning
  // line), and the umask 0077 makes the files Postgres writes later 0600. PGlite unpacks a new cluster with the modes
  // of its bundled archive (0666) whatever the umask, so the directory is tightened again once it is open.
  const pglite = join('portal', 'pglite');
  await securePrivateDirectory(options.dataDir, pglite);
  const client = await PGlite.create(dir);
  await securePrivateDirectory(options.dataDir, pglite);
  return openPglite(client);
}

/** Wraps an open PGlite instance (tests use an in-memory one); closing the Database closes it. */
export function openPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'pglite',
    async ping() {
      await db.execute(sql`select 1`);
    },
    async migrate() {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    close() {
      closing ??= client.closed ? Promise.resolve() : client.close();
      return closing;
    },
  };
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client that loses its connection emits 'error' on the pool; without a listener that would crash the
  // process. The next query reports the problem instead.
  pool.on('error', () => undefined);
  const db = drizzleNodePostgres({ client: pool, schema });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'postgres',
    async ping() {
      await db.execute(sql`select 1`);
    },
    async migrate() {
      await migrateNodePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    close() {
      closing ??= pool.end();
      return closing;
    },
  };
}
