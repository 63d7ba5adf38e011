import { createCipheriv, createHash } from 'node:crypto';
import { mkdir, open, rename } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Installer platforms (spec §5): 32-bit and 64-bit. */
export const PLATFORMS = ['x86', 'x64'] as const;
export type Platform = (typeof PLATFORMS)[number];

/**
 * Writes a deterministic pseudo-random file of `bytes` bytes (AES-256-CTR over zeros, keyed by `seed`), through a
 * temporary file so that a reader never sees half of it: the sample installers' content.
 */
export async function writeDeterministicFile(path: string, bytes: number, seed: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const key = createHash('sha256').update(seed).digest();
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
  const zeros = Buffer.alloc(1024 * 1024);
  const temporary = `${path}.${process.pid}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    for (let written = 0; written < bytes;) {
      const n = Math.min(zeros.length, bytes - written);
      await handle.write(cipher.update(zeros.subarray(0, n)));
      written += n;
    }
  } finally {
    await handle.close();
  }
  await rename(temporary, path);
}
