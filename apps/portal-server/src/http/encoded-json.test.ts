import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { encodeJson, negotiateEncoding, sendEncodedJson } from './encoded-json.ts';

const large = JSON.stringify(Array.from({ length: 200 }, (_, id) => ({ id, name: `Report node ${id}` })));

describe('negotiateEncoding', () => {
  it('answers identity without a header or when nothing offered is acceptable', () => {
    expect(negotiateEncoding(undefined, ['br', 'gzip'])).toBe('identity');
    expect(negotiateEncoding('', ['br', 'gzip'])).toBe('identity');
    expect(negotiateEncoding('deflate, identity', ['br', 'gzip'])).toBe('identity');
  });

  it('prefers br to gzip on a tie and otherwise the highest q', () => {
    expect(negotiateEncoding('gzip, deflate, br', ['br', 'gzip'])).toBe('br');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8', ['br', 'gzip'])).toBe('gzip');
    expect(negotiateEncoding('GZIP', ['br', 'gzip'])).toBe('gzip');
  });

  it('honours q=0 as a refusal and * for codings not named', () => {
    expect(negotiateEncoding('br;q=0, gzip', ['br', 'gzip'])).toBe('gzip');
    expect(negotiateEncoding('*', ['br', 'gzip'])).toBe('br');
    expect(negotiateEncoding('br;q=0, *;q=0.1', ['br', 'gzip'])).toBe('gzip');
    expect(negotiateEncoding('*;q=0', ['br', 'gzip'])).toBe('identity');
    expect(negotiateEncoding('gzip;q=nonsense', ['br', 'gzip'])).toBe('identity');
  });
});

describe('encoded JSON answers', () => {
  function app(json: string) {
    const server = Fastify({ logger: false });
    const answer = encodeJson(json);
    server.get('/nodes', (request, reply) =>
      sendEncodedJson(reply, answer, request.headers['accept-encoding']),
    );
    return server;
  }

  it('choose the coding for each Accept-Encoding on its own, however many different ones arrive', async () => {
    const server = app(large);
    const headers = [
      ...Array.from({ length: 300 }, (_, i) => `gzip;q=0.${(i % 9) + 1}, br;q=0.5, x-${i}`),
      'br;q=0, gzip',
      'gzip;q=0, br',
    ];
    for (const header of [...headers, ...headers.slice().reverse()]) {
      const res = await server.inject({ url: '/nodes', headers: { 'accept-encoding': header } });
      const expected = negotiateEncoding(header, ['br', 'gzip']);
      expect({ header, coding: res.headers['content-encoding'] ?? 'identity' }).toEqual({
        header,
        coding: expected,
      });
    }
  });

  it('send a small answer as it is, with no Vary, whatever the client accepts', async () => {
    const res = await app('[{"id":1}]').inject({ url: '/nodes', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['vary']).toBeUndefined();
    expect(res.json()).toEqual([{ id: 1 }]);
  });

  it('send a large answer in the coding the client accepts, each decoding to the same JSON', async () => {
    const server = app(large);
    const br = await server.inject({ url: '/nodes', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(large);
    expect(Number(br.headers['content-length'])).toBeLessThan(large.length / 2);

    const gzip = await server.inject({ url: '/nodes', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(large);

    const plain = await server.inject({ url: '/nodes' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('accept-encoding');
    expect(plain.body).toBe(large);
  });
});
