import { User } from 'oidc-client-ts';

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export interface TestUserOptions {
  sub?: string;
  /** Claims of the ID token (the oidc-client-ts profile). */
  idTokenClaims?: Record<string, unknown>;
  /** Claims of the access token (a JWT). */
  accessTokenClaims?: Record<string, unknown>;
  expiresInSeconds?: number;
  accessToken?: string;
}

/** A signed-in oidc-client-ts user, as the identity provider's tokens would make it. */
export function makeUser({
  sub = 'user-1001',
  idTokenClaims = {},
  accessTokenClaims = { name: 'Ada Lovelace', email: 'ada@example.com', preferred_username: 'ada' },
  expiresInSeconds = 3600,
  accessToken,
}: TestUserOptions = {}): User {
  const now = Math.floor(Date.now() / 1000);
  const jwt = [base64Url('{"alg":"none"}'), base64Url(JSON.stringify({ sub, ...accessTokenClaims })), 'sig'];
  return new User({
    id_token: 'header.id-token.signature',
    session_state: null,
    access_token: accessToken ?? jwt.join('.'),
    token_type: 'Bearer',
    scope: 'openid profile portal.api',
    profile: {
      sub,
      iss: 'http://localhost:4401',
      aud: 'portico-portal',
      exp: now + 3600,
      iat: now,
      ...idTokenClaims,
    },
    expires_at: now + expiresInSeconds,
  });
}
