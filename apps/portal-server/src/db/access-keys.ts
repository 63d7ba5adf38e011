import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { findAccount } from './accounts.ts';
import type { PortalDb } from './database.ts';
import { accessKeys, customerAccounts } from './schema.ts';
import type { Channel, Installee } from './schema.ts';

/** An access key: 32 random bytes, base64url (43 characters); safe in a URL path as it is. */
export const ACCESS_KEY_PATTERN = '^[A-Za-z0-9_-]{43}$';
const ACCESS_KEY = new RegExp(ACCESS_KEY_PATTERN);
const PREFIX_LENGTH = 8;

export function hashAccessKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export interface CreatedAccessKey {
  id: number;
  /** The key itself: shown once, never stored. */
  key: string;
  prefix: string;
}

export interface CreateAccessKeyOptions {
  databaseName: string;
  installees: readonly Installee[];
  /** The release channels the key may see (default stable). */
  channels?: readonly Channel[];
  expiresAt?: Date | null;
}

/**
 * Creates a key for an account's installers; undefined when the account does not exist.
 *
 * ```ts
 * const created = await createAccessKey(db, { databaseName: 'fabrikam', installees: ['dca'] });
 * console.log(created?.key); // the only time the key is seen
 * ```
 */
/**
 * 32 random bytes in base64url that do not start with "-": a key (or its prefix) starting with one reads as an option
 * to `npm run admin -- keys revoke <prefix>` (one key in 64 could not be revoked by its prefix, and the CLI test
 * failed as often). Dropping those keys costs 0.02 bits of the 256.
 */
export function newKey(random: () => Buffer = () => randomBytes(32)): string {
  for (;;) {
    const key = random().toString('base64url');
    if (!key.startsWith('-')) return key;
  }
}

export async function createAccessKey(
  db: PortalDb,
  options: CreateAccessKeyOptions,
): Promise<CreatedAccessKey | undefined> {
  const account = await findAccount(db, options.databaseName);
  if (account === undefined) return undefined;
  if (options.installees.length === 0)
    throw new RangeError('an access key must allow at least one installee');
  const key = newKey();
  const prefix = key.slice(0, PREFIX_LENGTH);
  const [row] = await db
    .insert(accessKeys)
    .values({
      keyHash: hashAccessKey(key),
      keyPrefix: prefix,
      accountId: account.id,
      installees: [...new Set(options.installees)],
      channels: [...new Set(options.channels ?? (['stable'] as const))],
      expiresAt: options.expiresAt ?? null,
    })
    .returning({ id: accessKeys.id });
  if (row === undefined) throw new Error('insert into access_keys returned no row');
  return { id: row.id, key, prefix };
}

export type KeyCheck =
  | { ok: true; keyId: number; prefix: string; databaseName: string; channels: Channel[] }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'wrong-installee'; prefix?: string };

/**
 * Checks a presented key for an installee. Only the key's SHA-256 reaches the database; the stored hash is then
 * compared in constant time as well.
 */
export async function checkAccessKey(
  db: PortalDb,
  key: string,
  installee: Installee,
  now: Date = new Date(),
): Promise<KeyCheck> {
  if (!ACCESS_KEY.test(key)) return { ok: false, reason: 'unknown' };
  const hash = hashAccessKey(key);
  const [row] = await db
    .select({
      id: accessKeys.id,
      keyHash: accessKeys.keyHash,
      keyPrefix: accessKeys.keyPrefix,
      installees: accessKeys.installees,
      channels: accessKeys.channels,
      expiresAt: accessKeys.expiresAt,
      revokedAt: accessKeys.revokedAt,
      databaseName: customerAccounts.databaseName,
    })
    .from(accessKeys)
    .innerJoin(customerAccounts, eq(customerAccounts.id, accessKeys.accountId))
    .where(eq(accessKeys.keyHash, hash))
    .limit(1);
  if (row === undefined || !timingSafeEqual(Buffer.from(row.keyHash, 'hex'), Buffer.from(hash, 'hex'))) {
    return { ok: false, reason: 'unknown' };
  }
  const prefix = row.keyPrefix;
  if (row.revokedAt !== null) return { ok: false, reason: 'revoked', prefix };
  if (row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime())
    return { ok: false, reason: 'expired', prefix };
  if (!row.installees.includes(installee)) return { ok: false, reason: 'wrong-installee', prefix };
  return { ok: true, keyId: row.id, prefix, databaseName: row.databaseName, channels: row.channels };
}

export async function recordKeyUse(db: PortalDb, keyId: number): Promise<void> {
  await db
    .update(accessKeys)
    .set({ useCount: sql`${accessKeys.useCount} + 1` })
    .where(eq(accessKeys.id, keyId));
}

/** Revokes a key by its id or its prefix; the number revoked. */
export async function revokeAccessKey(db: PortalDb, idOrPrefix: string, now = new Date()): Promise<number> {
  const match = /^\d+$/.test(idOrPrefix)
    ? eq(accessKeys.id, Number(idOrPrefix))
    : eq(accessKeys.keyPrefix, idOrPrefix);
  const revoked = await db
    .update(accessKeys)
    .set({ revokedAt: now })
    .where(and(match, isNull(accessKeys.revokedAt)))
    .returning({ id: accessKeys.id });
  return revoked.length;
}

export interface AccessKeyListing {
  id: number;
  prefix: string;
  databaseName: string;
  installees: Installee[];
  channels: Channel[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  useCount: number;
  createdAt: Date;
}

export function listAccessKeys(db: PortalDb, databaseName?: string): Promise<AccessKeyListing[]> {
  return db
    .select({
      id: accessKeys.id,
      prefix: accessKeys.keyPrefix,
      databaseName: customerAccounts.databaseName,
      installees: accessKeys.installees,
      channels: accessKeys.channels,
      expiresAt: accessKeys.expiresAt,
      revokedAt: accessKeys.revokedAt,
      useCount: accessKeys.useCount,
      createdAt: accessKeys.createdAt,
    })
    .from(accessKeys)
    .innerJoin(customerAccounts, eq(customerAccounts.id, accessKeys.accountId))
    .where(databaseName === undefined ? sql`true` : eq(customerAccounts.databaseName, databaseName))
    .orderBy(asc(accessKeys.id));
}

/** Sets the channels of a key (by id or prefix); the number changed. */
export async function setKeyChannels(
  db: PortalDb,
  idOrPrefix: string,
  channels: readonly Channel[],
): Promise<number> {
  const match = /^\d+$/.test(idOrPrefix)
    ? eq(accessKeys.id, Number(idOrPrefix))
    : eq(accessKeys.keyPrefix, idOrPrefix);
  const changed = await db
    .update(accessKeys)
    .set({ channels: [...new Set(channels)] })
    .where(match)
    .returning({ id: accessKeys.id });
  return changed.length;
}
