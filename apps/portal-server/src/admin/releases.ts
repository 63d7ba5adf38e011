import { readFile } from 'node:fs/promises';
import { and, desc, eq, sql } from 'drizzle-orm';
import { auditLog, CHANNELS, INSTALLEES } from '../db/schema.ts';
import type { Channel, Installee } from '../db/schema.ts';
import {
  ANY_LANGUAGE,
  ReleaseError,
  listReleases,
  publishRelease,
  releaseRoot,
  yankRelease,
} from '../installers/releases.ts';
import { loadReleaseSigner } from '../installers/signing.ts';
import { isVersion } from '../installers/versions.ts';
import type { PortalDb } from '../db/database.ts';

// The admin CLI's release and download-audit commands (`releases …`, `downloads list`), kept apart from
// commands.ts so each group of commands has its own module.

export const RELEASES_USAGE = `  releases publish <installee> --version <v> --channel stable|preview --file <path>
                   [--platform x86|x64] [--language <lng>|all] [--notes <file.md>] [--notes-<lng> <file.md>]
  releases list    <installee>
  releases yank    <installee> <version>
  downloads list   [databaseName] [--limit <n>]`;

/** The parseArgs options these commands read; `--notes-<lng>` for every supported language but en. */
export const RELEASE_OPTIONS = {
  version: { type: 'string' },
  channel: { type: 'string' },
  file: { type: 'string' },
  platform: { type: 'string' },
  language: { type: 'string' },
  notes: { type: 'string' },
  'notes-de': { type: 'string' },
  'notes-es': { type: 'string' },
  'notes-fr': { type: 'string' },
  'notes-ja': { type: 'string' },
  'notes-pl': { type: 'string' },
  'notes-ru': { type: 'string' },
  limit: { type: 'string' },
} as const;

export interface ReleaseCommandContext {
  db: PortalDb;
  dataDir: string;
  out: (line: string) => void;
  now: Date;
  /** Thrown for a mistake in the command line (printed with the usage, exit code 2). */
  usage: (message: string) => Error;
}

type Options = Record<string, string | boolean | undefined>;
const text = (options: Options, name: string): string | undefined => {
  const value = options[name];
  return typeof value === 'string' ? value : undefined;
};

function installeeOf(value: string | undefined, context: ReleaseCommandContext): Installee {
  if (value === undefined || !(INSTALLEES as readonly string[]).includes(value))
    throw context.usage(`name the installee: ${INSTALLEES.join(', ')}`);
  return value as Installee;
}

const mebibytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** Runs `releases …` or `downloads list`; undefined when the command is not one of these. */
export async function runReleaseCommand(
  context: ReleaseCommandContext,
  key: string,
  args: readonly string[],
  options: Options,
): Promise<number | undefined> {
  const { db, out } = context;
  switch (key) {
    case 'releases publish': {
      const installee = installeeOf(args[0], context);
      const version = text(options, 'version');
      const channel = text(options, 'channel') ?? 'stable';
      const file = text(options, 'file');
      if (version === undefined || !isVersion(version))
        throw context.usage('--version must be a version such as 1.4.0 or 1.5.0-beta.1');
      if (!(CHANNELS as readonly string[]).includes(channel))
        throw context.usage(`--channel must be one of ${CHANNELS.join(', ')}`);
      if (file === undefined) throw context.usage('--file names the installer to publish');
      const platform = text(options, 'platform') ?? 'x64';
      if (platform !== 'x86' && platform !== 'x64') throw context.usage('--platform must be x86 or x64');
      const language = text(options, 'language') ?? 'all';
      const notes: Record<string, string> = {};
      for (const [name, value] of Object.entries(options)) {
        if (typeof value !== 'string' || (name !== 'notes' && !name.startsWith('notes-'))) continue;
        const lng = name === 'notes' ? 'en' : name.slice('notes-'.length);
        try {
          notes[lng] = await readFile(value, 'utf8');
        } catch {
          throw context.usage(`cannot read the notes file ${value}`);
        }
      }
      try {
        const signer = await loadReleaseSigner(context.dataDir);
        const {
          release,
          file: published,
          created,
        } = await publishRelease(db, releaseRoot(context.dataDir), signer, {
          installee,
          version,
          channel: channel as Channel,
          source: file,
          platform,
          language: language === 'all' ? ANY_LANGUAGE : language,
          notes,
          now: context.now,
        });
        out(
          `${created ? 'published' : 'added to'} ${installee} ${release.version} (${release.channel}): ${published.fileName}, ${published.size} bytes`,
        );
        out(`sha256 ${published.sha256}`);
        out(`notes in ${Object.keys(release.notes).sort().join(', ') || 'no language'}`);
        out(`SHA256SUMS of ${release.files.length} file(s) signed`);
        return 0;
      } catch (error) {
        if (error instanceof ReleaseError) throw context.usage(error.message);
        throw error;
      }
    }
    case 'releases list': {
      const installee = installeeOf(args[0], context);
      for (const release of await listReleases(db, installee, { includeYanked: true })) {
        const state = release.yankedAt === null ? '' : `\tyanked ${release.yankedAt.toISOString()}`;
        out(
          `${release.version}\t${release.channel}\t${release.publishedAt.toISOString()}\t${release.files.length} file(s)\tnotes ${Object.keys(release.notes).sort().join(',') || '-'}${state}`,
        );
        for (const file of release.files) out(`  ${file.fileName}\t${mebibytes(file.size)}\t${file.sha256}`);
      }
      return 0;
    }
    case 'releases yank': {
      const installee = installeeOf(args[0], context);
      const version = args[1];
      if (version === undefined || !isVersion(version)) throw context.usage('name the version to yank');
      const yanked = await yankRelease(db, installee, version, context.now);
      out(yanked ? `yanked ${installee} ${version}` : `no published ${installee} ${version}`);
      return yanked ? 0 : 1;
    }
    case 'downloads list': {
      const account = args[0];
      if (account !== undefined && !/^[a-z][a-z0-9_]{0,62}$/.test(account))
        throw context.usage('name the account by its databaseName');
      const limitText = text(options, 'limit') ?? '100';
      if (!/^\d{1,5}$/.test(limitText) || Number(limitText) < 1)
        throw context.usage('--limit must be a whole number ≥ 1');
      const rows = await db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'installer.download'),
            account === undefined ? sql`true` : sql`${auditLog.detail}->>'account' = ${account}`,
          ),
        )
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(Number(limitText));
      for (const row of rows) {
        const detail = row.detail ?? {};
        const who = typeof detail.account === 'string' ? detail.account : '-';
        const from =
          typeof detail.start === 'number' && detail.start > 0 ? ` (from byte ${detail.start})` : '';
        out([row.at.toISOString(), who, row.actor, row.target, `${row.outcome}${from}`].join('\t'));
      }
      if (rows.length === 0) out('no downloads');
      return 0;
    }
    default:
      return undefined;
  }
}
