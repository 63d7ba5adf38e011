// Vitest global setup: a PostgreSQL server for the database tests.
//
// TEST_DATABASE_URL wins when set. Otherwise, when Debian's PostgreSQL binaries are installed, a throw-away cluster is
// created in a temporary folder, started on a free port and deleted at the end of the run. When neither exists the
// PostgreSQL tests fail (test/helpers/postgres.ts says why); they never skip.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL with rights to create databases, or the reason there is none. */
    postgres: { url: string } | { problem: string };
  }
}

const POSTGRES_ROOT = '/usr/lib/postgresql';

function findBinaries(): string | undefined {
  if (!existsSync(POSTGRES_ROOT)) return undefined;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => join(POSTGRES_ROOT, v, 'bin')).find((bin) => existsSync(join(bin, 'initdb')));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address !== null ? resolve(address.port) : reject(),
      );
    });
  });
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const given = process.env['TEST_DATABASE_URL'];
  if (given !== undefined && given !== '') {
    project.provide('postgres', { url: given });
    return undefined;
  }
  const bin = findBinaries();
  if (bin === undefined) {
    project.provide('postgres', {
      problem:
        'No PostgreSQL server for the database tests: set TEST_DATABASE_URL to a PostgreSQL URL that may create ' +
        `databases, or install PostgreSQL (apt-get install -y postgresql) so that ${POSTGRES_ROOT}/*/bin/initdb exists.`,
    });
    return undefined;
  }

  // The server refuses to run as root: as root, run it as the postgres user on a folder that user owns.
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, command), args, { stdio: 'pipe' });

  const dir = await mkdtemp(join(tmpdir(), 'portico-pg-'));
  const data = join(dir, 'data');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    await chown(dir, uid, gid);
  }
  const port = await freePort();
  try {
    run('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-o',
      `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
      'start',
    ]);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(
      `Could not start a throw-away PostgreSQL cluster with ${bin}: ${stderr || String(error)}`,
    );
  }

  project.provide('postgres', { url: `postgres://postgres@127.0.0.1:${port}/postgres` });

  return async () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
