import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { healthRoutes } from './health.ts';

function app(ping: () => Promise<unknown>, timeoutMs?: number) {
  const server = Fastify({ logger: false });
  void server.register(
    healthRoutes({
      ping,
      unavailableCode: 'DATABASE_UNAVAILABLE',
      dependency: 'database',
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    }),
  );
  return server;
}

describe('health routes', () => {
  it('answer /healthz with ok, uncached, without asking the dependency', async () => {
    let pinged = 0;
    const res = await app(async () => (pinged += 1)).inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(pinged).toBe(0);
  });

  it('answer /readyz with ready when the dependency answers', async () => {
    const res = await app(async () => 1).inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answer /readyz with 503 and the code when the dependency fails', async () => {
    const res = await app(() => Promise.reject(new Error('connection refused'))).inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', code: 'DATABASE_UNAVAILABLE' });
  });

  it('answer /readyz with 503 when the dependency does not answer in time', async () => {
    const started = Date.now();
    const res = await app(() => new Promise(() => {}), 50).inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
