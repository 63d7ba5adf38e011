import { createAccessKey, listAccessKeys, revokeAccessKey, setKeyChannels } from '../db/access-keys.ts';
import {
  createAccount,
  grantMembership,
  isDatabaseName,
  listAccounts,
  listMemberships,
  revokeMembership,
} from '../db/accounts.ts';
import type { PortalDb } from '../db/database.ts';
import { grantReport, isReportGrantId, listReportGrants, revokeReport } from '../db/report-grants.ts';
import type { Grantee, ReportGrant } from '../db/report-grants.ts';
import { ALL_REPORTS, CHANNELS, INSTALLEES } from '../db/schema.ts';
import type { Channel, Installee, PrincipalKind } from '../db/schema.ts';
import { installerPageUrl } from '../seed/sample-data.ts';

/** A mistake in the command line: printed with the usage, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export interface CommandContext {
  db: PortalDb;
  publicUrl: string;
  out: (line: string) => void;
  now: Date;
}

export type Options = Record<string, string | boolean | undefined>;

const text = (options: Options, name: string): string | undefined => {
  const value = options[name];
  return typeof value === 'string' ? value : undefined;
};

function databaseName(value: string | undefined): string {
  if (value === undefined) throw new UsageError('name the account by its databaseName');
  if (!isDatabaseName(value)) {
    throw new UsageError(
      `"${value}" is not a databaseName (lower-case letters, digits and _, starting with a letter)`,
    );
  }
  return value;
}

/** `--group g`, `--subject s`, `--email e`, or a bare principal: an email when it holds an @, else a subject. */
function principal(options: Options, positional: string | undefined): [PrincipalKind, string] {
  const given: [PrincipalKind, string | undefined][] = [
    ['group', text(options, 'group')],
    ['subject', text(options, 'subject')],
    ['email', text(options, 'email')],
  ];
  const named = given.filter((entry): entry is [PrincipalKind, string] => entry[1] !== undefined);
  if (positional !== undefined) named.push([positional.includes('@') ? 'email' : 'subject', positional]);
  if (named.length !== 1) throw new UsageError('name exactly one user (email or subject) or --group');
  const [entry] = named as [[PrincipalKind, string]];
  if (entry[1].trim() === '' || entry[1].length > 320)
    throw new UsageError('the principal must be 1–320 characters');
  return entry;
}

function installees(value: string | undefined): Installee[] {
  const list = (value ?? INSTALLEES.join(','))
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  const known: readonly string[] = INSTALLEES;
  for (const item of list) {
    if (!known.includes(item)) throw new UsageError(`unknown installee "${item}" (${INSTALLEES.join(', ')})`);
  }
  if (list.length === 0) throw new UsageError('--installees needs at least one installee');
  return list as Installee[];
}

/** `--channels stable,preview`: the release channels a key may see (default stable). */
function channels(value: string | undefined): Channel[] {
  const list = (value ?? 'stable')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  const known: readonly string[] = CHANNELS;
  for (const item of list) {
    if (!known.includes(item)) throw new UsageError(`unknown channel "${item}" (${CHANNELS.join(', ')})`);
  }
  if (list.length === 0) throw new UsageError('--channels needs at least one channel');
  return list as Channel[];
}

function expiry(options: Options, now: Date): Date | null {
  const days = text(options, 'days');
  const expires = text(options, 'expires');
  if (days !== undefined && expires !== undefined) throw new UsageError('give --days or --expires, not both');
  if (days !== undefined) {
    if (!/^\d{1,5}$/.test(days) || Number(days) < 1)
      throw new UsageError('--days must be a whole number ≥ 1');
    return new Date(now.getTime() + Number(days) * 86_400_000);
  }
  if (expires !== undefined) {
    const at = new Date(expires);
    if (!/^\d{4}-\d{2}-\d{2}/.test(expires) || Number.isNaN(at.getTime())) {
      throw new UsageError('--expires must be an ISO date or time (2030-12-31)');
    }
    if (at.getTime() <= now.getTime()) throw new UsageError('--expires must be in the future');
    return at;
  }
  return null;
}

const iso = (date: Date | null) => (date === null ? '-' : date.toISOString());

/** `--group g` or an account's databaseName (the first positional); returns the grantee and the positionals left. */
function grantee(options: Options, args: readonly string[]): [Grantee, readonly string[]] {
  const group = text(options, 'group');
  if (group === undefined) return [{ databaseName: databaseName(args[0]) }, args.slice(1)];
  if (group.trim() === '' || group.length > 320) throw new UsageError('the group must be 1–320 characters');
  return [{ group: group.trim() }, args];
}

/** `--all` or one report id. */
function reportId(options: Options, args: readonly string[]): string {
  const all = options['all'] === true;
  if (all && args.length > 0) throw new UsageError('give a report id or --all, not both');
  if (all) return ALL_REPORTS;
  const [id, ...rest] = args;
  if (id === undefined || rest.length > 0) throw new UsageError('name one report id, or --all');
  if (id === ALL_REPORTS || !isReportGrantId(id)) {
    throw new UsageError(
      `"${id}" is not a report id (letters, digits and -, as the analytics service shows them)`,
    );
  }
  return id;
}

const describeGrantee = (who: Grantee) =>
  'group' in who ? `group ${who.group}` : `account ${who.databaseName}`;
const describeReport = (id: string) => (id === ALL_REPORTS ? 'all reports' : `report ${id}`);
const grantLine = (grant: ReportGrant) =>
  `${grant.group === null ? `account ${grant.databaseName ?? ''}` : `group ${grant.group}`}\t${grant.reportId}`;

/** Runs one `<group> <action>` command; returns the exit code. */
export async function runCommand(
  context: CommandContext,
  group: string,
  action: string | undefined,
  args: readonly string[],
  options: Options,
): Promise<number> {
  const { db, out } = context;
  const key = `${group} ${action ?? ''}`;
  switch (key) {
    case 'accounts create': {
      const name = databaseName(args[0]);
      const accountName = text(options, 'name') ?? name;
      const customerName = text(options, 'customer') ?? '';
      if ((await listAccounts(db)).some((a) => a.databaseName === name)) {
        throw new UsageError(`the account ${name} exists already`);
      }
      await createAccount(db, { databaseName: name, accountName, customerName });
      out(`created account ${name} (${accountName})`);
      return 0;
    }
    case 'accounts list':
      for (const a of await listAccounts(db)) out(`${a.databaseName}\t${a.accountName}\t${a.customerName}`);
      return 0;
    case 'members grant':
    case 'members revoke': {
      const name = databaseName(args[0]);
      const [kind, who] = principal(options, args[1]);
      if (action === 'grant') {
        if (!(await grantMembership(db, name, kind, who)))
          throw new UsageError(`there is no account ${name}`);
        out(`granted ${kind} ${who} membership of ${name}`);
        return 0;
      }
      const removed = await revokeMembership(db, name, kind, who);
      out(removed > 0 ? `revoked ${kind} ${who} from ${name}` : `no such membership`);
      return removed > 0 ? 0 : 1;
    }
    case 'members list':
      for (const m of await listMemberships(db, args[0] === undefined ? undefined : databaseName(args[0]))) {
        out(`${m.databaseName}\t${m.principalKind}\t${m.principal}`);
      }
      return 0;
    case 'keys create': {
      const name = databaseName(args[0]);
      const allowed = installees(text(options, 'installees'));
      const entitled = channels(text(options, 'channels'));
      const created = await createAccessKey(db, {
        databaseName: name,
        installees: allowed,
        channels: entitled,
        expiresAt: expiry(options, context.now),
      });
      if (created === undefined) throw new UsageError(`there is no account ${name}`);
      out(
        `key ${created.id} (${created.prefix}…) for ${name}: ${allowed.join(', ')}; channels ${entitled.join(', ')}`,
      );
      out(`access key (shown once, store it now): ${created.key}`);
      for (const installee of allowed) {
        out(`Installer for ${installee}: ${installerPageUrl(context.publicUrl, installee, created.key)}`);
      }
      return 0;
    }
    case 'keys list':
      for (const k of await listAccessKeys(db, args[0] === undefined ? undefined : databaseName(args[0]))) {
        out(
          [
            k.id,
            `${k.prefix}…`,
            k.databaseName,
            k.installees.join(','),
            `channels ${k.channels.join(',')}`,
            `expires ${iso(k.expiresAt)}`,
            `revoked ${iso(k.revokedAt)}`,
            `uses ${k.useCount}`,
          ].join('\t'),
        );
      }
      return 0;
    case 'keys channels': {
      const which = args[0];
      if (which === undefined || !/^[A-Za-z0-9_-]{1,43}$/.test(which)) {
        throw new UsageError('name the key by its id or its prefix');
      }
      const entitled = channels(args[1]);
      const changed = await setKeyChannels(db, which, entitled);
      out(changed > 0 ? `key ${which} now sees ${entitled.join(', ')}` : 'no such key');
      return changed > 0 ? 0 : 1;
    }
    case 'keys revoke': {
      const which = args[0];
      if (which === undefined || !/^[A-Za-z0-9_-]{1,43}$/.test(which)) {
        throw new UsageError('name the key by its id or its prefix');
      }
      const revoked = await revokeAccessKey(db, which, context.now);
      out(revoked > 0 ? `revoked ${revoked} key(s)` : 'no such active key');
      return revoked > 0 ? 0 : 1;
    }
    case 'reports grant':
    case 'reports revoke': {
      const [who, rest] = grantee(options, args);
      const id = reportId(options, rest);
      if (action === 'grant') {
        if (!(await grantReport(db, who, id))) throw new UsageError(`there is no account ${args[0] ?? ''}`);
        out(`granted ${describeReport(id)} to ${describeGrantee(who)}`);
        return 0;
      }
      const removed = await revokeReport(db, who, id);
      out(removed > 0 ? `revoked ${describeReport(id)} from ${describeGrantee(who)}` : 'no such grant');
      return removed > 0 ? 0 : 1;
    }
    case 'reports list': {
      const group = text(options, 'group');
      const who: Grantee | undefined =
        group !== undefined
          ? { group }
          : args[0] === undefined
            ? undefined
            : { databaseName: databaseName(args[0]) };
      for (const grant of await listReportGrants(db, who)) out(grantLine(grant));
      return 0;
    }
    default:
      throw new UsageError(`unknown command "${key.trim()}"`);
  }
}
