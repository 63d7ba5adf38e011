import { captureLogs } from '@portico/server-kit/testing';
import type { FastifyBaseLogger } from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/logger.ts';
import { stubDatabase, testApp, testConfig } from './helpers/test-app.ts';

describe('probes', () => {
  it('answers /healthz with ok', async () => {
    const app = await testApp({ config: testConfig() });
    const res = await app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    await app.close();
  });

  it('answers /readyz with ready when the database answers', async () => {
    const app = await testApp({ config: testConfig() });
    const res = await app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
    await app.close();
  });

  it('answers /readyz with 503 DATABASE_UNAVAILABLE when the database ping fails', async () => {
    const database = stubDatabase(() => Promise.reject(new Error('connection refused')));
    const app = await testApp({ config: testConfig(), database });
    const res = await app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', code: 'DATABASE_UNAVAILABLE' });
    await app.close();
  });
});

describe('security headers', () => {
  it('sends a CSP that allows the app itself and the OIDC authority, and nothing else', async () => {
    const app = await testApp({
      config: testConfig({ OIDC_AUTHORITY: 'https://login.example.com/tenant/v2.0' }),
    });
    const res = await app.inject({ url: '/' });
    const directives = Object.fromEntries(
      String(res.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name = '', ...values]) => [name, values.join(' ')]),
    );
    expect(directives).toEqual({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data:",
      'font-src': "'self' data:",
      'connect-src': "'self' https://login.example.com",
      'frame-src': "'self' https://login.example.com",
      'form-action': "'self' https://login.example.com",
      'frame-ancestors': "'self'",
      'object-src': "'none'",
      'base-uri': "'self'",
    });
    await app.close();
  });

  it('lets the SPA frame the analytics service only when embedded reports are on', async () => {
    for (const [enabled, frameSrc] of [
      ['false', "'self' https://login.example.com"],
      ['true', "'self' https://login.example.com https://analytics.example.com"],
    ] as const) {
      const app = await testApp({
        config: testConfig({
          OIDC_AUTHORITY: 'https://login.example.com',
          PORTAL_ANALYTICS_URL: 'https://analytics.example.com/api',
          PORTAL_ENABLE_EMBEDDED_REPORTS: enabled,
        }),
      });
      const res = await app.inject({ url: '/healthz' });
      expect(res.headers['content-security-policy']).toContain(`frame-src ${frameSrc};`);
      await app.close();
    }
  });

  it('sends the other helmet headers on every document answer, errors included', async () => {
    const app = await testApp({ config: testConfig() });
    for (const url of ['/healthz', '/nope', '/api/docs']) {
      const res = await app.inject({ url });
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-resource-policy': 'same-origin',
      });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      // http://localhost: HSTS would be meaningless.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    await app.close();
  });

  it('sends the API headers on API answers: nothing allowed, no framing, no page policies', async () => {
    const app = await testApp({ config: testConfig() });
    for (const url of ['/api/configuration/clientConfiguration', '/api/reports/reportNodes', '/api/nope']) {
      const res = await app.inject({ url });
      expect(res.headers).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cross-origin-resource-policy': 'same-origin',
      });
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    await app.close();
  });

  it('sends HSTS on documents and API answers when the public URL is https', async () => {
    const app = await testApp({ config: testConfig({ PORTAL_PUBLIC_URL: 'https://portal.example.com' }) });
    for (const url of ['/healthz', '/api/configuration/clientConfiguration']) {
      const res = await app.inject({ url });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    }
    await app.close();
  });
});

describe('request ids', () => {
  it('echoes a well-formed incoming x-request-id', async () => {
    const app = await testApp({ config: testConfig() });
    const res = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'edge-42.abc_DEF:1' } });
    expect(res.headers['x-request-id']).toBe('edge-42.abc_DEF:1');
    await app.close();
  });

  it("replaces a missing or malformed x-request-id with one of the process's own, on errors too", async () => {
    const app = await testApp({ config: testConfig() });
    const own = /^[A-Za-z0-9_-]{12}-[0-9a-z]+$/;
    const plain = await app.inject({ url: '/healthz' });
    const evil = await app.inject({ url: '/api/nope', headers: { 'x-request-id': '<script>\nalert(1)' } });
    const long = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'a'.repeat(200) } });
    for (const res of [plain, evil, long]) expect(res.headers['x-request-id']).toMatch(own);
    expect(plain.headers['x-request-id']).not.toBe(long.headers['x-request-id']);
    await app.close();
  });
});

describe('errors', () => {
  async function appWithTestRoutes(logger?: FastifyBaseLogger) {
    const app = await testApp({ config: testConfig(), ...(logger ? { logger } : {}) });
    app.post(
      '/api/test/echo',
      {
        schema: {
          body: Type.Object({ count: Type.Integer({ minimum: 1 }) }),
          response: { 200: Type.Object({ count: Type.Integer() }) },
        },
      },
      async (request) => request.body as { count: number },
    );
    app.get('/api/test/crash', async () => {
      throw new Error('secret internal detail at /srv/db.ts:12');
    });
    return app;
  }

  it('answers invalid input with 400 and a plain-text message (spec §8: the SPA shows the response text)', async () => {
    const app = await appWithTestRoutes();
    const res = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { count: 'many' } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toMatch(/count/);
    await app.close();
  });

  it('answers a body that is not JSON with a plain-text 400, never a 5xx', async () => {
    const app = await appWithTestRoutes();
    const broken = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"count":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(broken.body.length).toBeGreaterThan(0);
    await app.close();
  });

  it('answers an unexpected failure with 500 INTERNAL and no detail, and logs it with the request id', async () => {
    const logs = captureLogs();
    const app = await appWithTestRoutes(logs.logger);
    const res = await app.inject({ url: '/api/test/crash', headers: { 'x-request-id': 'crash-1' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL' });
    expect(res.body).not.toContain('secret');
    expect(logs.records()).toContainEqual(
      expect.objectContaining({
        level: 50,
        reqId: 'crash-1',
        err: expect.objectContaining({ message: expect.stringContaining('secret') }),
      }),
    );
    await app.close();
  });
});

describe('logging', () => {
  it('never writes bearer tokens or cookies to the log', async () => {
    const { logger, text } = captureLogs(loggerOptions({ logLevel: 'trace' }));
    const app = await testApp({ config: testConfig(), logger });
    await app.inject({
      url: '/api/users/me',
      headers: { authorization: 'Bearer top.secret.token', cookie: 'session=cookie-secret' },
    });
    // Even a deliberate log of the whole header set is censored.
    logger.info({
      req: { headers: { authorization: 'Bearer top.secret.token', cookie: 'session=cookie-secret' } },
    });
    expect(text()).toContain('"reqId"');
    expect(text()).not.toContain('top.secret.token');
    expect(text()).not.toContain('cookie-secret');
    await app.close();
  });

  it('never writes an installer access key to the log, whether the download succeeds or is refused', async () => {
    const { logger, text } = captureLogs(loggerOptions({ logLevel: 'trace' }));
    const app = await testApp({ config: testConfig(), logger });
    for (const query of [
      'accessKey=SECRETKEY0123456789&platform=x64&language=en',
      'platform=x64&accessKey=SECRETKEY0123456789',
      'accessKey=SECRETKEY0123456789&accessKey=SECRETKEY0123456789',
    ]) {
      await app.inject({ url: `/api/download/dcainstaller?${query}` });
    }
    await app.close();
    expect(text()).toContain('accessKey=[redacted]');
    expect(text()).not.toContain('SECRETKEY');
  });

  it('writes one structured debug line per request, on completion, with its id, method, URL, status and time', async () => {
    const logs = captureLogs(loggerOptions({ logLevel: 'debug' }));
    const app = await testApp({ config: testConfig(), logger: logs.logger });
    const url = '/api/configuration/clientConfiguration';
    const res = await app.inject({ url, headers: { 'x-request-id': 'log-1' } });
    expect(res.headers['x-request-id']).toBe('log-1');
    await app.close();
    expect(logs.records().filter((line) => line['reqId'] === 'log-1')).toEqual([
      expect.objectContaining({
        level: 20,
        msg: 'request completed',
        method: 'GET',
        url,
        statusCode: 200,
        responseTime: expect.any(Number) as unknown,
      }),
    ]);
  });

  it('writes no line for a request that succeeds at the default level (info)', async () => {
    const logs = captureLogs(loggerOptions({ logLevel: 'info' }));
    const app = await testApp({ config: testConfig(), logger: logs.logger });
    await app.inject({
      url: '/api/configuration/clientConfiguration',
      headers: { 'x-request-id': 'quiet-1' },
    });
    await app.close();
    expect(logs.records().filter((line) => line['reqId'] === 'quiet-1')).toEqual([]);
  });

  it('writes the completion line once, with the same id, after a request that logged on its way', async () => {
    const logs = captureLogs(loggerOptions({ logLevel: 'debug' }));
    const app = await testApp({ config: testConfig(), logger: logs.logger });
    app.get('/api/test/chatty', async (request) => {
      request.log.info({ step: 'lookup' }, 'looked something up');
      return { ok: true };
    });
    await app.inject({ url: '/api/test/chatty', headers: { 'x-request-id': 'chatty-1' } });
    await app.inject({ url: '/api/test/chatty' });
    await app.close();
    const lines = logs
      .records()
      .filter((line) => line['url'] === '/api/test/chatty' || line['step'] === 'lookup');
    expect(lines.filter((line) => line['reqId'] === 'chatty-1')).toEqual([
      expect.objectContaining({ level: 30, step: 'lookup', msg: 'looked something up' }),
      expect.objectContaining({ level: 20, statusCode: 200, msg: 'request completed' }),
    ]);
    expect(lines).toHaveLength(4);
    expect(new Set(lines.map((line) => line['reqId'])).size).toBe(2);
  });
});
