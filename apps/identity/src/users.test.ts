import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword, openUserDirectory, subjectFor, verifyPassword } from './users.ts';

const seedUsers = [
  {
    username: 'alice@contoso.example',
    password: 'portico-alice',
    name: 'Alice',
    email: 'alice@contoso.example',
    groups: ['a'],
  },
  {
    username: 'bob@fabrikam.example',
    password: 'portico-bob',
    name: 'Bob',
    email: 'bob@fabrikam.example',
    groups: [],
  },
];

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'identity-users-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeSeed(users: unknown): Promise<string> {
  const path = join(dir, 'seed.json');
  await writeFile(path, JSON.stringify(users));
  return path;
}

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const stored = await hashPassword('secret');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('secret', stored)).toBe(true);
    expect(await verifyPassword('Secret', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('never matches a malformed hash', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$a$b$c$d$')).toBe(false);
  });
});

describe('subjects', () => {
  it('are stable UUIDs that ignore the case of the username', () => {
    expect(subjectFor('Alice@Contoso.example')).toBe(subjectFor('alice@contoso.example'));
    expect(subjectFor('alice@contoso.example')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(subjectFor('bob@fabrikam.example')).not.toBe(subjectFor('alice@contoso.example'));
  });
});

describe('the user directory', () => {
  it('copies the seed with hashed passwords on first open and signs users in from the store', async () => {
    const users = await openUserDirectory(dir, await writeSeed(seedUsers));
    const store = await readFile(join(dir, 'users.json'), 'utf8');
    expect(store).not.toContain('portico-alice');
    expect((await users.authenticate('ALICE@contoso.example ', 'portico-alice'))?.name).toBe('Alice');
    expect(await users.authenticate('alice@contoso.example', 'portico-bob')).toBeUndefined();
    expect(await users.authenticate('nobody@contoso.example', 'portico-alice')).toBeUndefined();
  });

  it('adds a seed user missing from the store on the next open and leaves the others untouched', async () => {
    await openUserDirectory(dir, await writeSeed(seedUsers.slice(0, 1)));
    const before = JSON.parse(await readFile(join(dir, 'users.json'), 'utf8')) as {
      users: { passwordHash: string }[];
    };
    const users = await openUserDirectory(dir, await writeSeed(seedUsers));
    const after = JSON.parse(await readFile(join(dir, 'users.json'), 'utf8')) as {
      users: { passwordHash: string }[];
    };
    expect(users.size).toBe(2);
    expect(after.users[0]?.passwordHash).toBe(before.users[0]?.passwordHash);
    expect(await users.authenticate('bob@fabrikam.example', 'portico-bob')).toBeDefined();
  });

  it('refuses a seed entry without a password, naming the file', async () => {
    const seed = await writeSeed([
      { username: 'x@example.com', name: 'X', email: 'x@example.com', groups: [] },
    ]);
    await expect(openUserDirectory(dir, seed)).rejects.toThrow(seed);
  });
});
