import { createRemoteJWKSet, customFetch, decodeJwt, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import type { FetchImplementation, JWTPayload, JWTVerifyGetKey } from 'jose';

/** Why a token was refused, in general terms safe to tell the caller. */
export type TokenProblem =
  | 'malformed'
  | 'algorithm not allowed'
  | 'bad signature'
  | 'unknown signing key'
  | 'expired'
  | 'not yet valid'
  | 'wrong issuer'
  | 'wrong audience'
  | 'missing claim'
  | 'invalid claims';

/** The token is not acceptable: answer 401 INVALID_TOKEN. */
export class InvalidTokenError extends Error {
  readonly code = 'INVALID_TOKEN';
  constructor(readonly problem: TokenProblem) {
    super(`The access token is not valid: ${problem}.`);
    this.name = 'InvalidTokenError';
  }
}

/** The authority's discovery document or key set could not be fetched or made no sense: answer 503. */
export class AuthorityUnavailableError extends Error {
  readonly code = 'AUTHORITY_UNAVAILABLE';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AuthorityUnavailableError';
  }
}

export interface TokenVerifierOptions {
  /** Issuer URL; its discovery document lives at `${authority}/.well-known/openid-configuration`. */
  authority: string;
  audience: string;
  algorithms: readonly string[];
  clockToleranceSeconds: number;
  /** For tests and proxies; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Minimum time between two key set fetches triggered by an unknown `kid` (default 30 s). */
  jwksCooldownMs?: number;
  /** Timeout of each request to the authority (default 5 s). */
  timeoutMs?: number;
}

export interface TokenVerifier {
  /** Resolves the verified claims; rejects with InvalidTokenError or AuthorityUnavailableError. */
  verify(token: string): Promise<JWTPayload>;
  /**
   * The claims of a token this verifier has already verified and still honours, at once; undefined when the token
   * must go through `verify`. Only caching verifiers have it.
   */
  verified?(token: string): JWTPayload | undefined;
}

interface Discovery {
  issuer: string;
  keys: JWTVerifyGetKey;
}

const withoutTrailingSlash = (value: string) => value.replace(/\/+$/, '');

/**
 * Verifies OIDC access tokens against the authority's published keys. The discovery document is fetched on first use
 * and kept; the key set is refetched when a token names an unknown key (key rotation), at most once per cooldown.
 *
 * ```ts
 * const verifier = createTokenVerifier({ authority, audience, algorithms: ['RS256'], clockToleranceSeconds: 30 });
 * const claims = await verifier.verify(bearerToken);
 * ```
 */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const authority = withoutTrailingSlash(options.authority);
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5000;
  const allowed = new Set(options.algorithms);
  let discovery: Promise<Discovery> | undefined;

  async function discover(): Promise<Discovery> {
    const address = `${authority}/.well-known/openid-configuration`;
    let document: unknown;
    try {
      const response = await fetchImpl(address, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      document = await response.json();
    } catch (cause) {
      throw new AuthorityUnavailableError(`Could not read the discovery document at ${address}`, { cause });
    }
    const { issuer, jwks_uri: jwksUri } = (document ?? {}) as { issuer?: unknown; jwks_uri?: unknown };
    if (typeof issuer !== 'string' || typeof jwksUri !== 'string') {
      throw new AuthorityUnavailableError(`The discovery document at ${address} has no issuer or jwks_uri`);
    }
    if (withoutTrailingSlash(issuer) !== authority) {
      throw new AuthorityUnavailableError(
        `The discovery document's issuer ${issuer} is not the configured authority`,
      );
    }
    let jwksUrl: URL;
    try {
      jwksUrl = new URL(jwksUri);
    } catch (cause) {
      throw new AuthorityUnavailableError(`The discovery document's jwks_uri is not a URL`, { cause });
    }
    const remote = createRemoteJWKSet(jwksUrl, {
      timeoutDuration: timeoutMs,
      cooldownDuration: options.jwksCooldownMs ?? 30_000,
      [customFetch]: fetchImpl as FetchImplementation,
    });
    return {
      issuer,
      async keys(header, token) {
        try {
          return await remote(header, token);
        } catch (error) {
          // These come from matching the token against the keys we have: the token's fault.
          if (
            error instanceof errors.JWKSNoMatchingKey ||
            error instanceof errors.JWKSMultipleMatchingKeys ||
            error instanceof errors.JOSENotSupported
          ) {
            throw error;
          }
          throw new AuthorityUnavailableError(`Could not read the key set at ${jwksUrl.href}`, {
            cause: error,
          });
        }
      },
    };
  }

  function getDiscovery(): Promise<Discovery> {
    // One request in flight at a time; a failure is forgotten so the next request retries.
    discovery ??= discover().catch((error: unknown) => {
      discovery = undefined;
      throw error;
    });
    return discovery;
  }

  return {
    async verify(token) {
      // Cheap checks first, so garbage never costs a request to the authority.
      let alg: unknown;
      try {
        alg = decodeProtectedHeader(token).alg;
        decodeJwt(token);
      } catch {
        throw new InvalidTokenError('malformed');
      }
      if (typeof alg !== 'string' || !allowed.has(alg)) throw new InvalidTokenError('algorithm not allowed');

      const { issuer, keys } = await getDiscovery();
      try {
        const { payload } = await jwtVerify(token, keys, {
          issuer,
          audience: options.audience,
          algorithms: [...allowed],
          clockTolerance: options.clockToleranceSeconds,
          requiredClaims: ['exp', 'sub'],
        });
        return payload;
      } catch (error) {
        throw toTokenError(error);
      }
    },
  };
}

function toTokenError(error: unknown): Error {
  if (error instanceof AuthorityUnavailableError) return error;
  if (error instanceof errors.JWTExpired) return new InvalidTokenError('expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.reason === 'missing') return new InvalidTokenError('missing claim');
    if (error.claim === 'iss') return new InvalidTokenError('wrong issuer');
    if (error.claim === 'aud') return new InvalidTokenError('wrong audience');
    if (error.claim === 'nbf' || error.claim === 'iat') return new InvalidTokenError('not yet valid');
    return new InvalidTokenError('invalid claims');
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return new InvalidTokenError('bad signature');
  if (error instanceof errors.JOSEAlgNotAllowed) return new InvalidTokenError('algorithm not allowed');
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) {
    return new InvalidTokenError('unknown signing key');
  }
  if (error instanceof errors.JOSEError) return new InvalidTokenError('malformed');
  return error instanceof Error ? error : new Error(String(error));
}

export interface TokenCacheOptions {
  /** Most tokens kept; the least recently used goes first (default 1000). */
  maxEntries?: number;
  /** Longest a verification is reused, whatever the token's `exp` (default 5 minutes). */
  maxAgeMs?: number;
  /** For tests; defaults to Date.now. */
  now?: () => number;
}

/** How much of a token's end keys its cache entry: 43 base64url characters, 256 bits of its signature. */
const KEY_LENGTH = 43;

/**
 * Remembers successful verifications of exact token strings, so a client sending the same bearer token on every
 * call pays for one signature check rather than one per call. An entry is reused only while the token's own `exp`
 * is in the future (no clock tolerance on a reuse) and for at most `maxAgeMs` after it was verified, so a signing key
 * the authority withdraws stops being honoured within that bound. Failures are never kept: a refused token is
 * verified (and refused) again each time. At most `maxEntries` tokens are kept, least recently used out.
 *
 * Entries are found by the token's last 43 characters (its signature's, in a JWT) and then compared whole: hashing
 * a 43-character key is a fraction of hashing the ~1 KB token on every request, and a token that merely ends like a
 * kept one is not the same string, so it goes through `verify`.
 *
 * ```ts
 * const verifier = cachedTokenVerifier(createTokenVerifier({ … }), { maxEntries: 1000 });
 * ```
 */
export function cachedTokenVerifier(inner: TokenVerifier, options: TokenCacheOptions = {}): TokenVerifier {
  const maxEntries = options.maxEntries ?? 1000;
  const maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { token: string; claims: JWTPayload; until: number }>();
  // The key used last: a client sending the same token call after call does not move its entry each time.
  let newest: string | undefined;
  const verified = (token: string): JWTPayload | undefined => {
    const key = token.slice(-KEY_LENGTH);
    const hit = entries.get(key);
    if (hit?.token !== token) return undefined;
    if (now() >= hit.until) {
      entries.delete(key);
      return undefined;
    }
    if (key !== newest) {
      // Most recently used last.
      entries.delete(key);
      entries.set(key, hit);
      newest = key;
    }
    return hit.claims;
  };
  return {
    verified,
    async verify(token) {
      const hit = verified(token);
      if (hit !== undefined) return hit;
      const claims = await inner.verify(token);
      // The verifier requires exp; a token without a usable one is simply not kept.
      if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return claims;
      const until = Math.min(claims.exp * 1000, now() + maxAgeMs);
      if (until <= now()) return claims;
      const key = token.slice(-KEY_LENGTH);
      entries.delete(key);
      entries.set(key, { token, claims, until });
      newest = key;
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done === true) break;
        entries.delete(oldest.value);
      }
      return claims;
    },
  };
}
