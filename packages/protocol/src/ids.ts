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

let prefix: string | undefined;
let counter = 0;

/**
 * A tracking id for `headers.id`: 16 hex characters, a random prefix drawn once per page and a counter.
 * Ids only pair replies with calls (replies are trusted by window and origin, never by id), so they need
 * to be unique among pending calls, not unpredictable; a counter is several times cheaper per call.
 */
export function createTrackingId(): string {
  prefix ??= randomHex(4);
  counter = (counter + 1) >>> 0;
  return prefix + counter.toString(16).padStart(8, '0');
}

/** An embed's unique id when neither `config.uniqueId` nor the `powerbi-name` attribute gives one. */
export const createUid = (): string => randomHex(6);

/** The per-service session id sent with load/prepare: 20 random hex characters, e.g. `3f09c2d1a7b64e58c0ff`. */
export const createSdkSessionId = (): string => randomHex(10);
