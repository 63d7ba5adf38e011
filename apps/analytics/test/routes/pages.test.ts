import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_PAGES } from '../../src/routes/embed-pages.ts';
import { createTestApp, embedToken } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { servicesOf } from '../../src/services.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('probes', () => {
  it('answers /healthz and, once DuckDB answers, /readyz', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', sources: [{ name: 'embedded', status: 'up' }] });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('says at its root what the service is: a page for a browser, the same as JSON for a program', async () => {
    const page = await t.app.inject({
      url: '/',
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1>Portico analytics service</h1>');
    for (const path of ['/v1/openapi.json', '/readyz', '/healthz', '/metrics'])
      expect(page.body).toContain(`href="${path}"`);
    const json = await t.app.inject({ url: '/', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({
      service: 'Portico analytics service',
      links: { openapi: '/v1/openapi.json', ready: '/readyz' },
    });
    for (const link of Object.values(json.json<{ links: Record<string, string> }>().links))
      expect((await t.app.inject({ url: link })).statusCode, link).toBe(200);
  });

  it('echoes a well-formed x-request-id and replaces a malformed one', async () => {
    expect(
      (await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'portal-123' } })).headers[
        'x-request-id'
      ],
    ).toBe('portal-123');
    const replaced = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id <script>' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('embed pages', () => {
  it('serve a page saying how to build the frame when it has not been built, framable by the configured origins only', async () => {
    for (const path of EMBED_PAGES) {
      const res = await t.app.inject({ url: `${path}?reportId=x&groupId=y` });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('The analytics frame has not been built: run');
      expect(res.body).toContain('npm run build -w @portico/analytics');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/frame-ancestors http:\/\/localhost:4400(;|$)/);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("img-src 'self' data:");
      expect(res.headers['x-frame-options']).toBeUndefined();
    }
  });

  it('serve the built index.html once the frame is built', async () => {
    const dist = servicesOf(t.app).config.frameDist;
    await mkdir(dist, { recursive: true });
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>frame</title><div id="root"></div>');
    const res = await t.app.inject({ url: '/reportEmbed?reportId=x' });
    expect(res.body).toBe('<!doctype html><title>frame</title><div id="root"></div>');
  });

  it('keep every other answer from being framed at all', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('answer unknown paths 404 in the common error shape', async () => {
    const res = await t.app.inject({ url: '/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('a frame built before the start', () => {
  it('is served at the embed paths, with its hashed assets cached for a year and index.html only through the pages', async () => {
    const dist = join(t.data.dir, 'built-frame');
    await mkdir(join(dist, 'assets'), { recursive: true });
    await writeFile(
      join(dist, 'index.html'),
      '<!doctype html><script type="module" src="/assets/app-1a2b.js"></script>',
    );
    await writeFile(join(dist, 'assets', 'app-1a2b.js'), 'console.log(1);');
    const built = await createTestApp({ ANALYTICS_FRAME_DIST: dist });
    try {
      expect((await built.app.inject({ url: '/tileEmbed?tileId=x' })).body).toContain('/assets/app-1a2b.js');
      const asset = await built.app.inject({ url: '/assets/app-1a2b.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await built.app.inject({ url: '/index.html' })).statusCode).toBe(404);
      expect((await built.app.inject({ url: '/assets/../../../etc/passwd' })).statusCode).toBe(404);
    } finally {
      await built.close();
    }
  });
});

describe('malformed requests', () => {
  it('are answered 4xx in the common shape, never 5xx', async () => {
    const token = await embedToken(t.app);
    const attempts = [
      {
        method: 'POST' as const,
        url: '/frame-api/query',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: '{"reportId": ',
      },
      {
        method: 'POST' as const,
        url: '/frame-api/query',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
        payload: 'select 1',
      },
      {
        method: 'GET' as const,
        url: `/frame-api/reports/${'x'.repeat(500)}`,
        headers: { authorization: `Bearer ${token}` },
      },
      { method: 'GET' as const, url: '/frame-api/session', headers: { authorization: 'Bearer' } },
      { method: 'GET' as const, url: '/frame-api/session', headers: { authorization: `Basic ${token}` } },
      {
        method: 'POST' as const,
        url: '/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '%%%',
      },
      { method: 'POST' as const, url: '/v1/embed-tokens', payload: { reports: 'all' } },
      { method: 'GET' as const, url: '/reportEmbed/%E0%A4%A' },
      { method: 'DELETE' as const, url: '/v1/workspaces' },
    ];
    for (const attempt of attempts) {
      const res = await t.app.inject(attempt);
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBeLessThan(500);
      expect(res.json(), `${attempt.method} ${attempt.url}`).toMatchObject({
        message: expect.any(String),
        code: expect.any(String),
      });
    }
  });
});
