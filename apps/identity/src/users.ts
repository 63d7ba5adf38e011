import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isRecord, readJsonIfExists, writeJsonAtomic } from './files.ts';

/** A sample user as written in the seed file (plain-text password: public sample data). */
export interface SeedUser {
  username: string;
  password: string;
  name: string;
  email: string;
  groups: string[];
}

/** A user as kept in `<dataDir>/identity/users.json`: the password only as a scrypt hash. */
export interface StoredUser {
  sub: string;
  username: string;
  passwordHash: string;
  name: string;
  email: string;
  groups: string[];
}

interface UserStoreFile {
  version: 1;
  users: StoredUser[];
}

/** The claims a user carries in tokens and at the userinfo endpoint. */
export interface UserClaims {
  sub: string;
  name: string;
  email: string;
  email_verified: boolean;
  preferred_username: string;
  groups: string[];
}

// 2^14 × 8 × 128 bytes = 16 MiB per hash: slow enough for a sample store, within Node's default maxmem.
const SCRYPT = { N: 16_384, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;

function scryptAsync(password: string, salt: Buffer, keyLength: number, N: number, r: number, p: number) {
  return new Promise<Buffer>((resolvePromise, reject) => {
    scrypt(password, salt, keyLength, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolvePromise(key),
    );
  });
}

/**
 * Hashes a password as `scrypt$N$r$p$salt$hash` (salt and hash base64url), parameters kept with the hash.
 *
 * ```ts
 * const stored = await hashPassword('portico-alice'); // 'scrypt$16384$8$1$…$…'
 * ```
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SCRYPT.saltLength);
  const hash = await scryptAsync(password, salt, SCRYPT.keyLength, SCRYPT.N, SCRYPT.r, SCRYPT.p);
  return [
    'scrypt',
    SCRYPT.N,
    SCRYPT.r,
    SCRYPT.p,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$');
}

/** Checks a password against a `hashPassword` result in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || n === undefined || r === undefined || p === undefined) return false;
  if (salt === undefined || hash === undefined) return false;
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  const expected = Buffer.from(hash, 'base64url');
  if (![N, R, P].every(Number.isSafeInteger) || expected.length === 0) return false;
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, N, R, P);
  return timingSafeEqual(actual, expected);
}

function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

/**
 * The stable subject of a user: a UUIDv8 derived from the SHA-256 of the lower-cased username, so the same
 * sample user has the same `sub` on every machine and after the data directory is wiped.
 */
export function subjectFor(username: string): string {
  const bytes = createHash('sha256')
    .update(`portico-identity:${normalizeUsername(username)}`)
    .digest();
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80; // version 8
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 9562 variant
  const hex = bytes.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function parseSeed(value: unknown, path: string): SeedUser[] {
  if (!Array.isArray(value)) throw new Error(`${path} must hold a JSON array of users`);
  return value.map((item: unknown, index) => {
    if (
      !isRecord(item) ||
      !isNonEmptyString(item.username) ||
      !isNonEmptyString(item.password) ||
      !isNonEmptyString(item.name) ||
      !isNonEmptyString(item.email) ||
      !isStringArray(item.groups)
    ) {
      throw new Error(
        `${path}: user #${index + 1} must have string username, password, name, email and a groups array`,
      );
    }
    const { username, password, name, email, groups } = item;
    return { username: username.trim(), password, name, email, groups };
  });
}

export async function readSeed(path: string): Promise<SeedUser[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the users seed ${path}: ${(error as Error).message}`, { cause: error });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} is not valid JSON`, { cause: error });
  }
  return parseSeed(value, path);
}

function isStoredUser(value: unknown): value is StoredUser {
  return (
    isRecord(value) &&
    isNonEmptyString(value.sub) &&
    isNonEmptyString(value.username) &&
    isNonEmptyString(value.passwordHash) &&
    typeof value.name === 'string' &&
    typeof value.email === 'string' &&
    isStringArray(value.groups)
  );
}

async function readStore(path: string): Promise<StoredUser[] | undefined> {
  const value = await readJsonIfExists(path);
  if (value === undefined) return undefined;
  if (
    !isRecord(value) ||
    value.version !== 1 ||
    !Array.isArray(value.users) ||
    !value.users.every(isStoredUser)
  ) {
    throw new Error(`${path} is not a users store; move it away to copy the seed again`);
  }
  return value.users;
}

/** The signed-in users the provider knows, read from the hashed store. */
export class UserDirectory {
  readonly #bySub = new Map<string, StoredUser>();
  readonly #byUsername = new Map<string, StoredUser>();
  #dummyHash: Promise<string> | undefined;

  constructor(users: readonly StoredUser[]) {
    for (const user of users) {
      this.#bySub.set(user.sub, user);
      this.#byUsername.set(normalizeUsername(user.username), user);
    }
  }

  get size(): number {
    return this.#bySub.size;
  }

  findBySub(sub: string): StoredUser | undefined {
    return this.#bySub.get(sub);
  }

  /** The user whose username and password match, else undefined; unknown names cost as much as wrong passwords. */
  async authenticate(username: string, password: string): Promise<StoredUser | undefined> {
    const user = this.#byUsername.get(normalizeUsername(username));
    if (user === undefined) {
      this.#dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
      await verifyPassword(password, await this.#dummyHash);
      return undefined;
    }
    return (await verifyPassword(password, user.passwordHash)) ? user : undefined;
  }
}

export function claimsOf(user: StoredUser): UserClaims {
  return {
    sub: user.sub,
    name: user.name,
    email: user.email,
    email_verified: true,
    preferred_username: user.username,
    groups: [...user.groups],
  };
}

/**
 * Opens `<identityDir>/users.json`, first copying into it (with hashed passwords) every seed user it lacks.
 * Users already in the store are left as they are, even if the seed changed.
 */
export async function openUserDirectory(identityDir: string, seedPath: string): Promise<UserDirectory> {
  const storePath = join(identityDir, 'users.json');
  const stored = await readStore(storePath);
  const users = [...(stored ?? [])];
  const known = new Set(users.map((user) => normalizeUsername(user.username)));
  let added = false;
  for (const seed of await readSeed(seedPath)) {
    if (known.has(normalizeUsername(seed.username))) continue;
    known.add(normalizeUsername(seed.username));
    users.push({
      sub: subjectFor(seed.username),
      username: seed.username,
      passwordHash: await hashPassword(seed.password),
      name: seed.name,
      email: seed.email,
      groups: seed.groups,
    });
    added = true;
  }
  if (stored === undefined || added) {
    const file: UserStoreFile = { version: 1, users };
    await writeJsonAtomic(storePath, file);
  }
  return new UserDirectory(users);
}
