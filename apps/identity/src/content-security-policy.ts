import { randomBytes } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** A fresh value for a CSP `'nonce-…'` source. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The policy of every page the provider renders: nothing loads but its own stylesheet, no script runs unless it
 * carries `scriptNonce`, and forms may post only to the provider and, through its redirects, to the portal
 * origins (browsers check `form-action` along the redirect chain that ends at the portal).
 *
 * ```ts
 * reply.header('content-security-policy', contentSecurityPolicy(config.clientOrigins));
 * ```
 */
export function contentSecurityPolicy(formTargets: readonly string[], scriptNonce?: string): string {
  return [
    "default-src 'none'",
    scriptNonce === undefined ? "script-src 'none'" : `script-src 'nonce-${scriptNonce}'`,
    "style-src 'self'",
    "img-src 'self'",
    `form-action 'self' ${formTargets.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/**
 * helmet's security headers on every answer. Pages set their own policy (`contentSecurityPolicy` above) and JSON
 * needs none, so helmet's CSP is off; the portal signs in through a popup, which must keep its opener across the
 * provider's pages; HSTS only on an https issuer.
 */
export async function registerSecurityHeaders(app: FastifyInstance, issuer: string): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginOpenerPolicy: false,
    strictTransportSecurity: issuer.startsWith('https:'),
  });
}
