import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';

/** A JSON answer serialized once and, when it is large enough to gain, compressed once per encoding. */
export interface EncodedJson {
  readonly identity: Buffer;
  /** Absent under the threshold, like @fastify/compress's: small answers go as they are. */
  readonly br?: Buffer;
  readonly gzip?: Buffer;
}

export type ContentCoding = 'br' | 'gzip' | 'identity';

/**
 * Encodes a serialized JSON answer for `sendEncodedJson`, so an answer that is the same for every caller (the report
 * catalog) costs one serialization and one compression per version instead of one per request.
 *
 * ```ts
 * const answer = encodeJson(reply.serialize(catalog.nodes)); // the route's response schema applies
 * ```
 */
export function encodeJson(json: string | Uint8Array | ArrayBuffer, threshold = 1024): EncodedJson {
  const identity =
    typeof json === 'string'
      ? Buffer.from(json, 'utf8')
      : json instanceof ArrayBuffer
        ? Buffer.from(json)
        : Buffer.from(json.buffer, json.byteOffset, json.byteLength);
  if (identity.length < threshold) return { identity };
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/**
 * The coding to answer with for an `Accept-Encoding` header (RFC 9110 §12.5.3): the highest q among those offered,
 * `br` before `gzip` on a tie; `*` stands for any coding not named; `q=0` refuses. No header, or nothing acceptable
 * offered: identity.
 */
export function negotiateEncoding(
  header: string | undefined,
  offered: readonly ContentCoding[],
): ContentCoding {
  if (header === undefined || header === '') return 'identity';
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (coding === '') continue;
    let q = 1;
    for (const parameter of parameters) {
      const [key, value] = parameter.split('=');
      if (key?.trim().toLowerCase() === 'q') q = Number(value?.trim());
    }
    weights.set(coding, Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0);
  }
  let best: ContentCoding = 'identity';
  let bestQ = 0;
  for (const coding of offered) {
    if (coding === 'identity') continue;
    const q = weights.get(coding) ?? weights.get('*') ?? 0;
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}

const OFFERED: readonly ContentCoding[] = ['br', 'gzip'];
const NEGOTIATED_MAX = 256;
/** Accept-Encoding → coding chosen among OFFERED: clients send the same few headers on every request. */
const negotiated = new Map<string, ContentCoding>();

function codingFor(acceptEncoding: string | undefined): ContentCoding {
  if (acceptEncoding === undefined) return 'identity';
  let coding = negotiated.get(acceptEncoding);
  if (coding === undefined) {
    coding = negotiateEncoding(acceptEncoding, OFFERED);
    // Bounded: a client sending a different header each time only ever costs the negotiation it would anyway.
    if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
    negotiated.set(acceptEncoding, coding);
  }
  return coding;
}

/**
 * Sends an encoded JSON answer in the coding the request accepts, with `Vary` when there is a choice. The negotiation
 * of each distinct `Accept-Encoding` value is kept (at most 256 of them).
 */
export function sendEncodedJson(
  reply: FastifyReply,
  answer: EncodedJson,
  acceptEncoding: string | undefined,
): FastifyReply {
  reply.type('application/json; charset=utf-8');
  if (answer.br === undefined || answer.gzip === undefined) return reply.send(answer.identity);
  reply.header('vary', 'accept-encoding');
  const coding = codingFor(acceptEncoding);
  if (coding === 'identity') return reply.send(answer.identity);
  return reply.header('content-encoding', coding).send(answer[coding]);
}
