/**
 * Seeded randomness. Every value in the generated data comes from an `Rng` built from a string key, never from
 * `Math.random`, so the same inputs give the same data on every run, machine and JavaScript engine.
 *
 * The generator is sfc32 (Chris Doty-Humphrey's "Small Fast Chaotic" PRNG, 128-bit state, passes PractRand), seeded
 * by cyrb128, a 128-bit string hash. Both use only 32-bit integer operations (`Math.imul`, shifts, `>>> 0`), which
 * are exact everywhere.
 */

/** Hashes a string to four 32-bit words (cyrb128). `hash128('contoso_emea#0')` → `[u32, u32, u32, u32]`. */
export function hash128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/**
 * A seeded pseudo-random stream (sfc32). Independent streams come from different keys, so one entity's values do
 * not shift when another entity draws more or fewer numbers.
 *
 * @example
 * const rng = new Rng('contoso_emea#0/device/3');
 * rng.next(); // 0 ≤ x < 1, the same on every run
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(key: string) {
    [this.a, this.b, this.c, this.d] = hash128(key);
    // Discard the first outputs: sfc32 mixes its seed in over a dozen rounds.
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  /** A uniform 32-bit unsigned integer. */
  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A uniform float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** A uniform float in [min, max). */
  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** A uniform integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor((max - min + 1) * this.next());
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty list, uniformly. */
  pick<T>(items: readonly T[]): T {
    return at(items, Math.floor(items.length * this.next()));
  }

  /** One element of a non-empty list, with probability proportional to `weightOf(item)`. */
  pickWeighted<T>(items: readonly T[], weightOf: (item: T) => number): T {
    let total = 0;
    for (const item of items) total += weightOf(item);
    let r = total * this.next();
    for (const item of items) {
      r -= weightOf(item);
      if (r < 0) return item;
    }
    return at(items, items.length - 1);
  }

  /** A shuffled copy of a list (Fisher–Yates). */
  shuffled<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor((i + 1) * this.next());
      const swap = at(copy, i);
      copy[i] = at(copy, j);
      copy[j] = swap;
    }
    return copy;
  }
}

/** `items[index]`, throwing instead of returning `undefined` (an index bug, never a data condition). */
export function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`index ${index} outside a list of ${items.length}`);
  return item;
}
