import { SignJWT, UnsecuredJWT, base64url } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_AUDIENCE, startFakeAuthority, unreachableUrl } from '../../test/helpers/fake-authority.ts';
import type { FakeAuthority } from '../../test/helpers/fake-authority.ts';
import { AuthorityUnavailableError, InvalidTokenError, createTokenVerifier } from './token-verifier.ts';
import type { TokenVerifierOptions } from './token-verifier.ts';

let authority: FakeAuthority;

beforeAll(async () => {
  authority = await startFakeAuthority();
});
afterAll(async () => {
  await authority.close();
});

function verifier(options: Partial<TokenVerifierOptions> = {}) {
  return createTokenVerifier({
    authority: authority.url,
    audience: TEST_AUDIENCE,
    algorithms: ['RS256', 'PS256', 'ES256'],
    clockToleranceSeconds: 30,
    jwksCooldownMs: 0,
    ...options,
  });
}

async function problemOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidTokenError);
  return (error as InvalidTokenError).problem;
}

/** Replaces the payload segment of a signed token, keeping header and signature. */
function withPayload(token: string, payload: object): string {
  const [header, , signature] = token.split('.');
  return `${header}.${base64url.encode(JSON.stringify(payload))}.${signature}`;
}

describe('createTokenVerifier', () => {
  it('accepts a valid RS256 token and returns its claims', async () => {
    const claims = await verifier().verify(await authority.sign({ sub: 'alice' }));
    expect(claims).toMatchObject({
      sub: 'alice',
      iss: authority.url,
      aud: TEST_AUDIENCE,
      name: 'Ada Lovelace',
    });
  });

  it('rejects a token whose payload was changed after signing', async () => {
    const token = await authority.sign({ sub: 'alice' });
    const payload = JSON.parse(
      new TextDecoder().decode(base64url.decode(token.split('.')[1] ?? '')),
    ) as object;
    const tampered = withPayload(token, { ...payload, sub: 'admin' });
    expect(await problemOf(verifier().verify(tampered))).toBe('bad signature');
  });

  it('rejects a token signed by another key that claims the published kid', async () => {
    const stranger = await startFakeAuthority();
    try {
      const forged = await stranger.sign({ iss: authority.url }, { kid: 'key-1' });
      expect(await problemOf(verifier().verify(forged))).toBe('bad signature');
    } finally {
      await stranger.close();
    }
  });

  it('rejects a token that expired beyond the clock tolerance', async () => {
    const token = await authority.sign({}, { expiresIn: -60 });
    expect(await problemOf(verifier({ clockToleranceSeconds: 30 }).verify(token))).toBe('expired');
  });

  it('accepts a token that expired within the clock tolerance', async () => {
    const token = await authority.sign({}, { expiresIn: -10 });
    await expect(verifier({ clockToleranceSeconds: 30 }).verify(token)).resolves.toMatchObject({
      sub: 'user-1',
    });
  });

  it('rejects a token from another issuer', async () => {
    const token = await authority.sign({ iss: 'https://evil.example.com' });
    expect(await problemOf(verifier().verify(token))).toBe('wrong issuer');
  });

  it('rejects a token for another audience', async () => {
    const token = await authority.sign({ aud: 'api://someone-else' });
    expect(await problemOf(verifier().verify(token))).toBe('wrong audience');
  });

  it('rejects an unsigned token (alg none)', async () => {
    const unsigned = new UnsecuredJWT({ sub: 'admin' })
      .setIssuer(authority.url)
      .setAudience(TEST_AUDIENCE)
      .setExpirationTime('5m')
      .encode();
    expect(await problemOf(verifier().verify(unsigned))).toBe('algorithm not allowed');
  });

  it('rejects an HS256 token keyed with the public key (algorithm confusion)', async () => {
    const jwk = authority.publicJwk();
    const forged = await new SignJWT({ sub: 'admin' })
      .setProtectedHeader({ alg: 'HS256', kid: jwk.kid ?? '' })
      .setIssuer(authority.url)
      .setAudience(TEST_AUDIENCE)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(JSON.stringify(jwk)));
    expect(await problemOf(verifier().verify(forged))).toBe('algorithm not allowed');
    // Even a misconfigured allow-list cannot make a public key into an HMAC secret.
    await expect(verifier({ algorithms: ['RS256', 'HS256'] }).verify(forged)).rejects.toBeInstanceOf(
      InvalidTokenError,
    );
  });

  it('rejects a token without exp', async () => {
    const token = await authority.sign({}, { noExp: true });
    expect(await problemOf(verifier().verify(token))).toBe('missing claim');
  });

  it('rejects a token that is not a JWT at all without asking the authority', async () => {
    const before = authority.fetches.discovery;
    const fresh = verifier();
    expect(await problemOf(fresh.verify('not-a-token'))).toBe('malformed');
    expect(await problemOf(fresh.verify('eyJhbGciOiJSUzI1NiJ9.eyJ9.x'))).toBe('malformed');
    expect(authority.fetches.discovery).toBe(before);
  });

  it('fetches the discovery document once and the key set only when needed', async () => {
    const fresh = verifier({ jwksCooldownMs: 30_000 });
    const before = { ...authority.fetches };
    await fresh.verify(await authority.sign());
    await fresh.verify(await authority.sign());
    expect(authority.fetches.discovery - before.discovery).toBe(1);
    expect(authority.fetches.jwks - before.jwks).toBe(1);
  });

  it('accepts a token signed with a rotated key once the new kid is published', async () => {
    const rotating = await startFakeAuthority();
    try {
      const fresh = createTokenVerifier({
        authority: rotating.url,
        audience: TEST_AUDIENCE,
        algorithms: ['RS256'],
        clockToleranceSeconds: 0,
        jwksCooldownMs: 0,
      });
      await fresh.verify(await rotating.sign());
      const kid = await rotating.rotate({ publish: false });
      const token = await rotating.sign({}, { kid });
      expect(await problemOf(fresh.verify(token))).toBe('unknown signing key');
      rotating.publishAll();
      await expect(fresh.verify(token)).resolves.toMatchObject({ sub: 'user-1' });
    } finally {
      await rotating.close();
    }
  });

  it('reports an unreachable authority as unavailable, and recovers when it comes back', async () => {
    const down = createTokenVerifier({
      authority: await unreachableUrl(),
      audience: TEST_AUDIENCE,
      algorithms: ['RS256'],
      clockToleranceSeconds: 0,
      timeoutMs: 1000,
    });
    await expect(down.verify(await authority.sign())).rejects.toBeInstanceOf(AuthorityUnavailableError);

    let failing = true;
    const flaky = verifier({
      fetch: (input, init) => (failing ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init)),
    });
    await expect(flaky.verify(await authority.sign())).rejects.toBeInstanceOf(AuthorityUnavailableError);
    failing = false;
    await expect(flaky.verify(await authority.sign())).resolves.toMatchObject({ sub: 'user-1' });
  });

  it('refuses an authority whose discovery document names another issuer', async () => {
    const impostor = verifier({
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (!String(input).endsWith('/openid-configuration')) return response;
        const document = (await response.json()) as object;
        return Response.json({ ...document, issuer: 'https://evil.example.com' });
      },
    });
    await expect(impostor.verify(await authority.sign())).rejects.toBeInstanceOf(AuthorityUnavailableError);
  });
});
