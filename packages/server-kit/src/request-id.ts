import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Makes request ids `<prefix>-<n>`: a random prefix (72 bits, base64url) chosen once per process, then a counter in
 * base 36. Unique across processes and restarts like a UUID (a new prefix each time), at the cost of a string
 * concatenation instead of random bytes per request. The counter tells a client roughly how many requests the
 * process answered between two of its own; a request id is for tracing, not a secret.
 *
 * ```ts
 * const next = requestIdSequence(); next(); // 'q3Xv9bL0aT_w-1', then 'q3Xv9bL0aT_w-2', …
 * ```
 */
export function requestIdSequence(prefix = randomBytes(9).toString('base64url')): () => string {
  const start = `${prefix}-`;
  let count = 0;
  return () => {
    count += 1;
    return start + count.toString(36);
  };
}

/**
 * A Fastify `genReqId`: the caller's (or proxy's) `x-request-id` when it is well formed, so one id follows a request
 * across services (the portal passes its own to the analytics service); otherwise `fresh()`, a UUID by default or
 * `requestIdSequence()`'s next id. Anything else is replaced, so logs never carry attacker-shaped ids.
 *
 * ```ts
 * const app = Fastify({ genReqId: requestIdGenerator(requestIdSequence()) });
 * ```
 */
export function requestIdGenerator(fresh: () => string = randomUUID): (request: IncomingMessage) => string {
  return (request) => {
    const incoming = request.headers[REQUEST_ID_HEADER];
    return typeof incoming === 'string' && WELL_FORMED.test(incoming) ? incoming : fresh();
  };
}

/** `requestIdGenerator()`: incoming well-formed ids kept, fresh ones UUIDs. `Fastify({ genReqId })`. */
export const genReqId = requestIdGenerator();

/** Echoes the request id on every answer, errors and 404s included (a synchronous hook: no promise per request). */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
