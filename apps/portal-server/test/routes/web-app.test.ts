import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDEX_HTML, TRANSLATION, createWebDist, testApp, testConfig } from '../helpers/test-app.ts';

let dist: Awaited<ReturnType<typeof createWebDist>>;
let app: FastifyInstance;

beforeAll(async () => {
  dist = await createWebDist();
  app = await testApp({ config: testConfig({ PORTAL_WEB_DIST: dist.dir }) });
});
afterAll(async () => {
  await app?.close();
  await dist?.remove();
});

const page = (url: string) =>
  app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });

describe('serving the portal web app', () => {
  it('serves index.html at the root, revalidated on every load', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX_HTML);
  });

  it.each(['/about', '/some/deep/link', '/DcaInstaller/ABC-123', '/reports?customer=1'])(
    'serves index.html for the client-side route %s',
    async (url) => {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX_HTML);
    },
  );

  it('serves hashed assets with a long immutable cache, compressed when asked', async () => {
    const res = await app.inject({ url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('serves other files of the build with a short cache', async () => {
    const res = await app.inject({ url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('answers a missing asset with a JSON 404, never with the app', async () => {
    for (const accept of ['*/*', 'text/html']) {
      const res = await app.inject({ url: '/assets/gone-123.js', headers: { accept } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('answers an unknown /api path with a JSON 404, whatever the Accept header', async () => {
    for (const accept of ['text/html', 'application/json']) {
      const res = await app.inject({ url: '/api/nope', headers: { accept } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'NOT_FOUND' });
    }
    const post = await app.inject({ method: 'POST', url: '/api/nope', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers a JSON 404 to a request that does not ask for HTML', async () => {
    for (const accept of ['application/json', '*/*', 'image/*']) {
      const res = await app.inject({ url: '/about', headers: { accept } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('serves the app for HEAD requests too', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/about', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  it('answers a URL that is not valid percent-encoding with a plain-text 400', async () => {
    const res = await app.inject({ url: '/locales/%ZZ/x.json' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('The request is malformed.');
    expect(res.headers['x-request-id']).toBeDefined();
  });

  it('never serves files outside the build folder', async () => {
    for (const url of ['/../package.json', '/%2e%2e/package.json', '/assets/..%2F..%2Fpackage.json']) {
      const res = await app.inject({ url, headers: { accept: 'application/json' } });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain('"dependencies"');
    }
  });
});

describe('GET /locales/:lng/:ns.json', () => {
  it('serves a translation file as JSON with a short cache', async () => {
    const res = await app.inject({ url: '/locales/en/translation.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.json()).toEqual(TRANSLATION);
  });

  it.each([
    ['an unsupported language', '/locales/xx/translation.json'],
    ['a missing namespace', '/locales/de/translation.json'],
    ['an encoded path traversal', '/locales/en/..%2F..%2Fetc%2Fpasswd'],
    ['an encoded traversal to a file of the build', '/locales/en/..%2F..%2Fsecret.json'],
    ['a dotted namespace', '/locales/en/a.b'],
    ['a namespace without .json', '/locales/en/translation'],
    ['a nested path', '/locales/en/x/translation.json'],
    ['a traversal in the language', '/locales/..%2F/secret.json'],
  ])('answers 404 NOT_FOUND for %s', async (_name, url) => {
    const res = await app.inject({ url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('without a build of the web app', () => {
  it('starts, keeps the API working and explains how to build on every page', async () => {
    const bare = await testApp({ config: testConfig({ PORTAL_WEB_DIST: join(dist.dir, 'missing') }) });
    try {
      const res = await bare.inject({ url: '/about', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('npm run build');
      expect((await bare.inject({ url: '/healthz' })).statusCode).toBe(200);
      expect((await bare.inject({ url: '/locales/en/translation.json' })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
