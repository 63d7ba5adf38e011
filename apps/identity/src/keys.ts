import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { JsonWebKey } from 'node:crypto';
import { join } from 'node:path';
import { isRecord, readJsonIfExists, writeJsonAtomic } from './files.ts';

export interface PrivateJwks {
  keys: JsonWebKey[];
}

/** RFC 7638 thumbprint of an RSA key: a stable `kid` that anyone can recompute from the public key. */
export function rsaThumbprint(jwk: JsonWebKey): string {
  const canonical = JSON.stringify({ e: jwk.e, kty: 'RSA', n: jwk.n });
  return createHash('sha256').update(canonical).digest('base64url');
}

function generateSigningJwks(): PrivateJwks {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return { keys: [{ ...jwk, kid: rsaThumbprint(jwk), alg: 'RS256', use: 'sig' }] };
}

function isPrivateJwks(value: unknown): value is PrivateJwks {
  return (
    isRecord(value) &&
    Array.isArray(value.keys) &&
    value.keys.length > 0 &&
    value.keys.every((key) => isRecord(key) && key.kty === 'RSA' && typeof key.d === 'string')
  );
}

/**
 * The provider's private signing keys: generated once (one RS256 key) and reused, so tokens stay verifiable
 * across restarts.
 */
export async function loadOrCreateSigningKeys(identityDir: string): Promise<PrivateJwks> {
  const path = join(identityDir, 'jwks.json');
  const existing = await readJsonIfExists(path);
  if (existing !== undefined) {
    if (!isPrivateJwks(existing))
      throw new Error(`${path} is not a private RSA JWKS; move it away to regenerate`);
    return existing;
  }
  const jwks = generateSigningJwks();
  await writeJsonAtomic(path, jwks);
  return jwks;
}

/** Keys that sign the provider's cookies: random once, then reused so sessions survive a restart. */
export async function loadOrCreateCookieKeys(identityDir: string): Promise<string[]> {
  const path = join(identityDir, 'cookie-keys.json');
  const existing = await readJsonIfExists(path);
  if (existing !== undefined) {
    if (!Array.isArray(existing) || existing.length === 0 || !existing.every((k) => typeof k === 'string')) {
      throw new Error(`${path} is not a JSON array of keys; move it away to regenerate`);
    }
    return existing;
  }
  const keys = [randomBytes(32).toString('base64url')];
  await writeJsonAtomic(path, keys);
  return keys;
}
