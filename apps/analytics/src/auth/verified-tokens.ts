/**
 * Verified embed tokens, remembered: a frame presents the same token on every call of a page (8 queries for the fleet
 * overview), and checking its ES256 signature each time cost about 7 % of the service's main thread under load. Once
 * a token has passed every check (signature, algorithm, issuer, audience, type, not-before, expiry, claim shapes), its
 * claims are kept under the exact token string until the token expires:
 * - a kept token is refused as expired from its `exp` on, as the full check would (`exp` ≤ now, in whole seconds);
 * - any other string (a tampered signature, a widened payload, one byte changed) is not in the map and gets the full
 *   check;
 * - the map is bounded (least recently used out) so a flood of distinct valid tokens costs at most `maxEntries`.
 * Nothing is kept for a refused token. The claims are frozen: every request of that token shares them.
 */

export interface VerifiedTokensOptions {
  /** Tokens kept at most; 0 keeps none. */
  readonly maxEntries: number;
  /** The clock, ms since the epoch. */
  readonly now: () => number;
}

/** `ok`: still valid, here are its claims; `expired`: kept, but its `exp` has passed (and it is dropped). */
export type Remembered<C> = { readonly kind: 'ok'; readonly claims: C } | { readonly kind: 'expired' };

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const field of Object.values(value)) deepFreeze(field);
  }
  return value;
}

export class VerifiedTokens<C extends { readonly exp: number }> {
  private readonly entries = new Map<string, C>();

  constructor(private readonly options: VerifiedTokensOptions) {}

  get size(): number {
    return this.entries.size;
  }

  /** What is known of `token`: undefined when it was never verified here (or was pushed out). */
  recall(token: string): Remembered<C> | undefined {
    const claims = this.entries.get(token);
    if (claims === undefined) return undefined;
    if (claims.exp <= Math.floor(this.options.now() / 1000)) {
      this.entries.delete(token);
      return { kind: 'expired' };
    }
    // Most recently used last, so the first entry is the one to push out.
    this.entries.delete(token);
    this.entries.set(token, claims);
    return { kind: 'ok', claims };
  }

  /** Keeps the claims of a token that has just passed every check; returns them, frozen. */
  remember(token: string, claims: C): C {
    const frozen = deepFreeze(claims);
    if (this.options.maxEntries <= 0) return frozen;
    this.entries.delete(token);
    this.entries.set(token, frozen);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.options.maxEntries) break;
      this.entries.delete(oldest);
    }
    return frozen;
  }
}
