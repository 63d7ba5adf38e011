import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { REQUEST_ID_HEADER, echoRequestId, genReqId } from './request-id.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function app() {
  const server = Fastify({ logger: false, genReqId });
  echoRequestId(server);
  server.get('/ok', async () => ({ ok: true }));
  return server;
}

describe('request ids', () => {
  it('keeps a well-formed incoming x-request-id and echoes it', async () => {
    const server = await app();
    const res = await server.inject({ url: '/ok', headers: { [REQUEST_ID_HEADER]: 'portal-1.2:3_x' } });
    expect(res.headers[REQUEST_ID_HEADER]).toBe('portal-1.2:3_x');
    await server.close();
  });

  it('replaces a missing, malformed or over-long id with a fresh UUID each time', async () => {
    const server = await app();
    const answers = await Promise.all(
      [undefined, 'bad id <script>', 'x'.repeat(129), ''].map((id) =>
        server.inject({ url: '/ok', headers: id === undefined ? {} : { [REQUEST_ID_HEADER]: id } }),
      ),
    );
    const ids = answers.map((res) => String(res.headers[REQUEST_ID_HEADER]));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    await server.close();
  });

  it('echoes the id on 404s too', async () => {
    const server = await app();
    const res = await server.inject({ url: '/nowhere', headers: { [REQUEST_ID_HEADER]: 'trace-404' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers[REQUEST_ID_HEADER]).toBe('trace-404');
    await server.close();
  });
});
