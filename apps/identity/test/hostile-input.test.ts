/**
 * The identity provider under hostile callers, in process (`inject`): every Fastify route it registers (recorded
 * by onRoute) and every endpoint its discovery document names get bad paths, query strings, bodies and tokens; the
 * sign-in form gets unknown users, wrong passwords, missing or foreign interaction cookies, replays, over-long and
 * malformed fields, and a password-guessing run. No 5xx, no stack, pages for the pages, OAuth errors for the API,
 * redirects only to registered URIs, and no password, token or cookie in the log.
 */
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { Writable } from 'node:stream';
import type {
  FastifyInstance,
  HTTPMethods,
  InjectOptions,
  LightMyRequestResponse,
  RouteOptions,
} from 'fastify';
import { exportJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIdentityApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { IdentityConfig } from '../src/config.ts';
import { makeDataDir } from './start-identity.ts';

const PORTAL = 'http://localhost:4400';
const HOST = 'localhost:4401';
const ALICE = { username: 'alice@contoso.example', password: 'portico-alice' };

let app: FastifyInstance;
let config: IdentityConfig;
let dataDir: string;
const routes: RouteOptions[] = [];
const logLines: string[] = [];
/** Passwords, tokens and cookies sent or received during the run: none may reach the log. */
const secrets = new Set<string>([ALICE.password, 'WRONG-password-0815', 'portico-bob']);

beforeAll(async () => {
  dataDir = await makeDataDir();
  config = loadConfig({ PORTICO_DATA_DIR: dataDir, IDENTITY_PORT: '4401', LOG_LEVEL: 'trace' });
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  app = await buildIdentityApp(config, { logStream, onRoute: (route) => routes.push(route) });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A browser's cookies: every cookie the provider set, sent on every request (paths are not checked). */
class Browser {
  readonly cookies = new Map<string, string>();
  constructor(readonly remoteAddress = '127.0.0.1') {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await app.inject({
      remoteAddress: this.remoteAddress,
      ...options,
      headers: { host: HOST, ...(cookie === '' ? {} : { cookie }), ...options.headers },
    });
    for (const { name, value } of response.cookies as { name: string; value: string }[]) {
      // The interaction cookies hold the interaction's uid, which is in the URL anyway; the rest are secrets.
      if (!/^_interaction(_resume)?$/.test(name)) secrets.add(value);
      if (value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  post(url: string, form: Record<string, string>): Promise<LightMyRequestResponse> {
    return this.request({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
  }
}

const verifier = randomBytes(32).toString('base64url');
const challenge = createHash('sha256').update(verifier).digest('base64url');

function authorizeUrl(params: Record<string, string> = {}): string {
  return `/auth?${new URLSearchParams({
    client_id: config.clientId,
    response_type: 'code',
    scope: 'openid profile portal.api',
    redirect_uri: PORTAL,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st',
    ...params,
  }).toString()}`;
}

/** Starts a sign-in in `browser`: the interaction's path (`/interaction/<uid>`). */
async function startSignIn(browser: Browser): Promise<string> {
  const response = await browser.request({ url: authorizeUrl() });
  const location = String(response.headers.location ?? '');
  expect(location).toMatch(/^\/interaction\/[\w-]+$/);
  return location;
}

const pathOf = (location: string) => {
  const url = new URL(location, `http://${HOST}`);
  return url.origin === `http://${HOST}` ? `${url.pathname}${url.search}` : undefined;
};

/** Follows the provider's redirects in `browser` until one leaves it; answers that URL. */
async function followToPortal(browser: Browser, first: LightMyRequestResponse): Promise<URL> {
  let response = first;
  for (let hop = 0; hop < 10; hop++) {
    const location = String(response.headers.location ?? '');
    const path = pathOf(location);
    if (path === undefined) return new URL(location);
    response = await browser.request({ url: path });
  }
  throw new Error('too many redirects');
}

// A stack frame, a source location, or a path of this machine: never in an answer.
const LEAKS = [/\n\s+at .+[(:]/, /node_modules/, /\.[cm]?[jt]s:\d+/, /\/(?:work|home|tmp|usr|var)\//];

/** What is wrong with an answer to a hostile request: a 5xx, a leak, or a 4xx in no documented shape. */
function defect(label: string, response: LightMyRequestResponse, method = 'GET'): string | undefined {
  const where = `${label} → ${response.statusCode}`;
  if (response.statusCode >= 500) return `${where} ${response.body.slice(0, 200)}`;
  for (const pattern of LEAKS)
    if (pattern.test(response.body))
      return `${where} shows ${String(pattern)}: ${response.body.slice(0, 200)}`;
  if (response.statusCode < 400 || method === 'HEAD') return undefined;
  const type = String(response.headers['content-type'] ?? '');
  if (type.startsWith('text/html'))
    return /<h1>[^<]+<\/h1>/.test(response.body) ? undefined : `${where} page without a heading`;
  if (!type.startsWith('application/json'))
    return `${where} answered ${type}: ${response.body.slice(0, 120)}`;
  const body = JSON.parse(response.body) as Record<string, unknown>;
  // OAuth's { error, error_description } on the provider's endpoints, { message, code } on the rest.
  const oauth = typeof body['error'] === 'string' && typeof body['error_description'] === 'string';
  const common = typeof body['message'] === 'string' && typeof body['code'] === 'string';
  return oauth || common
    ? undefined
    : `${where} answered without a documented error shape: ${response.body.slice(0, 120)}`;
}

async function findings(requests: readonly [string, InjectOptions][]): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < requests.length; i += 16) {
    const batch = requests.slice(i, i + 16);
    const responses = await Promise.all(
      batch.map(([, options]) => app.inject({ ...options, headers: { host: HOST, ...options.headers } })),
    );
    batch.forEach(([label, options], j) => {
      const response = responses[j];
      const found = response === undefined ? `${label}: no answer` : defect(label, response, options.method);
      if (found !== undefined) out.push(found);
    });
  }
  return out;
}

const HOSTILE_SEGMENTS = [
  '..',
  '%2e%2e',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  'a%00b',
  '%ff',
  'x'.repeat(5000),
  "'%20OR%201%3D1--",
  encodeURIComponent('<script>alert(1)</script>'),
  encodeURIComponent('Ä😀\u202e'),
  '__proto__',
];
const HOSTILE_QUERIES = [
  'client_id=a&client_id=b&redirect_uri=x&redirect_uri=y',
  'client_id=portico-portal&response_type[]=code&scope[x]=openid',
  `state=${'x'.repeat(9000)}`,
  '%ff=1&x=%ff',
  'client_id=%00&redirect_uri=javascript:alert(1)',
  '__proto__[polluted]=1',
];

const BODIES: [string, string, string][] = [
  ['malformed JSON', 'application/json', '{"a":'],
  ['JSON', 'application/json', '{"grant_type":"authorization_code","code":"x"}'],
  ['plain text', 'text/plain', 'hello'],
  ['XML', 'application/xml', '<a/>'],
  ['multipart', 'multipart/form-data; boundary=x', '--x--'],
  ['a form with arrays', 'application/x-www-form-urlencoded', 'grant_type=a&grant_type=b&code[x]=1'],
  ['a form with bad encoding', 'application/x-www-form-urlencoded', 'a=%ff&%=1'],
  ['a huge form', 'application/x-www-form-urlencoded', `a=${'x'.repeat(3 * 1024 * 1024)}`],
];

describe('every route and endpoint of the identity provider under hostile input', () => {
  it('answers hostile paths, query strings and bodies without a 5xx, in a page or a documented error shape', async () => {
    const discovery = (
      await app.inject({ url: '/.well-known/openid-configuration', headers: { host: HOST } })
    ).json() as Record<string, unknown>;
    const endpoints = Object.entries(discovery)
      .filter(
        ([key, value]) => (key.endsWith('_endpoint') || key === 'jwks_uri') && typeof value === 'string',
      )
      .map(([, value]) => new URL(String(value)).pathname);
    expect(endpoints).toEqual(expect.arrayContaining(['/auth', '/token', '/me', '/session/end', '/jwks']));
    const fastifyRoutes = routes.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({
        method,
        url: route.url,
      })),
    );
    expect(fastifyRoutes.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/interaction/:uid', '/healthz', '/*']),
    );
    // The provider's endpoints are behind the catch-all: audit them by the discovery document's paths.
    const targets = [
      ...fastifyRoutes.filter((r) => r.url !== '/*'),
      ...endpoints.flatMap((url) =>
        ['GET', 'POST', 'OPTIONS', 'PUT', 'DELETE', 'PATCH'].map((method) => ({ method, url })),
      ),
      { method: 'DELETE', url: '/healthz' },
      { method: 'PUT', url: '/interaction/:uid' },
      { method: 'GET', url: '/session/end/confirm' },
      { method: 'POST', url: '/session/end/confirm' },
      { method: 'GET', url: '/auth/unknown-uid' },
      { method: 'GET', url: '/no/such/endpoint' },
    ];
    const requests: [string, InjectOptions][] = [];
    for (const { method, url } of targets) {
      const m = method as HTTPMethods;
      const fill = (value: string) => url.replace(/:uid/, value);
      for (const value of url.includes(':uid') ? HOSTILE_SEGMENTS : [])
        requests.push([`${method} ${url} with ${value.slice(0, 40)}`, { method: m, url: fill(value) }]);
      for (const query of HOSTILE_QUERIES)
        requests.push([
          `${method} ${url}?${query.slice(0, 50)}`,
          { method: m, url: `${fill('abc')}?${query}` },
        ]);
      if (method === 'POST')
        for (const [what, type, payload] of BODIES)
          requests.push([
            `${method} ${url} with ${what}`,
            { method: m, url: fill('abc'), headers: { 'content-type': type }, payload },
          ]);
    }
    expect(requests.length).toBeGreaterThan(200);
    expect(await findings(requests)).toEqual([]);
  });

  it('refuses missing, expired, unsigned and forged access tokens at the userinfo endpoint with 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwks = (await app.inject({ url: '/jwks', headers: { host: HOST } })).json() as {
      keys: Record<string, unknown>[];
    };
    const publicJwk = JSON.stringify(jwks.keys[0]);
    const claims = { sub: 'x', scope: 'openid', client_id: config.clientId };
    const forge = (alg: string) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg, kid: String(jwks.keys[0]?.['kid']) })
        .setIssuer(config.issuer)
        .setAudience(config.apiAudience)
        .setIssuedAt(now - 7200)
        .setExpirationTime(now + 600);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    const tokens = {
      'no token': undefined,
      'not a JWT': 'Bearer abc',
      'alg none': `Bearer ${unsigned}`,
      'HS256 keyed with the public JWK': `Bearer ${await forge('HS256').sign(new TextEncoder().encode(publicJwk))}`,
      'RS256 by another key': `Bearer ${await forge('RS256').sign(rsa.privateKey)}`,
      'an embedded jwk': `Bearer ${await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', jwk: await exportJWK(rsa.publicKey) }).sign(rsa.privateKey)}`,
      'Basic credentials': `Basic ${Buffer.from('a:b').toString('base64')}`,
    };
    for (const [what, authorization] of Object.entries(tokens)) {
      const response = await app.inject({
        url: '/me',
        headers: { host: HOST, ...(authorization === undefined ? {} : { authorization }) },
      });
      // RFC 6750: no bearer token at all is invalid_request (400), a bad one invalid_token (401).
      const expected = what === 'Basic credentials' ? [400, 'invalid_request'] : [401, 'invalid_token'];
      const { error } = response.json() as { error: string };
      expect({ what, answer: [response.statusCode, error] }).toEqual({ what, answer: expected });
    }
  });
});

describe('the sign-in form', () => {
  it('answers an unknown user and a wrong password with the same page and no redirect', async () => {
    const browser = new Browser('10.1.0.1');
    const path = await startSignIn(browser);
    const unknown = await browser.post(path, {
      username: 'nobody@contoso.example',
      password: 'WRONG-password-0815',
    });
    const wrong = await browser.post(path, { username: ALICE.username, password: 'WRONG-password-0815' });
    for (const response of [unknown, wrong]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers.location).toBeUndefined();
      expect(response.body).toContain('Wrong email or password.');
    }
    expect(unknown.body.replace('nobody@contoso.example', ALICE.username)).toBe(wrong.body);
  });

  it('answers over-long and malformed fields with the form and a message, not a JSON error', async () => {
    const browser = new Browser('10.1.0.2');
    const path = await startSignIn(browser);
    const long = await browser.post(path, { username: `${'a'.repeat(400)}@contoso.example`, password: 'x' });
    expect(long.statusCode).toBe(400);
    expect(long.headers['content-type']).toMatch(/^text\/html/);
    expect(long.body).toContain('Enter an email of at most 320 characters');
    expect(long.body).toContain('<form method="post"');
    const longPassword = await browser.post(path, { username: ALICE.username, password: 'p'.repeat(2000) });
    expect(longPassword.statusCode).toBe(400);
    expect(longPassword.body).toContain('a password of at most 1024');

    const malformed: [string, InjectOptions, number][] = [
      [
        'repeated fields',
        {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'username=a&username=b&password=c',
        },
        400,
      ],
      ['plain text', { headers: { 'content-type': 'text/plain' }, payload: 'username=a' }, 400],
      [
        'multipart',
        { headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--' },
        415,
      ],
      ['malformed JSON', { headers: { 'content-type': 'application/json' }, payload: '{"username":' }, 400],
      [
        'a body over 8 KiB',
        {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `username=${'a'.repeat(9000)}`,
        },
        413,
      ],
      ['no body', {}, 400],
    ];
    for (const [what, options, status] of malformed) {
      const response = await browser.request({ method: 'POST', url: path, ...options });
      expect({ what, status: response.statusCode }).toEqual({ what, status });
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toMatch(/<h1>[^<]+<\/h1>/);
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    }
    for (const uid of ['..%2f..%2fetc', 'x'.repeat(200), '%00', 'a.b']) {
      const response = await browser.request({ url: `/interaction/${uid}` });
      expect({ uid: uid.slice(0, 20), status: response.statusCode }).toEqual({
        uid: uid.slice(0, 20),
        status: 400,
      });
      expect(response.body).toContain('This sign-in link is not valid');
    }
  });

  it('signs nobody in from a form posted without the interaction cookie, or with the cookie of another sign-in', async () => {
    const victim = new Browser('10.1.0.3');
    // The interaction cookie is what a cross-site post lacks: SameSite=Lax, HttpOnly, signed, scoped to its path.
    const started = await app.inject({ url: authorizeUrl(), headers: { host: HOST } });
    const cookies = [started.headers['set-cookie'] ?? []].flat().map(String);
    const interaction = cookies.find((cookie) => cookie.startsWith('_interaction='));
    expect(interaction).toMatch(/samesite=lax/i);
    expect(interaction).toMatch(/httponly/i);
    expect(interaction).toMatch(/path=\/interaction\/[\w-]+/);
    expect(cookies.some((cookie) => cookie.startsWith('_interaction.sig='))).toBe(true);
    const path = await startSignIn(victim);
    // A cross-site form post carries no cookie of the provider (SameSite).
    const forged = await new Browser('10.1.0.3').post(path, ALICE);
    expect(forged.statusCode).toBe(400);
    expect(forged.headers.location).toBeUndefined();
    expect(forged.body).toContain('This sign-in has expired');
    // The attacker's own sign-in cookie does not open the victim's interaction.
    const attacker = new Browser('10.1.0.3');
    await startSignIn(attacker);
    const crossed = await attacker.post(path, ALICE);
    expect(crossed.statusCode).toBe(400);
    expect(crossed.headers.location).toBeUndefined();
  });

  it('refuses a replayed sign-in once the interaction has been used', async () => {
    const browser = new Browser('10.1.0.4');
    const path = await startSignIn(browser);
    const signedIn = await browser.post(path, ALICE);
    expect(signedIn.statusCode).toBe(303);
    const landing = await followToPortal(browser, signedIn);
    expect(landing.origin).toBe(PORTAL);
    expect(landing.searchParams.get('code')).toEqual(expect.any(String));
    secrets.add(landing.searchParams.get('code') ?? '');
    const replay = await browser.post(path, ALICE);
    expect(replay.statusCode).toBe(400);
    expect(replay.headers.location).toBeUndefined();
    expect(replay.body).toContain('This sign-in has expired');
  });

  it('throttles password guessing: after five failures even the right password waits, with Retry-After', async () => {
    const guesser = new Browser('10.1.0.5');
    const path = await startSignIn(guesser);
    for (let i = 0; i < 5; i++) {
      const response = await guesser.post(path, {
        username: ALICE.username,
        password: `WRONG-password-0815`,
      });
      expect(response.statusCode).toBe(200);
    }
    const locked = await guesser.post(path, ALICE);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.headers.location).toBeUndefined();
    expect(locked.body).toContain('Too many sign-in attempts');
    expect(locked.body).not.toContain('Wrong email or password.');
    // Another client is not held back by this one's guesses.
    const other = new Browser('10.1.0.6');
    const signedIn = await other.post(await startSignIn(other), ALICE);
    expect(signedIn.statusCode).toBe(303);
  });

  it('never holds back a client that signs in successfully, however often (the browser test suites sign in from one address)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const browser = new Browser('10.1.0.8');
      statuses.push((await browser.post(await startSignIn(browser), ALICE)).statusCode);
    }
    expect(new Set(statuses)).toEqual(new Set([303]));
  });
});

describe('redirects', () => {
  it('never redirects to a redirect_uri that is not registered, however it is spelt', async () => {
    for (const redirect of [
      'http://evil.example',
      `${PORTAL}/`,
      `${PORTAL}/callback`,
      `${PORTAL}.evil.example`,
      'http://localhost:44000',
      'http://evil@localhost:4400',
      'HTTP://LOCALHOST:4400',
      '//evil.example',
      'javascript:alert(1)',
      `${PORTAL}#x`,
      `${PORTAL}?next=http://evil.example`,
      // The Vite dev server's origin is registered only when `npm run dev` says so (IDENTITY_CLIENT_ORIGINS).
      'http://localhost:5173',
    ]) {
      const response = await app.inject({
        url: authorizeUrl({ redirect_uri: redirect }),
        headers: { host: HOST },
      });
      expect({ redirect, status: response.statusCode, location: response.headers.location }).toEqual({
        redirect,
        status: 400,
        location: undefined,
      });
    }
  });

  it('never sends a signed-out browser to a post_logout_redirect_uri that is not registered', async () => {
    const browser = new Browser('10.1.0.7');
    const landing = await followToPortal(browser, await browser.post(await startSignIn(browser), ALICE));
    const token = await browser.request({
      method: 'POST',
      url: '/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PORTAL },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code: landing.searchParams.get('code') ?? '',
        code_verifier: verifier,
        redirect_uri: PORTAL,
        client_id: config.clientId,
      }).toString(),
    });
    expect(token.statusCode, token.body).toBe(200);
    const tokens = token.json() as Record<string, string>;
    for (const value of Object.values(tokens))
      if (typeof value === 'string' && value.length > 20) secrets.add(value);
    for (const redirect of ['http://evil.example', `${PORTAL}.evil.example`, `${PORTAL}/x`]) {
      const response = await browser.request({
        url: `/session/end?${new URLSearchParams({ id_token_hint: tokens['id_token'] ?? '', post_logout_redirect_uri: redirect }).toString()}`,
      });
      expect({ redirect, status: response.statusCode }).toEqual({ redirect, status: 400 });
      expect(response.headers.location).toBeUndefined();
      expect(response.body).not.toContain('evil.example');
    }
  });
});

describe('the log of all of the above', () => {
  it('holds no password, token, code or cookie value', () => {
    const text = logLines.join('');
    expect(text.length).toBeGreaterThan(1000);
    const leaked = [...secrets].filter((secret) => secret.length >= 8 && text.includes(secret));
    expect(leaked.map((s) => s.slice(0, 30))).toEqual([]);
    expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.eyJ/);
  });
});
