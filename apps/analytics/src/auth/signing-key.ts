/**
 * The service's token-signing key: one ES256 (P-256) key pair, made at first start and kept as a PKCS #8 PEM file
 * readable by the service's user only (0600). Every token this service issues is signed with it; nothing else is.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { calculateJwkThumbprint, exportJWK } from 'jose';
import type { JWK } from 'jose';

export interface SigningKey {
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  /** The RFC 7638 thumbprint of the public key, carried as `kid`. */
  readonly kid: string;
  /** The public key as a JWK (for a JWKS document). */
  readonly publicJwk: JWK;
}

async function fromPrivateKey(privateKey: KeyObject): Promise<SigningKey> {
  const publicKey = createPublicKey(privateKey);
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  return { privateKey, publicKey, kid, publicJwk: { ...publicJwk, kid, alg: 'ES256', use: 'sig' } };
}

/** A fresh key held in memory only (tests, benchmarks). */
export function ephemeralSigningKey(): Promise<SigningKey> {
  return fromPrivateKey(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey);
}

/**
 * Reads the key at `file`, or makes one there (mode 0600) when there is none; a key file others could read is
 * narrowed to 0600 and reported through `warn`.
 *
 * ```ts
 * const key = await loadSigningKey(join(dataDir, 'analytics', 'signing-key.pem'));
 * ```
 */
export async function loadSigningKey(
  file: string,
  warn: (message: string) => void = () => undefined,
): Promise<SigningKey> {
  let pem: string;
  try {
    pem = await readFile(file, 'utf8');
    const mode = (await stat(file)).mode & 0o777;
    if ((mode & 0o077) !== 0) {
      await chmod(file, 0o600);
      warn(`${file} was readable by others (mode ${mode.toString(8)}); it is now 0600`);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(dirname(file), { recursive: true });
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await writeFile(file, pem, { mode: 0o600, flag: 'wx' });
  }
  return fromPrivateKey(createPrivateKey(pem));
}
