import { registerErrorHandler as registerSharedErrorHandler } from '@portico/server-kit';
import type { FastifyInstance } from 'fastify';

/**
 * server-kit's error handler, never with a stack: 400 answers a plain-text message (spec §8: the SPA shows the
 * response text); every other failure `{ message, code }`; anything unexpected is logged with the request id and
 * answered 500 INTERNAL.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  registerSharedErrorHandler(app, { badRequestAs: 'text' });
}
