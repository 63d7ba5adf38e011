import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieClient, HeadlessSignInError, discover, readForm, signInHeadless } from './headless-sign-in.ts';
import { CookieJar } from './cookie-jar.ts';
import { startIdentity } from './start-identity.ts';
import type { RunningIdentity } from './start-identity.ts';

const PORTAL = 'http://localhost:4400';
const ALICE = { username: 'alice@contoso.example', password: 'portico-alice' };

let idp: RunningIdentity;

beforeAll(async () => {
  idp = await startIdentity();
});

afterAll(async () => {
  await idp.close();
  await rm(idp.dataDir, { recursive: true, force: true });
});

function signIn(user = ALICE, jar?: CookieJar) {
  return signInHeadless({
    issuer: idp.issuer,
    clientId: idp.config.clientId,
    redirectUri: PORTAL,
    ...user,
    ...(jar ? { jar } : {}),
  });
}

async function refresh(issuer: string, refreshToken: string) {
  const { token_endpoint } = await discover(issuer);
  const response = await fetch(token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PORTAL },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: 'portico-portal',
    }).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function authorizeUrl(params: Record<string, string>): string {
  const url = new URL('/auth', idp.issuer);
  url.search = new URLSearchParams({
    client_id: 'portico-portal',
    response_type: 'code',
    scope: 'openid profile portal.api',
    state: 'some-state',
    ...params,
  }).toString();
  return url.href;
}

describe('the identity provider', () => {
  it('answers its health check', async () => {
    const response = await fetch(new URL('/healthz', idp.issuer));
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('says at its root what it is and sends people to the portal to sign in', async () => {
    const response = await fetch(`${idp.issuer}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await response.text();
    expect(page).toContain('<h1>Portico identity provider</h1>');
    expect(page).toContain('href="http://localhost:4400"');
    expect(page).toContain(`href="${idp.issuer}/.well-known/openid-configuration"`);
  });

  it('publishes a discovery document for the code flow with S256 PKCE and end-session', async () => {
    const response = await fetch(`${idp.issuer}/.well-known/openid-configuration`);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(idp.issuer);
    expect(discovery.response_types_supported).toEqual(['code']);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.end_session_endpoint).toBe(`${idp.issuer}/session/end`);
    expect(discovery.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token']),
    );
    expect(discovery).toHaveProperty('jwks_uri');
    expect(discovery).toHaveProperty('revocation_endpoint');
    expect(discovery).toHaveProperty('userinfo_endpoint');
  });

  it('lets the portal origins read discovery, JWKS and the token endpoint across origins', async () => {
    const jwks = await fetch(`${idp.issuer}/jwks`, { headers: { origin: PORTAL } });
    expect(jwks.headers.get('access-control-allow-origin')).toBe(PORTAL);
    const preflight = await fetch(`${idp.issuer}/token`, {
      method: 'OPTIONS',
      headers: { origin: PORTAL, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(PORTAL);
    const foreign = await fetch(`${idp.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://evil.example' },
      body: 'grant_type=refresh_token&refresh_token=x&client_id=portico-portal',
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('signs a sample user in and issues an RS256 JWT access token for the portal API, verifiable by the JWKS', async () => {
    const tokens = await signIn();
    const { jwks_uri } = await discover(idp.issuer);
    const { payload, protectedHeader } = await jwtVerify(
      tokens.access_token,
      createRemoteJWKSet(new URL(jwks_uri)),
      {
        issuer: idp.issuer,
        audience: 'api://portico-portal',
        algorithms: ['RS256'],
      },
    );
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({
      name: 'Alice Andersen',
      email: 'alice@contoso.example',
      preferred_username: 'alice@contoso.example',
      groups: ['contoso-users'],
      scope: 'portal.api',
      client_id: 'portico-portal',
    });
    expect(payload.sub).toMatch(/^[0-9a-f-]{36}$/);
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.refresh_token).toEqual(expect.any(String));
  });

  it('puts name, email and preferred_username in the id token for the SPA', async () => {
    const tokens = await signIn({ username: 'carol@contoso.example', password: 'portico-carol' });
    const idToken = decodeJwt(tokens.id_token);
    expect(idToken).toMatchObject({
      aud: 'portico-portal',
      iss: idp.issuer,
      name: 'Carol Castillo',
      email: 'carol@contoso.example',
      preferred_username: 'carol@contoso.example',
    });
    expect(decodeJwt(tokens.access_token).groups).toEqual(['contoso-users', 'fabrikam-users']);
  });

  it('gives each user the same subject in every sign-in', async () => {
    const [first, second] = await Promise.all([signIn(), signIn()]);
    expect(decodeJwt(first.access_token).sub).toBe(decodeJwt(second.access_token).sub);
    const bob = await signIn({ username: 'bob@fabrikam.example', password: 'portico-bob' });
    expect(decodeJwt(bob.access_token).sub).not.toBe(decodeJwt(first.access_token).sub);
  });

  it('shows "Wrong email or password." and issues no code when the password is wrong', async () => {
    const attempt = signIn({ username: ALICE.username, password: 'wrong' });
    await expect(attempt).rejects.toBeInstanceOf(HeadlessSignInError);
    const error = (await attempt.catch((e: unknown) => e)) as HeadlessSignInError;
    expect(error.message).toBe('sign-in rejected: Wrong email or password.');
    expect(error.body).toContain('Wrong email or password.');
    expect(error.body).not.toContain('code=');
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const error = (await signIn({ username: 'nobody@contoso.example', password: 'x' }).catch(
      (e: unknown) => e,
    )) as HeadlessSignInError;
    expect(error.message).toBe('sign-in rejected: Wrong email or password.');
  });

  it('serves the login page with a strict CSP, escaped values and no sample sign-ins', async () => {
    const client = new CookieClient();
    const start = await client.request(
      authorizeUrl({
        redirect_uri: PORTAL,
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        login_hint: '"><script>alert(1)</script>',
      }),
    );
    const response = await fetch(start.location ?? '', {
      headers: client.jar.headersFor(start.location ?? ''),
    });
    const html = await response.text();
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(html).toContain('<label for="username">Email</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toContain('>Sign in</button>');
    expect(html).toContain('autocomplete="current-password"');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('portico-alice');
    expect(html).not.toContain('alice@contoso.example');
  });

  it('rejects a redirect_uri outside the allowed origins without redirecting', async () => {
    const response = await fetch(
      authorizeUrl({
        redirect_uri: 'http://evil.example',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      }),
      { redirect: 'manual' },
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('redirect_uri');
  });

  it('requires PKCE: an authorization request without code_challenge fails', async () => {
    const response = await fetch(authorizeUrl({ redirect_uri: PORTAL }), { redirect: 'manual' });
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.origin).toBe(PORTAL);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('exchanges a refresh token for a new access token and rotates the refresh token', async () => {
    const tokens = await signIn();
    const refreshed = await refresh(idp.issuer, tokens.refresh_token);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).toEqual(expect.any(String));
    expect(refreshed.body.access_token).not.toBe(tokens.access_token);
    expect(decodeJwt(String(refreshed.body.access_token))).toMatchObject({
      aud: 'api://portico-portal',
      name: 'Alice Andersen',
    });
    expect(refreshed.body.refresh_token).not.toBe(tokens.refresh_token);
  });

  it('stores no plain-text password, only scrypt hashes', async () => {
    const store = await readFile(join(idp.dataDir, 'identity', 'users.json'), 'utf8');
    for (const password of ['portico-alice', 'portico-bob', 'portico-carol'])
      expect(store).not.toContain(password);
    const { users } = JSON.parse(store) as { users: { passwordHash: string }[] };
    expect(users).toHaveLength(3);
    for (const user of users) expect(user.passwordHash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
  });

  it('signs out without asking when given an id_token_hint, and ends at the registered post-logout URI', async () => {
    const jar = new CookieJar();
    const tokens = await signIn(ALICE, jar);
    const client = new CookieClient(jar);
    const endSession = new URL('/session/end', idp.issuer);
    endSession.search = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: PORTAL,
      state: 'bye',
    }).toString();
    const confirm = await fetch(endSession, { headers: jar.headersFor(endSession) });
    const page = await confirm.text();
    const nonce = /<script nonce="([^"]+)">/.exec(page)?.[1];
    expect(nonce).toBeDefined();
    expect(confirm.headers.get('content-security-policy')).toContain(`script-src 'nonce-${nonce}'`);

    const form = readForm(page);
    expect(form?.fields.logout).toBe('yes');
    const done = await client.request(new URL(form?.action ?? '', idp.issuer), { form: form?.fields ?? {} });
    expect(done.status).toBe(303);
    const landing = new URL(done.location ?? '');
    expect(landing.origin).toBe(PORTAL);
    expect(landing.searchParams.get('state')).toBe('bye');
    // The portal's tokens ended with the session.
    expect((await refresh(idp.issuer, tokens.refresh_token)).status).toBe(400);
  });

  it('asks "Sign out of Portico?" when the request carries no id_token_hint', async () => {
    const jar = new CookieJar();
    await signIn(ALICE, jar);
    const client = new CookieClient(jar);
    const confirm = await client.request(new URL('/session/end', idp.issuer));
    expect(confirm.body).toContain('Sign out of Portico?');
    expect(confirm.body).toContain('>Sign out</button>');
    expect(confirm.body).not.toContain('<script');
    const form = readForm(confirm.body);
    const done = await client.request(new URL(form?.action ?? '', idp.issuer), { form: form?.fields ?? {} });
    const success = await client.request(done.location ?? '');
    expect(success.body).toContain('You are signed out');
  });
});

describe('a restart on the same data directory', () => {
  it('keeps the signing key, the users and the refresh tokens issued before', async () => {
    const first = await startIdentity();
    let firstOpen = true;
    let second: RunningIdentity | undefined;
    try {
      const tokens = await signInHeadless({
        issuer: first.issuer,
        clientId: 'portico-portal',
        redirectUri: PORTAL,
        ...ALICE,
      });
      const kid = decodeProtectedHeader(tokens.access_token).kid;
      const users = await readFile(join(first.dataDir, 'identity', 'users.json'), 'utf8');
      await first.close();
      firstOpen = false;

      second = await startIdentity({ dataDir: first.dataDir, port: first.config.port });
      const jwks = (await (await fetch(`${second.issuer}/jwks`)).json()) as { keys: { kid: string }[] };
      expect(jwks.keys.map((key) => key.kid)).toEqual([kid]);
      expect(await readFile(join(first.dataDir, 'identity', 'users.json'), 'utf8')).toBe(users);

      const refreshed = await refresh(second.issuer, tokens.refresh_token);
      expect(refreshed.status).toBe(200);
      expect(decodeProtectedHeader(String(refreshed.body.access_token)).kid).toBe(kid);
    } finally {
      await second?.close();
      if (firstOpen) await first.close();
      await rm(first.dataDir, { recursive: true, force: true });
    }
  });
});
