/**
 * Slows password guessing at the sign-in form: a client address may make `perAccount` attempts at one email and
 * `perClient` attempts in all within `windowMs`; after that every attempt is refused until the window has moved on,
 * whether or not the password is right, so a locked-out guesser learns nothing. An attempt counts when it starts
 * (parallel guesses cannot slip through while the password hash runs); a successful sign-in takes its attempt back
 * and forgets that address's attempts at that email, so only failures add up. Unknown emails count like known
 * ones. State is in memory: a development provider.
 */

export interface SignInThrottleOptions {
  /** Attempts one client address may make at one email per window (default 5). */
  readonly perAccount?: number;
  /** Attempts one client address may make in all per window (default 20). */
  readonly perClient?: number;
  /** The window, in milliseconds (default 15 minutes). */
  readonly windowMs?: number;
  /** The clock; default Date.now. */
  readonly now?: () => number;
}

/** Keys kept at most; beyond it, keys whose attempts have all left the window are dropped first. */
const MAX_KEYS = 10_000;

export class SignInThrottle {
  readonly #perAccount: number;
  readonly #perClient: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  /** Start times of the attempts in the window, by key. */
  readonly #attempts = new Map<string, number[]>();

  constructor(options: SignInThrottleOptions = {}) {
    this.#perAccount = options.perAccount ?? 5;
    this.#perClient = options.perClient ?? 20;
    this.#windowMs = options.windowMs ?? 15 * 60 * 1000;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Records an attempt by `client` at `username` and answers undefined, or, when the client has used up its
   * attempts, records nothing and answers the seconds until it may try again.
   *
   * ```ts
   * const wait = throttle.attempt(request.ip, username);
   * if (wait !== undefined) return tooManyAttempts(wait);
   * ```
   */
  attempt(client: string, username: string): number | undefined {
    const now = this.#now();
    const keys = [accountKey(client, username), clientKey(client)] as const;
    const limits = [this.#perAccount, this.#perClient] as const;
    const recent = keys.map((key) => this.#recent(key, now));
    let wait = 0;
    recent.forEach((times, i) => {
      const limit = limits[i] ?? 0;
      const oldest = times[times.length - limit];
      if (times.length >= limit && oldest !== undefined) wait = Math.max(wait, oldest + this.#windowMs - now);
    });
    if (wait > 0) return Math.max(1, Math.ceil(wait / 1000));
    this.#prune(now);
    keys.forEach((key, i) => this.#attempts.set(key, [...(recent[i] ?? []), now]));
    return undefined;
  }

  /**
   * Takes back the attempt that signed in: forgets the client's attempts at `username`, and this one attempt from its
   * attempts in all, so a client counts failures only (a test run signing in a hundred times is never held back).
   */
  succeeded(client: string, username: string): void {
    this.#attempts.delete(accountKey(client, username));
    const times = this.#attempts.get(clientKey(client));
    if (times === undefined) return;
    times.pop();
    if (times.length === 0) this.#attempts.delete(clientKey(client));
  }

  #recent(key: string, now: number): number[] {
    return (this.#attempts.get(key) ?? []).filter((time) => time > now - this.#windowMs);
  }

  #prune(now: number): void {
    if (this.#attempts.size < MAX_KEYS) return;
    for (const [key, times] of this.#attempts)
      if ((times[times.length - 1] ?? 0) <= now - this.#windowMs) this.#attempts.delete(key);
    // Still full of live keys: drop the oldest entries rather than grow without bound.
    for (const key of this.#attempts.keys()) {
      if (this.#attempts.size < MAX_KEYS) break;
      this.#attempts.delete(key);
    }
  }
}

const accountKey = (client: string, username: string) =>
  `account\u0000${client}\u0000${username.trim().toLowerCase()}`;
const clientKey = (client: string) => `client\u0000${client}`;
