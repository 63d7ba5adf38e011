import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export interface TestDatabase {
  /** URL of a fresh, empty database of its own. */
  url: string;
  /** Drops the database. */
  drop(): Promise<void>;
}

/** The PostgreSQL server from test/postgres-global-setup.ts; throws (failing the test) when there is none. */
export function postgresServerUrl(): string {
  const postgres = inject('postgres');
  if ('problem' in postgres) throw new Error(postgres.problem);
  return postgres.url;
}

/** Creates `t_<random>` on the test server, for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = postgresServerUrl();
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
