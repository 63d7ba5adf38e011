import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebDist, testApp, testConfig } from '../helpers/test-app.ts';

let web: Awaited<ReturnType<typeof createWebDist>>;
let app: FastifyInstance;
let production: FastifyInstance;
let defaults: FastifyInstance;

beforeAll(async () => {
  web = await createWebDist();
  const dirs = { PORTAL_WEB_DIST: web.dir, PORTICO_DATA_DIR: web.dir };
  app = await testApp({ config: testConfig({ ...dirs, PORTAL_RECORD_MISSING_TRANSLATIONS: 'true' }) });
  production = await testApp({
    config: testConfig({ ...dirs, PORTAL_RECORD_MISSING_TRANSLATIONS: 'true', NODE_ENV: 'production' }),
  });
  defaults = await testApp({ config: testConfig(dirs) });
});
afterAll(async () => {
  await app?.close();
  await production?.close();
  await defaults?.close();
  await web?.remove();
});

describe('the API documentation', () => {
  it('serves an OpenAPI 3.1 document with every API route and its schemas', async () => {
    const res = await app.inject({ url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, { responses: object }>> }>();
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/api/customers/customerAccounts',
      '/api/reports/reportNodes',
      '/api/reports/reportFiles',
      '/api/home',
      '/api/reports/downloadReport',
      '/api/download/dcainstaller',
      '/api/download/controlPanelUpgradeinstaller',
      '/locales/{lng}/{file}',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/api/reports/downloadReport']?.['post']).toMatchObject({
      security: [{ bearer: [] }],
      requestBody: {
        content: { 'application/json': { schema: { required: expect.arrayContaining(['path']) } } },
      },
    });
    // Only routes that authenticate say so: the probes, the configuration, the translations and the
    // installers that take an access key are open.
    const secured = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => 'security' in op)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(secured.sort()).toEqual(
      [
        'GET /api/customers/customerAccounts',
        'GET /api/reports/reportNodes',
        'GET /api/reports/reportFiles',
        'GET /api/home',
        'GET /api/reports/downloadAccessToken',
        'POST /api/reports/downloadReport',
        'GET /api/users/me',
        'GET /api/download/controlPanelUpgradeinstaller',
        'GET /api/download/controlPanelUpgrade/releases',
        'POST /api/download/controlPanelUpgrade/link',
        'GET /api/download/controlPanelUpgrade/releases/{version}/SHA256SUMS',
        'GET /api/download/controlPanelUpgrade/releases/{version}/SHA256SUMS.sig',
      ].sort(),
    );
  });

  it('documents the download portal: versions, links, checksums, signature and the public key', async () => {
    const doc = (await app.inject({ url: '/api/docs/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    for (const path of [
      '/api/download/dca/releases',
      '/api/download/dca/link',
      '/api/download/dca/releases/{version}/SHA256SUMS',
      '/api/download/dca/releases/{version}/SHA256SUMS.sig',
      '/api/download/file',
      '/api/download/release-signing-key.pem',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    const listing = JSON.stringify(doc.paths['/api/download/dca/releases']?.['get']?.responses['200']);
    expect(listing).toContain('checksums');
    expect(listing).toContain('signature');
    expect(JSON.stringify(doc.paths['/api/download/file']?.['get']?.responses['403'])).toContain(
      'DOWNLOAD_LINK_EXPIRED',
    );
  });

  it('names the installer refusals, a missing key among them, and the welcome message variants', async () => {
    const doc = (await app.inject({ url: '/api/docs/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    const refusal = JSON.stringify(doc.paths['/api/download/dcainstaller']?.['get']?.responses['403']);
    expect(refusal).toContain('ACCESS_KEY_MISSING');
    expect(refusal).toContain('ACCESS_KEY_INVALID');
    const configuration = doc.paths['/api/configuration/clientConfiguration']?.['get']?.responses['200'];
    expect(JSON.stringify(configuration)).toMatch(/"welcomeMessages":\{[^}]*"properties":\{"en":/);
  });

  it('serves a script-free HTML listing that passes the portal’s CSP', async () => {
    const res = await app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('/api/reports/downloadReport');
    expect(res.body).not.toMatch(/<script/i);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
  });
});

describe('the translation files', () => {
  it('answer with an ETag and 304 to If-None-Match', async () => {
    const first = await app.inject({ url: '/locales/en/translation.json' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await app.inject({
      url: '/locales/en/translation.json',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('record missing keys in development, merging without overwriting', async () => {
    const add = (body: unknown, url = '/locales/add/de/translation') =>
      app.inject({ method: 'POST', url, payload: body as Record<string, string> });
    expect((await add({ 'Menu.home': 'Home' })).json()).toEqual({ recorded: 1 });
    expect((await add({ 'Menu.home': 'Other', 'Menu.about': 'About' })).json()).toEqual({ recorded: 1 });
    const saved = JSON.parse(
      await readFile(join(web.dir, 'portal', 'missing-translations', 'de', 'translation.json'), 'utf8'),
    );
    expect(saved).toEqual({ 'Menu.home': 'Home', 'Menu.about': 'About' });
    expect((await add({ a: 'b' }, '/locales/add/de/..%2f..%2fetc')).statusCode).toBe(400);
    expect((await add({ a: 'b' }, '/locales/add/xx/translation')).statusCode).toBe(400);
    expect((await add({ a: 1 })).statusCode).toBe(400);
  });

  it('keep every one of 20 simultaneous additions to one namespace, one writer at a time', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/locales/add/fr/translation',
          payload: { [`Parallel.key${i}`]: `Value ${i}` },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    const dir = join(web.dir, 'portal', 'missing-translations', 'fr');
    const saved = JSON.parse(await readFile(join(dir, 'translation.json'), 'utf8')) as Record<string, string>;
    expect(Object.keys(saved)).toHaveLength(20);
    // No temporary file is left behind, and the file is the owner's alone.
    expect(await readdir(dir)).toEqual(['translation.json']);
    expect((await stat(join(dir, 'translation.json'))).mode & 0o777).toBe(0o600);
  });

  it('are refused for a namespace the web app does not have, writing nothing', async () => {
    for (const ns of ['common', 'brandNew', 'translationX']) {
      const res = await app.inject({ method: 'POST', url: `/locales/add/de/${ns}`, payload: { a: 'b' } });
      expect(res.statusCode, ns).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await readdir(join(web.dir, 'portal', 'missing-translations', 'de'))).toEqual([
      'translation.json',
    ]);
  });

  it('refuse a body beyond 64 KiB (413)', async () => {
    const payload = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`Big.key${i}`, 'x'.repeat(1990)]),
    );
    const res = await app.inject({ method: 'POST', url: '/locales/add/es/translation', payload });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: expect.any(String) });
  });

  it('are limited to 60 requests a minute per client (429 after)', async () => {
    const limited = await testApp({
      config: testConfig({
        PORTAL_WEB_DIST: web.dir,
        PORTICO_DATA_DIR: web.dir,
        PORTAL_RECORD_MISSING_TRANSLATIONS: 'true',
      }),
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 61; i += 1) {
        const res = await limited.inject({
          method: 'POST',
          url: '/locales/add/pl/translation',
          payload: { [`Rate.key${i}`]: 'v' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
      expect(statuses[60]).toBe(429);
      const refused = await limited.inject({
        method: 'POST',
        url: '/locales/add/pl/translation',
        payload: { late: 'v' },
      });
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String) });
    } finally {
      await limited.close();
    }
  });

  it('are not recorded unless PORTAL_RECORD_MISSING_TRANSLATIONS=true (404)', async () => {
    const res = await defaults.inject({
      method: 'POST',
      url: '/locales/add/ja/translation',
      payload: { a: 'b' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('are not recorded in production (404)', async () => {
    const res = await production.inject({
      method: 'POST',
      url: '/locales/add/de/translation',
      payload: { a: 'b' },
    });
    expect(res.statusCode).toBe(404);
  });
});
