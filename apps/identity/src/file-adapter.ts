import { createHash } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { isRecord, readJsonIfExists, writeJsonAtomic } from './files.ts';

/** What one file under `store/<Model>/` holds. */
interface StoredRecord {
  payload: AdapterPayload;
  /** Epoch milliseconds after which the record is gone; null when it never expires. */
  expiresAt: number | null;
}

interface IndexEntry {
  id: string;
}

const UID_INDEX = '_by-uid';
const USER_CODE_INDEX = '_by-user-code';

/** Ids are tokens and arbitrary strings: the file name is their SHA-256, which is safe and reveals nothing. */
function fileName(key: string): string {
  return `${createHash('sha256').update(key).digest('hex')}.json`;
}

function isStoredRecord(value: unknown): value is StoredRecord {
  return (
    isRecord(value) &&
    isRecord(value.payload) &&
    (value.expiresAt === null || typeof value.expiresAt === 'number')
  );
}

function isExpired(record: StoredRecord, now = Date.now()): boolean {
  return record.expiresAt !== null && record.expiresAt <= now;
}

async function readRecord(path: string): Promise<StoredRecord | undefined> {
  let value: unknown;
  try {
    value = await readJsonIfExists(path);
  } catch {
    return undefined; // a torn or foreign file counts as absent; writes are atomic, so this is not expected
  }
  return isStoredRecord(value) ? value : undefined;
}

async function listJsonFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => name.endsWith('.json')).map((name) => join(dir, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * An oidc-provider storage adapter keeping every model as JSON files, one per id, under `<root>/<Model>/`.
 * Sessions, grants and refresh tokens therefore survive a restart. Expiry is checked on every read.
 *
 * ```ts
 * new Provider(issuer, { adapter: (name) => new FileAdapter(name, '/data/identity/store') });
 * ```
 */
export class FileAdapter implements Adapter {
  readonly #dir: string;

  constructor(name: string, root: string) {
    if (!/^[A-Za-z]+$/.test(name)) throw new Error(`unexpected model name ${JSON.stringify(name)}`);
    this.#dir = join(root, name);
  }

  #path(id: string): string {
    return join(this.#dir, fileName(id));
  }

  #indexPath(index: string, key: string): string {
    return join(this.#dir, index, fileName(key));
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = expiresIn !== undefined && expiresIn > 0 ? Date.now() + expiresIn * 1000 : null;
    const record: StoredRecord = { payload, expiresAt };
    await writeJsonAtomic(this.#path(id), record);
    const entry: IndexEntry = { id };
    if (typeof payload.uid === 'string')
      await writeJsonAtomic(this.#indexPath(UID_INDEX, payload.uid), entry);
    if (typeof payload.userCode === 'string') {
      await writeJsonAtomic(this.#indexPath(USER_CODE_INDEX, payload.userCode), entry);
    }
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const path = this.#path(id);
    const record = await readRecord(path);
    if (record === undefined) return undefined;
    if (isExpired(record)) {
      await rm(path, { force: true });
      return undefined;
    }
    return record.payload;
  }

  async #findByIndex(
    index: string,
    key: string,
    field: 'uid' | 'userCode',
  ): Promise<AdapterPayload | undefined> {
    const indexPath = this.#indexPath(index, key);
    const entry = await readJsonIfExists(indexPath).catch(() => undefined);
    if (!isRecord(entry) || typeof entry.id !== 'string') return undefined;
    const payload = await this.find(entry.id);
    // The index is never updated in place, so the record it points at must still carry the same key.
    if (payload?.[field] !== key) {
      await rm(indexPath, { force: true });
      return undefined;
    }
    return payload;
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.#findByIndex(UID_INDEX, uid, 'uid');
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.#findByIndex(USER_CODE_INDEX, userCode, 'userCode');
  }

  async consume(id: string): Promise<void> {
    const path = this.#path(id);
    const record = await readRecord(path);
    if (record === undefined) return;
    await writeJsonAtomic(path, {
      ...record,
      payload: { ...record.payload, consumed: Math.floor(Date.now() / 1000) },
    });
  }

  async destroy(id: string): Promise<void> {
    await rm(this.#path(id), { force: true });
  }

  /** Removes every record of this model issued under the grant (a scan: revocation is rare, lookups are not). */
  async revokeByGrantId(grantId: string): Promise<void> {
    const now = Date.now();
    for (const path of await listJsonFiles(this.#dir)) {
      const record = await readRecord(path);
      if (record !== undefined && (record.payload.grantId === grantId || isExpired(record, now))) {
        await rm(path, { force: true });
      }
    }
  }
}

/** Deletes expired records (and index entries that point nowhere) under every model folder of `root`. */
export async function pruneExpired(root: string): Promise<number> {
  let removed = 0;
  const now = Date.now();
  let models: string[];
  try {
    models = await readdir(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  for (const model of models) {
    for (const path of await listJsonFiles(join(root, model))) {
      const record = await readRecord(path);
      if (record === undefined || isExpired(record, now)) {
        await rm(path, { force: true });
        removed += 1;
      }
    }
    for (const index of [UID_INDEX, USER_CODE_INDEX]) {
      for (const path of await listJsonFiles(join(root, model, index))) {
        const entry = await readJsonIfExists(path).catch(() => undefined);
        const target =
          isRecord(entry) && typeof entry.id === 'string' ? join(root, model, fileName(entry.id)) : '';
        if (target === '' || (await readRecord(target)) === undefined) await rm(path, { force: true });
      }
    }
  }
  return removed;
}
