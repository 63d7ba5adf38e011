import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`: the caller's (or proxy's) `x-request-id` when it is well formed, so one id follows a request
 * across services (the portal passes its own to the analytics service); otherwise a fresh UUID. Anything else is
 * replaced, so logs never carry attacker-shaped ids.
 *
 * ```ts
 * const app = Fastify({ genReqId });
 * ```
 */
export function genReqId(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && WELL_FORMED.test(incoming) ? incoming : randomUUID();
}

/** Echoes the request id on every answer, errors and 404s included (a synchronous hook: no promise per request). */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
