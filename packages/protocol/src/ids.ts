/**
 * Random ids from the Web Crypto API, which browsers and Node 20 both expose on `globalThis`.
 * Typed locally so this module needs neither DOM nor Node type definitions.
 */
interface RandomSource {
  getRandomValues<T extends Uint8Array>(array: T): T;
}

function randomHex(bytes: number): string {
  const { crypto } = globalThis as unknown as { crypto: RandomSource };
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/** A tracking id for `headers.id` (16 hex characters; the other end treats it as opaque). */
export const createTrackingId = (): string => randomHex(8);

/** An embed's unique id when neither `config.uniqueId` nor the `powerbi-name` attribute gives one. */
export const createUid = (): string => randomHex(6);

/** The per-service session id sent with load/prepare: 20 random hex characters, e.g. `3f09c2d1a7b64e58c0ff`. */
export const createSdkSessionId = (): string => randomHex(10);
