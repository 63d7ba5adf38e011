import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  REQUEST_ID_HEADER,
  echoRequestId,
  genReqId,
  requestIdGenerator,
  requestIdSequence,
} from './request-id.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// A random 12-character base64url prefix, then a counter in base 36.
const SEQUENCED = /^[A-Za-z0-9_-]{12}-[0-9a-z]+$/;

async function app(generate = genReqId) {
  const server = Fastify({ logger: false, genReqId: generate });
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

  it('numbers the ids of one sequence after its prefix, and gives each sequence its own random prefix', () => {
    const fixed = requestIdSequence('edge');
    expect([fixed(), fixed(), ...Array.from({ length: 34 }, fixed)].slice(0, 2)).toEqual([
      'edge-1',
      'edge-2',
    ]);
    expect(fixed()).toBe('edge-11'); // 37 in base 36
    const prefixes = new Set(Array.from({ length: 50 }, () => requestIdSequence()().slice(0, 12)));
    expect(prefixes.size).toBe(50);
  });

  it('takes its fresh ids from a sequence when given one, and still keeps a well-formed incoming id', async () => {
    const server = await app(requestIdGenerator(requestIdSequence()));
    const fresh = await Promise.all([1, 2, 3].map(() => server.inject({ url: '/ok' })));
    const ids = fresh.map((res) => String(res.headers[REQUEST_ID_HEADER]));
    for (const id of ids) expect(id).toMatch(SEQUENCED);
    expect(new Set(ids).size).toBe(3);
    const kept = await server.inject({ url: '/ok', headers: { [REQUEST_ID_HEADER]: 'edge-9' } });
    expect(kept.headers[REQUEST_ID_HEADER]).toBe('edge-9');
    await server.close();
  });
});
