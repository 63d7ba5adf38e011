import type { User } from 'oidc-client-ts';

/** The signed-in account as the store keeps it (spec §3); plain data, so it can live in Redux. */
export interface Account {
  /** The subject (`sub`) at the identity provider. */
  accountIdentifier: string;
  /** What the header shows: preferred_username, else email, else name. */
  userName: string;
  name: string;
  idTokenClaims: Record<string, unknown>;
  sid: string | null;
  /** The identity provider's host, e.g. 'localhost:4401'. */
  environment: string;
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The claims of a JWT, unverified (for display only: the API verifies the token); {} when not a JWT. */
export function decodeJwtClaims(token: string | undefined): Record<string, unknown> {
  const payload = token?.split('.')[1];
  if (!payload) return {};
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims) ? { ...claims } : {};
  } catch {
    return {};
  }
}

function hostOf(authority: string): string {
  try {
    return new URL(authority).host;
  } catch {
    return authority;
  }
}

/**
 * The account of an oidc-client-ts user. Identity providers that keep the ID token lean put name and
 * email only in the access token, so those claims are read from there when the ID token lacks them.
 */
export function toAccount(user: Pick<User, 'profile' | 'access_token'>, authority: string): Account {
  const idTokenClaims: Record<string, unknown> = { ...user.profile };
  const accessTokenClaims = decodeJwtClaims(user.access_token);
  const claim = (name: string) => nonEmpty(idTokenClaims[name]) ?? nonEmpty(accessTokenClaims[name]);
  const userName = claim('preferred_username') ?? claim('email') ?? claim('name') ?? user.profile.sub;
  return {
    accountIdentifier: user.profile.sub,
    userName,
    name: claim('name') ?? userName,
    idTokenClaims,
    sid: nonEmpty(idTokenClaims['sid']) ?? null,
    environment: hostOf(authority),
  };
}
