/**
 * Every documented route (read from the server's own OpenAPI document, so a new route is covered without editing
 * this file) against hostile input: malformed and oversized bodies, wrong types, traversal and injection in every
 * parameter, forged and expired tokens. Whatever the input, the answer is never a 5xx, a 4xx says what is wrong in the
 * documented shape (400 a plain-text message, others `{ message, code }`), no answer leaks a stack or a server path,
 * and the server still answers a good request afterwards.
 */
import { SignJWT, base64url, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import type { EmbedInfoProvider } from '../../src/embed/provider.ts';
import { TEST_AUDIENCE, startFakeAuthority } from '../helpers/fake-authority.ts';
import type { FakeAuthority } from '../helpers/fake-authority.ts';
import { seededApp } from '../helpers/seeded-app.ts';
import type { SeededApp } from '../helpers/seeded-app.ts';
import { openMigratedPglite } from '../helpers/test-app.ts';

interface Parameter {
  name: string;
  in: 'path' | 'query';
}
interface Operation {
  method: 'GET' | 'POST';
  path: string;
  parameters: Parameter[];
  body: { properties?: Record<string, unknown> } | undefined;
}

/** Values that must never reach a file path, SQL or HTML unchecked. */
const HOSTILE = [
  '../../../../etc/passwd',
  '..%2f..%2fsecret.json',
  '%2e%2e%2f%2e%2e%2f',
  'a\u0000b',
  "x' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '\u202e\u{1f600}\u0301',
  'x'.repeat(5000),
  '',
];

/** Stand-ins for JSON body fields of the wrong type. */
const WRONG_TYPES: unknown[] = [null, 0, -1, 1e308, true, [], {}, ['a', 'b'], { $ne: null }];

/** The analytics service is another process; its embed-info answers are not what this file tests. */
const provider: EmbedInfoProvider = {
  async listReports() {
    return [{ workspaceId: 'ws-1', reportId: 'report-1', reportName: 'Fleet overview' }];
  },
  async embedInfo() {
    return undefined;
  },
};

let database: Database;
let authority: FakeAuthority;
let s: SeededApp;
let operations: Operation[] = [];

beforeAll(async () => {
  database = await openMigratedPglite();
  authority = await startFakeAuthority();
  s = await seededApp(database, authority, {
    env: {
      PORTAL_ENABLE_EMBEDDED_REPORTS: 'true',
      PORTAL_INCLUDE_REPORTS: 'true',
      // Off by default; on here so its route gets the hostile input too.
      PORTAL_RECORD_MISSING_TRANSLATIONS: 'true',
    },
    embedInfoProvider: provider,
  });
  const document = (await s.app.inject({ url: '/api/docs/openapi.json' })).json<{
    paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'> & { requestBody?: unknown }>>;
  }>();
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase() as Operation['method'],
      path,
      parameters: op.parameters,
      body: (op.requestBody as { content?: Record<string, { schema?: Operation['body'] }> } | undefined)
        ?.content?.['application/json']?.schema,
    })),
  );
});
afterAll(async () => {
  await s?.close();
  await authority?.close();
  await database?.close();
});

/** `/locales/{lng}/{file}` with every path parameter set to `value` (URL-encoded unless `raw`). */
const fillPath = (op: Operation, value: string, raw = false) =>
  op.path.replace(/\{[^}]+\}/g, raw ? value : encodeURIComponent(value));

/** Every query parameter of the operation (or a stray `q` where it has none) set to an already-encoded value. */
const queryOf = (op: Operation, encoded: string) =>
  op.parameters
    .filter((p) => p.in === 'query')
    .map((p) => `${p.name}=${encoded}`)
    .join('&') || `q=${encoded}`;

const samplePath = (op: Operation) =>
  op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => (name === 'lng' ? 'en' : 'translation.json'));

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** What every answer to hostile input must satisfy. */
function expectHandled(answer: Answer, what: string) {
  expect(answer.statusCode, `${what} → ${answer.statusCode} ${answer.body.slice(0, 200)}`).toBeLessThan(500);
  expect(answer.body, what).not.toMatch(/\bat .+\.(ts|js):\d+|node_modules|\/work\/|\/tmp\/|stack/i);
  if (answer.statusCode === 400) {
    expect(answer.body.trim().length, `${what}: a 400 says what is wrong`).toBeGreaterThan(0);
  } else if (answer.statusCode > 400) {
    const body = JSON.parse(answer.body) as { message?: unknown; code?: unknown };
    expect(typeof body.message, `${what}: message`).toBe('string');
    expect(body.code, `${what}: code`).toMatch(/^[A-Za-z][A-Za-z0-9_]*$/);
  }
}

describe('every documented route under hostile input', () => {
  it('reads the operations from the OpenAPI document, the upload and download routes among them', () => {
    const names = operations.map((op) => `${op.method} ${op.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/reports/reportNodes',
        'POST /api/reports/downloadReport',
        'GET /api/download/dcainstaller',
        'POST /api/embedpbi/GetPbiEmbedInfoForUserAsync',
        'POST /locales/add/{lng}/{ns}',
      ]),
    );
  });

  it('answers traversal, injection, control characters and over-long values in path and query parameters with a 4xx or a harmless answer', async () => {
    const bearer = await s.bearer('carol');
    for (const op of operations) {
      const hasPathParameters = op.path.includes('{');
      const urls = HOSTILE.flatMap((value) =>
        hasPathParameters
          ? [fillPath(op, value), ...(value.includes('/') ? [fillPath(op, value, true)] : [])]
          : [`${op.path}?${queryOf(op, encodeURIComponent(value))}`],
      );
      // Broken percent-encoding and bytes that are not UTF-8, as they arrive on the wire.
      for (const raw of ['%', '%zz', '%ff%fe', '%ed%a0%80', '%c0%ae%c0%ae%2f']) {
        urls.push(hasPathParameters ? fillPath(op, raw, true) : `${op.path}?${queryOf(op, raw)}`);
      }
      for (const url of urls) {
        const answer = await s.app.inject({
          method: op.method,
          url,
          headers: { authorization: bearer },
          ...(op.method === 'POST' ? { payload: {} } : {}),
        });
        expectHandled(answer, `${op.method} ${url.slice(0, 80)}`);
        // Nothing outside the web build is ever served, whatever the path says.
        expect(answer.body, url).not.toContain('root:');
        expect(answer.body, url).not.toContain('"secret":true');
      }
    }
  });

  it('answers query parameters given twice (an array where a value is expected) with a 4xx', async () => {
    const bearer = await s.bearer('carol');
    for (const op of operations.filter((o) => o.parameters.some((p) => p.in === 'query'))) {
      const query = op.parameters
        .filter((p) => p.in === 'query')
        .map((p) => `${p.name}=a&${p.name}=b`)
        .join('&');
      const answer = await s.app.inject({
        method: op.method,
        url: `${op.path}?${query}`,
        headers: { authorization: bearer },
      });
      expectHandled(answer, `${op.method} ${op.path} with repeated parameters`);
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    }
  });

  it('answers malformed JSON, a wrong content type, a non-object body and an over-limit body with a 4xx', async () => {
    const bearer = await s.bearer('carol');
    for (const op of operations.filter((o) => o.method === 'POST')) {
      const url = samplePath(op);
      const bodies: { payload: string | Buffer; type: string; what: string; status?: number }[] = [
        { payload: '{"accessToken": ', type: 'application/json', what: 'truncated JSON' },
        { payload: '{"a":1}{"b":2}', type: 'application/json', what: 'two JSON values' },
        { payload: '[]', type: 'application/json', what: 'an array' },
        { payload: '"text"', type: 'application/json', what: 'a string' },
        { payload: 'null', type: 'application/json', what: 'null' },
        { payload: 'a=1&b=2', type: 'application/x-www-form-urlencoded', what: 'a form', status: 415 },
        { payload: '<a/>', type: 'text/xml', what: 'XML', status: 415 },
        {
          payload: Buffer.alloc(2 * 1024 * 1024, 0x20),
          type: 'application/json',
          what: 'a 2 MB body',
          status: 413,
        },
      ];
      for (const body of bodies) {
        const answer = await s.app.inject({
          method: 'POST',
          url,
          headers: { authorization: bearer, 'content-type': body.type },
          payload: body.payload,
        });
        expectHandled(answer, `POST ${url} with ${body.what}`);
        expect(answer.statusCode, `POST ${url} with ${body.what}`).toBeGreaterThanOrEqual(400);
        if (body.status !== undefined)
          expect(answer.statusCode, `POST ${url} with ${body.what}`).toBe(body.status);
      }
    }
  });

  it('answers every body field of the wrong type, and unknown fields, with a 4xx', async () => {
    const bearer = await s.bearer('carol');
    for (const op of operations.filter((o) => o.body?.properties !== undefined)) {
      const url = samplePath(op);
      const fields = Object.keys(op.body?.properties ?? {});
      const valid = Object.fromEntries(fields.map((name) => [name, 'x']));
      for (const field of fields) {
        for (const wrong of WRONG_TYPES) {
          const answer = await s.app.inject({
            method: 'POST',
            url,
            headers: { authorization: bearer },
            payload: { ...valid, [field]: wrong },
          });
          expectHandled(answer, `POST ${url} with ${field}=${JSON.stringify(wrong)}`);
          expect(answer.statusCode).toBeGreaterThanOrEqual(400);
        }
      }
      const extra = await s.app.inject({
        method: 'POST',
        url,
        headers: { authorization: bearer },
        payload: { ...valid, __proto__: { admin: true }, constructor: { prototype: { admin: true } } },
      });
      expectHandled(extra, `POST ${url} with prototype keys`);
      expect(({} as Record<string, unknown>)['admin']).toBeUndefined();
    }
  });

  it('refuses missing, malformed, expired, foreign, unsigned and wrongly signed tokens on every authenticated route with a 401', async () => {
    const jwk = authority.publicJwk();
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: 'sub-carol', email: 'carol@contoso.example', groups: ['contoso-users'] };
    const unsigned = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url.encode(
      JSON.stringify({ ...claims, iss: authority.url, aud: TEST_AUDIENCE, exp: now + 300 }),
    )}.`;
    // HS256 keyed with the public key's modulus: the classic algorithm-confusion forgery.
    const confused = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid: jwk.kid as string })
      .setIssuer(authority.url)
      .setAudience(TEST_AUDIENCE)
      .setExpirationTime(now + 300)
      .sign(new TextEncoder().encode(jwk.n as string));
    // Signed by a key of the attacker's own, claiming the authority's key id.
    const impostor = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid as string })
      .setIssuer(authority.url)
      .setAudience(TEST_AUDIENCE)
      .setExpirationTime(now + 300)
      .sign((await generateKeyPair('RS256')).privateKey);
    const tokens: Record<string, string | undefined> = {
      'no header': undefined,
      'a bare word': 'Bearer',
      'not a JWT': 'Bearer not-a-jwt',
      'another scheme': `Basic ${Buffer.from('carol:secret').toString('base64')}`,
      expired: `Bearer ${await authority.sign(claims, { expiresIn: -60 })}`,
      'no expiry': `Bearer ${await authority.sign(claims, { noExp: true })}`,
      'another issuer': `Bearer ${await authority.sign({ ...claims, iss: 'https://evil.example' })}`,
      'another audience': `Bearer ${await authority.sign({ ...claims, aud: 'api://other' })}`,
      'alg none': `Bearer ${unsigned}`,
      'HS256 with the public key': `Bearer ${confused}`,
      'a tampered payload': `Bearer ${(await authority.sign(claims)).replace(/\.([^.]+)\./, (_m, p: string) => `.${p.slice(0, -2)}AA.`)}`,
      "another key under the authority's key id": `Bearer ${impostor}`,
    };
    const authenticated = operations.filter((op) =>
      /^\/api\/(users|customers|reports|embedpbi)\//.test(op.path),
    );
    expect(authenticated.length).toBeGreaterThanOrEqual(6);
    for (const op of authenticated) {
      for (const [what, authorization] of Object.entries(tokens)) {
        const answer = await s.app.inject({
          method: op.method,
          url: op.path,
          headers: authorization === undefined ? {} : { authorization },
          ...(op.method === 'POST' ? { payload: {} } : {}),
        });
        expectHandled(answer, `${op.method} ${op.path} with ${what}`);
        expect(answer.statusCode, `${op.method} ${op.path} with ${what}`).toBe(401);
      }
    }
  });

  it('still answers a good request after the barrage', async () => {
    const answer = await s.app.inject({
      url: '/api/customers/customerAccounts',
      headers: { authorization: await s.bearer('alice') },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<unknown[]>().length).toBe(2);
  });
});
