import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { JWTPayload } from 'jose';
import { AuthorityUnavailableError, InvalidTokenError } from '../auth/token-verifier.ts';
import type { TokenVerifier } from '../auth/token-verifier.ts';
import { recordUserSeen } from '../db/users.ts';
import { HttpError } from '../http-errors.ts';
import { globalPlugin } from './global-plugin.ts';
import { servicesOf } from '../services.ts';

/** The caller of an authenticated route, from the verified access token. */
export interface AuthenticatedUser {
  /** The token's `sub`: the stable id of the user at the authority. */
  readonly subject: string;
  readonly name: string | null;
  readonly email: string | null;
  readonly preferredUsername: string | null;
  readonly groups: readonly string[];
  /** Every verified claim, for what the fields above do not cover. */
  readonly claims: JWTPayload;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest hook of every route that needs a signed-in caller:
     * `app.get('/x', { onRequest: app.requireUserToken }, handler)`; then `requireUser(request)` in the handler.
     */
    requireUserToken: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
  }
  interface FastifyRequest {
    /** Set by `app.requireUserToken`; null on routes that do not use it. */
    user: AuthenticatedUser | null;
  }
}

/** The authenticated caller; for handlers of routes that run `app.requireUserToken`. */
export function requireUser(request: FastifyRequest): AuthenticatedUser {
  if (request.user === null)
    throw new Error(`route ${request.routeOptions.url ?? ''} does not run app.requireUserToken`);
  return request.user;
}

// RFC 6750 b64token.
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;
const BEARER_PREFIX = 'Bearer ';
const SEEN_INTERVAL_MS = 60_000;
const SEEN_MAX_ENTRIES = 10_000;

const stringClaim = (claims: JWTPayload, name: string): string | null =>
  typeof claims[name] === 'string' ? claims[name] : null;

function toUser(claims: JWTPayload): AuthenticatedUser {
  const groups = claims['groups'];
  return {
    // The verifier requires `sub`.
    subject: String(claims.sub),
    name: stringClaim(claims, 'name'),
    email: stringClaim(claims, 'email'),
    preferredUsername: stringClaim(claims, 'preferred_username'),
    groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [],
    claims,
  };
}

export interface AuthenticationOptions {
  verifier: TokenVerifier;
  /** For tests; defaults to Date.now. */
  now?: () => number;
}

/**
 * Bearer-token authentication for `/api` routes. Routes opt in with `onRequest: app.requireUserToken` (before body
 * parsing and validation, so an anonymous caller learns nothing about the route's input). A valid token sets
 * `request.user` and records the caller in the users table, at most once a minute per subject. Every answer of such
 * a route, refusals included, carries `Cache-Control: no-store`.
 */
export const authenticationPlugin = globalPlugin(
  'portico-authentication',
  async (app: FastifyInstance, opts: AuthenticationOptions) => {
    const now = opts.now ?? Date.now;
    const lastRecorded = new Map<string, number>();
    // One user object per verified claims object: a cached verification gives the same claims back.
    const users = new WeakMap<JWTPayload, AuthenticatedUser>();
    const userOf = (claims: JWTPayload): AuthenticatedUser => {
      let user = users.get(claims);
      if (user === undefined) {
        user = toUser(claims);
        users.set(claims, user);
      }
      return user;
    };

    app.decorateRequest('user', null);

    const seenRecently = (subject: string, at: number): boolean => {
      const last = lastRecorded.get(subject);
      return last !== undefined && at - last < SEEN_INTERVAL_MS;
    };

    async function recordSeen(request: FastifyRequest, user: AuthenticatedUser): Promise<void> {
      const at = now();
      if (seenRecently(user.subject, at)) return;
      try {
        await recordUserSeen(servicesOf(app).database.db, {
          subject: user.subject,
          name: user.name,
          email: user.email,
        });
      } catch (error) {
        // Bookkeeping must not fail the call it rides on; the next request retries.
        request.log.warn({ err: error }, 'could not record the user as seen');
        return;
      }
      if (lastRecorded.size >= SEEN_MAX_ENTRIES) {
        for (const [subject, time] of lastRecorded)
          if (at - time >= SEEN_INTERVAL_MS) lastRecorded.delete(subject);
        if (lastRecorded.size >= SEEN_MAX_ENTRIES) lastRecorded.clear();
      }
      lastRecorded.set(user.subject, at);
    }

    async function verifyAndRecord(request: FastifyRequest, token: string): Promise<void> {
      let claims: JWTPayload;
      try {
        claims = await opts.verifier.verify(token);
      } catch (error) {
        if (error instanceof InvalidTokenError) {
          throw new HttpError(401, 'INVALID_TOKEN', error.message, {
            'www-authenticate': `Bearer error="invalid_token", error_description="${error.problem}"`,
          });
        }
        if (error instanceof AuthorityUnavailableError) {
          request.log.error({ err: error }, 'the OIDC authority is unavailable');
          throw new HttpError(
            503,
            'AUTHORITY_UNAVAILABLE',
            'The identity provider cannot be reached; try again.',
          );
        }
        throw error;
      }
      const user = userOf(claims);
      request.user = user;
      await recordSeen(request, user);
    }

    // A callback hook rather than an async one: a token the verifier has already verified (and that is still
    // valid), from a caller recorded within the minute, is accepted without a promise or a tick of its own.
    app.decorate(
      'requireUserToken',
      (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
        // What a signed-in caller gets (tokens, accounts, names, reports) is theirs alone: no cache may keep it.
        // A route that streams a file may relax this for its own answer.
        reply.header('cache-control', 'no-store');
        const header = request.headers.authorization ?? '';
        // The usual form first, without the pattern: a string equal to a token verified before is well formed.
        let claims = header.startsWith(BEARER_PREFIX)
          ? opts.verifier.verified?.(header.slice(BEARER_PREFIX.length))
          : undefined;
        if (claims === undefined) {
          const token = BEARER.exec(header)?.[1];
          if (token === undefined) {
            done(
              new HttpError(401, 'UNAUTHENTICATED', 'This call needs a bearer access token.', {
                'www-authenticate': 'Bearer',
              }),
            );
            return;
          }
          claims = opts.verifier.verified?.(token);
          if (claims === undefined) {
            verifyAndRecord(request, token).then(() => done(), done);
            return;
          }
        }
        const user = userOf(claims);
        request.user = user;
        if (seenRecently(user.subject, now())) done();
        else recordSeen(request, user).then(() => done(), done);
      },
    );
  },
);
