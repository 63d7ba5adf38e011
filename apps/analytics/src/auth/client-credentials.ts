/**
 * Client authentication for `POST /oauth/token` (RFC 6749 §2.3.1): HTTP Basic or `client_id` / `client_secret` in
 * the body, never both. Secrets are compared in constant time, over their SHA-256 digests so that even their lengths
 * leak nothing.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export interface ClientCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
}

/** Why client authentication failed, as the OAuth error code and a description safe to return. */
export class ClientAuthError extends Error {
  constructor(
    readonly error: 'invalid_client' | 'invalid_request',
    message: string,
  ) {
    super(message);
    this.name = 'ClientAuthError';
  }
}

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/** Constant-time equality of two strings. */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

/** `Basic base64(urlencode(id):urlencode(secret))` → the credentials; undefined when the header is not Basic. */
function fromBasic(header: string | undefined): ClientCredentials | undefined {
  const match = /^Basic +([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (match?.[1] === undefined) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0)
    throw new ClientAuthError('invalid_request', 'The Basic credentials must be client_id:client_secret.');
  try {
    return {
      clientId: decodeURIComponent(decoded.slice(0, colon).replaceAll('+', ' ')),
      clientSecret: decodeURIComponent(decoded.slice(colon + 1).replaceAll('+', ' ')),
    };
  } catch {
    throw new ClientAuthError('invalid_request', 'The Basic credentials are not well formed.');
  }
}

/**
 * The credentials a token request presents, from its Authorization header or its body.
 *
 * ```ts
 * presentedCredentials(request.headers.authorization, request.body); // { clientId, clientSecret }
 * ```
 */
export function presentedCredentials(
  authorization: string | undefined,
  body: Readonly<Record<string, unknown>>,
): ClientCredentials {
  const basic = fromBasic(authorization);
  const id = body['client_id'];
  const secret = body['client_secret'];
  if (basic !== undefined) {
    if (id !== undefined || secret !== undefined) {
      throw new ClientAuthError(
        'invalid_request',
        'Authenticate the client one way: HTTP Basic or client_id/client_secret, not both.',
      );
    }
    return basic;
  }
  if (typeof id !== 'string' || typeof secret !== 'string') {
    throw new ClientAuthError(
      'invalid_client',
      'Client authentication is required (HTTP Basic or client_id/client_secret).',
    );
  }
  return { clientId: id, clientSecret: secret };
}

/** Checks presented credentials against the configured client; throws invalid_client when they do not match. */
export function checkClient(presented: ClientCredentials, expected: ClientCredentials): string {
  // Both comparisons always run, so a wrong id takes as long as a wrong secret.
  const idOk = safeEqual(presented.clientId, expected.clientId);
  const secretOk = safeEqual(presented.clientSecret, expected.clientSecret);
  if (!idOk || !secretOk)
    throw new ClientAuthError('invalid_client', 'The client credentials are not valid.');
  return expected.clientId;
}
