import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Everything the provider writes holds secrets (keys, tokens, password hashes): owner-only. */
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

export async function ensureDir(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: DIR_MODE });
}

/**
 * Writes a whole file or nothing: a reader sees the old content or the new, never half of it.
 *
 * ```ts
 * await writeFileAtomic('/data/identity/jwks.json', JSON.stringify(jwks));
 * ```
 */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  await ensureDir(dirname(path));
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, content, { mode: FILE_MODE });
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

export async function writeJsonAtomic(path: string, value: unknown): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`);
}

/** The parsed JSON content of a file, or undefined when it does not exist. */
export async function readJsonIfExists(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return JSON.parse(text) as unknown;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
