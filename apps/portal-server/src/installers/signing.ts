import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

// Releases are signed with Ed25519: one small key, deterministic signatures, in node:crypto and in OpenSSL 3
// (`openssl pkeyutl -verify -rawin`) without extra tools. The signature is detached and covers the release's
// SHA256SUMS file, so one signature vouches for every file of the release through its checksum.

/** `${dataDir}/portal/release-signing-key.pem` (PKCS#8, mode 0600). */
export function signingKeyPath(dataDir: string): string {
  return join(dataDir, 'portal', 'release-signing-key.pem');
}

export interface ReleaseSigner {
  /** The detached Ed25519 signature of `data` (64 bytes). */
  sign(data: Buffer | string): Buffer;
  /** The public key as PEM (SubjectPublicKeyInfo), for `openssl pkeyutl -verify -pubin -inkey`. */
  publicKeyPem: string;
}

/**
 * The data dir's release signing key, made on first use (mode 0600; an existing file is never replaced).
 *
 * ```ts
 * const signer = await loadReleaseSigner(config.dataDir);
 * const signature = signer.sign(sums); // 64 bytes
 * ```
 */
export async function loadReleaseSigner(dataDir: string): Promise<ReleaseSigner> {
  const path = signingKeyPath(dataDir);
  let pem: string;
  try {
    pem = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const { privateKey } = generateKeyPairSync('ed25519');
    await mkdir(dirname(path), { recursive: true });
    const fresh = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    try {
      await writeFile(path, fresh, { mode: 0o600, flag: 'wx' });
      pem = fresh;
    } catch (raced) {
      // Another process made it first: use theirs.
      if ((raced as NodeJS.ErrnoException).code !== 'EEXIST') throw raced;
      pem = await readFile(path, 'utf8');
    }
  }
  await chmod(path, 0o600);
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error(`${path} is not an Ed25519 key`);
  return signerOf(privateKey);
}

function signerOf(privateKey: KeyObject): ReleaseSigner {
  return {
    sign: (data) => sign(null, typeof data === 'string' ? Buffer.from(data, 'utf8') : data, privateKey),
    publicKeyPem: createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** True when `signature` is `publicKeyPem`'s Ed25519 signature of `data`. */
export function verifySignature(publicKeyPem: string, data: Buffer | string, signature: Buffer): boolean {
  const key = createPublicKey(publicKeyPem);
  return verify(null, typeof data === 'string' ? Buffer.from(data, 'utf8') : data, key, signature);
}
