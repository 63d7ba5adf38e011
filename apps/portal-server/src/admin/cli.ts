// `npm run admin -- <group> <action> …`: administration of customer accounts, memberships and access keys.
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { ConfigError } from '@portico/env-config';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import type { Database } from '../db/database.ts';
import { UsageError, runCommand } from './commands.ts';
import { RELEASES_USAGE, RELEASE_OPTIONS, runReleaseCommand } from './releases.ts';

export const USAGE = `Usage: npm run admin -- <command> [options]

  accounts create <databaseName> [--name <accountName>] [--customer <customerName>]
  accounts list
  members grant  <databaseName> (<email or subject> | --email <e> | --subject <s> | --group <g>)
  members revoke <databaseName> (<email or subject> | --email <e> | --subject <s> | --group <g>)
  members list   [databaseName]
  keys create <databaseName> [--installees dca,controlPanel,controlPanelUpgrade] [--channels stable,preview]
              [--days <n> | --expires <date>]
  keys channels <id or prefix> <stable,preview>
  keys list   [databaseName]
  keys revoke <id or prefix>
  reports grant  (<databaseName> | --group <g>) (<reportId> | --all)
  reports revoke (<databaseName> | --group <g>) (<reportId> | --all)
  reports list   [databaseName | --group <g>]
${RELEASES_USAGE}
  help

The database is the portal's: DATABASE_URL, else the embedded one in PORTICO_DATA_DIR (stop the portal first: the
embedded database has one writer). Releases are stored and signed in PORTICO_DATA_DIR. A new key is printed once,
with its installer page URLs under PORTAL_PUBLIC_URL. Members of an account (or a group) open the analytics reports
granted to it; --all grants every report and dashboard (other customers' saved copies excepted).`;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env: Record<string, string | undefined>;
  /** An open database (tests); by default the configured one, migrated, closed at the end. */
  database?: Database;
  now?: Date;
}

/**
 * Runs the admin tool; resolves to the exit code (0 done, 1 nothing to do, 2 bad usage or configuration).
 *
 * ```ts
 * await main(['accounts', 'list'], { out: console.log, err: console.error, env: process.env });
 * ```
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        name: { type: 'string' },
        customer: { type: 'string' },
        email: { type: 'string' },
        subject: { type: 'string' },
        group: { type: 'string' },
        installees: { type: 'string' },
        days: { type: 'string' },
        expires: { type: 'string' },
        all: { type: 'boolean' },
        channels: { type: 'string' },
        ...RELEASE_OPTIONS,
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    io.err(`admin: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const [group, action, ...args] = parsed.positionals;
  if (parsed.values.help === true || group === undefined || group === 'help') {
    (group === undefined && parsed.values.help !== true ? io.err : io.out)(USAGE);
    return group === undefined && parsed.values.help !== true ? 2 : 0;
  }
  let config;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.err(`admin: ${error.message}`);
    return 2;
  }
  const database = io.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  try {
    if (io.database === undefined) await database.migrate();
    const now = io.now ?? new Date();
    const released = await runReleaseCommand(
      { db: database.db, dataDir: config.dataDir, out: io.out, now, usage: (m) => new UsageError(m) },
      `${group} ${action ?? ''}`,
      args,
      parsed.values,
    );
    if (released !== undefined) return released;
    return await runCommand(
      { db: database.db, publicUrl: config.publicUrl, out: io.out, now },
      group,
      action,
      args,
      parsed.values,
    );
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`admin: ${error.message}\n\n${USAGE}`);
    return 2;
  } finally {
    if (io.database === undefined) await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const code = await main(process.argv.slice(2), {
    // The admin tool's output is its product; lint allows console.info.
    out: (line) => console.info(line),
    err: (line) => console.error(line),
    env: process.env,
  });
  process.exitCode = code;
}
