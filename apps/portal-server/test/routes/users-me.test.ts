import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { findUserBySubject } from '../../src/db/users.ts';
import { startFakeAuthority, unreachableUrl } from '../helpers/fake-authority.ts';
import type { FakeAuthority } from '../helpers/fake-authority.ts';
import { openMigratedPglite, testApp, testConfig } from '../helpers/test-app.ts';

let authority: FakeAuthority;
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  authority = await startFakeAuthority();
  database = await openMigratedPglite();
  app = await testApp({ config: testConfig({ OIDC_AUTHORITY: authority.url }), database });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await authority?.close();
});

const me = (authorization?: string) =>
  app.inject({ url: '/api/users/me', headers: authorization === undefined ? {} : { authorization } });

describe('GET /api/users/me', () => {
  it('answers 401 UNAUTHENTICATED with a Bearer challenge when there is no token', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.json()).toEqual({ message: expect.any(String), code: 'UNAUTHENTICATED' });
  });

  it('answers 401 UNAUTHENTICATED for an Authorization header that is not a bearer token', async () => {
    for (const header of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer two words', 'token abc']) {
      const res = await me(header);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });

  it('answers 401 INVALID_TOKEN naming the problem, without echoing the token', async () => {
    const expired = await authority.sign({}, { expiresIn: -3600 });
    const res = await me(`Bearer ${expired}`);
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token", error_description="expired"');
    expect(res.json()).toEqual({ message: 'The access token is not valid: expired.', code: 'INVALID_TOKEN' });
    expect(res.body).not.toContain(expired.split('.')[1]);

    const garbage = await me('Bearer abc.def.ghi');
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(garbage.body).not.toContain('abc.def.ghi');

    const wrongAudience = await me(`Bearer ${await authority.sign({ aud: 'api://other' })}`);
    expect(wrongAudience.json()).toEqual({
      message: 'The access token is not valid: wrong audience.',
      code: 'INVALID_TOKEN',
    });
  });

  it('answers the caller recorded in the database for a valid token', async () => {
    const before = Date.now();
    const res = await me(
      `Bearer ${await authority.sign({ sub: 'grace', name: 'Grace Hopper', email: 'grace@example.com' })}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<{ firstSeenAt: string; lastSeenAt: string }>();
    expect(body).toEqual({
      subject: 'grace',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      firstSeenAt: expect.any(String),
      lastSeenAt: expect.any(String),
    });
    expect(Date.parse(body.firstSeenAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(body.lastSeenAt).toBe(body.firstSeenAt);
    expect(await findUserBySubject(database.db, 'grace')).toMatchObject({ name: 'Grace Hopper' });
  });

  it('records a caller at most once a minute', async () => {
    const token = await authority.sign({ sub: 'linus' });
    const first = (await me(`Bearer ${token}`)).json<{ lastSeenAt: string }>();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = (await me(`Bearer ${token}`)).json<{ lastSeenAt: string }>();
    expect(second.lastSeenAt).toBe(first.lastSeenAt);
  });

  it('accepts a token it has verified in every form the scheme allows, and nothing that merely starts like it', async () => {
    const token = await authority.sign({ sub: 'ada' });
    for (const header of [`Bearer ${token}`, `bearer ${token}`, `Bearer   ${token}`, `BEARER ${token}`]) {
      const res = await me(header);
      expect({ header, status: res.statusCode }).toEqual({ header, status: 200 });
    }
    expect((await me(`Bearer ${token} ${token}`)).json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await me(`Bearer ${token}A`)).json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await me(`Bearer ${token.slice(0, -1)}`)).json()).toMatchObject({ code: 'INVALID_TOKEN' });
    const [header = '', payload = '', signature = ''] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'mallory', aud: 'x' })).toString('base64url');
    expect(payload).not.toBe(forged);
    expect((await me(`Bearer ${header}.${forged}.${signature}`)).json()).toMatchObject({
      code: 'INVALID_TOKEN',
    });
  });

  it('answers 503 AUTHORITY_UNAVAILABLE when the authority cannot be reached', async () => {
    const lonely = await testApp({
      config: testConfig({ OIDC_AUTHORITY: await unreachableUrl() }),
      database,
    });
    try {
      const res = await lonely.inject({
        url: '/api/users/me',
        headers: { authorization: `Bearer ${await authority.sign()}` },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'AUTHORITY_UNAVAILABLE' });
    } finally {
      await lonely.close();
    }
  });
});
