import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInHeadless } from '../../apps/identity/test/headless-sign-in.ts';
import { startIdentity, type RunningIdentity } from '../../apps/identity/test/start-identity.ts';
import { buildApp } from '../../apps/portal-server/src/app.ts';
import { loadConfig } from '../../apps/portal-server/src/config.ts';
import { openDatabase, type Database } from '../../apps/portal-server/src/db/database.ts';

// The real identity provider issues tokens over real HTTP; the real portal server (on its embedded database)
// verifies them against the provider's discovery document and JWKS.
describe('the portal server and the development identity provider together', () => {
  let idp: RunningIdentity;
  let portal: FastifyInstance;
  let database: Database;
  let dataDir: string;

  const portalOrigin = 'http://localhost:4400';

  beforeAll(async () => {
    idp = await startIdentity({ env: { IDENTITY_CLIENT_ORIGINS: portalOrigin } });
    dataDir = await mkdtemp(join(tmpdir(), 'portico-integration-'));
    const config = loadConfig({
      PORTICO_DATA_DIR: dataDir,
      OIDC_AUTHORITY: idp.issuer,
      LOG_LEVEL: 'silent',
    });
    database = await openDatabase({ dataDir: config.dataDir });
    await database.migrate();
    portal = await buildApp({ config, database, logger: false });
  });

  afterAll(async () => {
    await portal?.close();
    await database?.close();
    await idp?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const signIn = (username: string, password: string) =>
    signInHeadless({
      issuer: idp.issuer,
      clientId: 'portico-portal',
      redirectUri: portalOrigin,
      username,
      password,
    });

  it('tells the SPA to sign in at the identity provider with the API scope', async () => {
    const res = await portal.inject({ url: '/api/configuration/clientConfiguration' });
    expect(res.json()).toMatchObject({
      clientId: 'portico-portal',
      authority: idp.issuer,
      apiScope: 'portal.api',
    });
  });

  it("accepts the provider's access token and records the signed-in user", async () => {
    const tokens = await signIn('alice@contoso.example', 'portico-alice');
    const res = await portal.inject({
      url: '/api/users/me',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Alice Andersen', email: 'alice@contoso.example' });
  });

  it('accepts the access token obtained with the refresh token', async () => {
    const tokens = await signIn('bob@fabrikam.example', 'portico-bob');
    const refreshed = await fetch(`${idp.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: 'portico-portal',
      }),
    });
    expect(refreshed.status).toBe(200);
    const { access_token } = (await refreshed.json()) as { access_token: string };
    const res = await portal.inject({
      url: '/api/users/me',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Bob Berg' });
  });

  it('refuses an ID token used as an API access token, because its audience is the SPA', async () => {
    const tokens = await signIn('carol@contoso.example', 'portico-carol');
    const res = await portal.inject({
      url: '/api/users/me',
      headers: { authorization: `Bearer ${tokens.id_token}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('refuses a token whose payload was altered after signing', async () => {
    const tokens = await signIn('alice@contoso.example', 'portico-alice');
    const [header, payload, signature] = tokens.access_token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    const res = await portal.inject({
      url: '/api/users/me',
      headers: { authorization: `Bearer ${header}.${forged}.${signature}` },
    });
    expect(res.statusCode).toBe(401);
  });
});
