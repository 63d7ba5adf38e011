import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, stat, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt, decodeProtectedHeader, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ephemeralSigningKey, loadSigningKey } from '../../src/auth/signing-key.ts';
import type { SigningKey } from '../../src/auth/signing-key.ts';
import { EMBED_AUDIENCE, TokenError, TokenService } from '../../src/auth/tokens.ts';
import type { EmbedGrant } from '../../src/auth/tokens.ts';

const ISSUER = 'http://localhost:4402';
const GRANT: EmbedGrant = {
  reports: [{ id: 'r1', datasetId: 'd1', workspaceId: 'w1' }],
  permissions: 1,
  databaseNames: ['fabrikam'],
  origins: ['http://localhost:4400'],
};

let key: SigningKey;
const clock = { now: Date.parse('2024-06-30T12:00:00Z') };
let tokens: TokenService;
beforeAll(async () => {
  key = await ephemeralSigningKey();
  tokens = new TokenService({ key, issuer: ISSUER, now: () => clock.now });
});

async function refusal(promise: Promise<unknown>): Promise<TokenError['reason']> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TokenError) return error.reason;
    throw error;
  }
  throw new Error('the token was accepted');
}

/** A token with the embed claims, signed however the test says. */
function forged(claims: Record<string, unknown> = {}) {
  return new SignJWT({ ...GRANT, ...claims })
    .setIssuer(ISSUER)
    .setAudience(EMBED_AUDIENCE)
    .setSubject('portico-portal-server')
    .setIssuedAt(Math.floor(clock.now / 1000))
    .setExpirationTime(Math.floor(clock.now / 1000) + 600)
    .setJti('forged');
}

describe('embed tokens', () => {
  it('carry the grant, a jti and an expiry, signed ES256 by the service with its key id', async () => {
    const issued = await tokens.issueEmbedToken('portico-portal-server', GRANT, 30);
    expect(decodeProtectedHeader(issued.token)).toEqual({ alg: 'ES256', typ: 'embed+jwt', kid: key.kid });
    const claims = decodeJwt(issued.token);
    expect(claims).toMatchObject({
      ...GRANT,
      iss: ISSUER,
      aud: EMBED_AUDIENCE,
      sub: 'portico-portal-server',
      jti: issued.tokenId,
    });
    expect(claims.exp).toBe(Math.floor(clock.now / 1000) + 30 * 60);
    expect(issued.expiresAt.toISOString()).toBe('2024-06-30T12:30:00.000Z');
    await expect(tokens.verifyEmbedToken(issued.token)).resolves.toMatchObject(GRANT);
  });

  it('are refused once expired, as expired', async () => {
    const { token } = await tokens.issueEmbedToken('c', GRANT, 1);
    clock.now += 61_000;
    try {
      expect(await refusal(tokens.verifyEmbedToken(token))).toBe('expired');
    } finally {
      clock.now -= 61_000;
    }
  });

  it('are refused when tampered with', async () => {
    const { token } = await tokens.issueEmbedToken('c', GRANT, 10);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const widened = Buffer.from(
      JSON.stringify({ ...decodeJwt(token), databaseNames: ['fabrikam', 'contoso_emea'] }),
    ).toString('base64url');
    expect(await refusal(tokens.verifyEmbedToken(`${header}.${widened}.${signature}`))).toBe('invalid');
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(await refusal(tokens.verifyEmbedToken(`${header}.${payload}.${flipped}`))).toBe('invalid');
  });

  it('are refused with alg none, an HMAC keyed with the public key, or another key', async () => {
    const unsecured = new UnsecuredJWT({ ...GRANT })
      .setIssuer(ISSUER)
      .setAudience(EMBED_AUDIENCE)
      .setSubject('c')
      .setJti('x')
      .setIssuedAt()
      .setExpirationTime('10m')
      .encode();
    expect(await refusal(tokens.verifyEmbedToken(unsecured))).toBe('invalid');
    const publicPem = key.publicKey.export({ type: 'spki', format: 'pem' });
    const hmac = await forged()
      .setProtectedHeader({ alg: 'HS256', typ: 'embed+jwt' })
      .sign(new TextEncoder().encode(String(publicPem)));
    expect(await refusal(tokens.verifyEmbedToken(hmac))).toBe('invalid');
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const foreign = await forged()
      .setProtectedHeader({ alg: 'ES256', typ: 'embed+jwt', kid: key.kid })
      .sign(other);
    expect(await refusal(tokens.verifyEmbedToken(foreign))).toBe('invalid');
  });

  it('are refused with another issuer, audience or type, or without the grant claims', async () => {
    const sign = (builder: SignJWT, typ = 'embed+jwt') =>
      builder.setProtectedHeader({ alg: 'ES256', typ }).sign(key.privateKey);
    expect(
      await refusal(tokens.verifyEmbedToken(await sign(forged().setIssuer('http://evil.example')))),
    ).toBe('invalid');
    expect(
      await refusal(tokens.verifyEmbedToken(await sign(forged().setAudience('portico-analytics-api')))),
    ).toBe('invalid');
    expect(await refusal(tokens.verifyEmbedToken(await sign(forged(), 'at+jwt')))).toBe('invalid');
    expect(await refusal(tokens.verifyEmbedToken(await sign(forged({ databaseNames: [] }))))).toBe('invalid');
    expect(await refusal(tokens.verifyEmbedToken(await sign(forged({ reports: 'all' }))))).toBe('invalid');
    await expect(tokens.verifyEmbedToken(await sign(forged()))).resolves.toMatchObject({ jti: 'forged' });
  });

  it('are checked in full once, then answered from memory with the same frozen claims', async () => {
    const { token } = await tokens.issueEmbedToken('c', GRANT, 10);
    const first = await tokens.verifyEmbedToken(token);
    expect(await tokens.verifyEmbedToken(token)).toBe(first);
    expect(Object.isFrozen(first.databaseNames)).toBe(true);
    const forgetful = new TokenService({ key, issuer: ISSUER, now: () => clock.now, rememberedTokens: 0 });
    const once = await forgetful.verifyEmbedToken(token);
    expect(await forgetful.verifyEmbedToken(token)).not.toBe(once);
    expect(await forgetful.verifyEmbedToken(token)).toEqual(once);
  });

  it('that were verified before are refused as expired once their expiry passes', async () => {
    const { token } = await tokens.issueEmbedToken('c', GRANT, 1);
    await expect(tokens.verifyEmbedToken(token)).resolves.toMatchObject(GRANT);
    clock.now += 60_000;
    try {
      expect(await refusal(tokens.verifyEmbedToken(token))).toBe('expired');
      expect(await refusal(tokens.verifyEmbedToken(token))).toBe('expired');
    } finally {
      clock.now -= 60_000;
    }
  });

  it('that were verified before still do not lend their standing to tampered copies', async () => {
    const { token } = await tokens.issueEmbedToken('c', GRANT, 10);
    await expect(tokens.verifyEmbedToken(token)).resolves.toMatchObject(GRANT);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const widened = Buffer.from(
      JSON.stringify({ ...decodeJwt(token), databaseNames: ['fabrikam', 'contoso_emea'] }),
    ).toString('base64url');
    expect(await refusal(tokens.verifyEmbedToken(`${header}.${widened}.${signature}`))).toBe('invalid');
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(await refusal(tokens.verifyEmbedToken(`${header}.${payload}.${flipped}`))).toBe('invalid');
    expect(await refusal(tokens.verifyEmbedToken(`${token}x`))).toBe('invalid');
    await expect(tokens.verifyEmbedToken(token)).resolves.toMatchObject(GRANT);
  });

  it('and API tokens never pass for each other', async () => {
    const api = await tokens.issueApiToken('portico-portal-server');
    const embed = await tokens.issueEmbedToken('c', GRANT, 10);
    expect(await tokens.verifyApiToken(api.token)).toBe('portico-portal-server');
    expect(await refusal(tokens.verifyEmbedToken(api.token))).toBe('invalid');
    expect(await refusal(tokens.verifyApiToken(embed.token))).toBe('invalid');
  });
});

describe('the signing key', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'analytics-key-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('is made at first start, kept readable by its owner only, and the same at the next start', async () => {
    const file = join(dir, 'analytics', 'signing-key.pem');
    const first = await loadSigningKey(file);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const second = await loadSigningKey(file);
    expect(second.kid).toBe(first.kid);
    expect(second.publicJwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', kid: first.kid });
  });

  it('is narrowed to 0600, with a warning, when others could read it', async () => {
    const file = join(dir, 'analytics', 'signing-key.pem');
    await chmod(file, 0o644);
    const warnings: string[] = [];
    await loadSigningKey(file, (message) => warnings.push(message));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(warnings[0]).toContain('is now 0600');
  });
});
