import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';
import type { AnalyticsConfig } from '../config.ts';

/**
 * The Content-Security-Policy of every answer as helmet directives. The frame app loads only its own scripts and
 * styles (inline styles allowed: chart and UI libraries set them), talks only to this origin, and draws images from
 * itself or data: URLs. Nothing may frame an answer, except the embed pages (see {@link allowFraming}).
 */
export const STRICT_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'connect-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The CSP header value of an embed page: the strict policy, framable by the configured host origins only. */
export function embedPagePolicy(embedOrigins: readonly string[]): string {
  const directives = {
    ...STRICT_DIRECTIVES,
    'frame-ancestors': embedOrigins.length > 0 ? embedOrigins : ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Lets the configured host origins frame this answer (and no one else): CSP frame-ancestors, no X-Frame-Options. */
export function allowFraming(reply: FastifyReply, embedOrigins: readonly string[]): void {
  reply.header('content-security-policy', embedPagePolicy(embedOrigins));
  // X-Frame-Options cannot name other origins; browsers that honour CSP ignore it anyway, older ones would block.
  reply.removeHeader('x-frame-options');
}

/**
 * helmet's security headers with the strict CSP, on every answer. The helmet middleware is built once here and run
 * by a synchronous hook: @fastify/helmet builds it anew on every request (parsing the CSP directives each time) and
 * adds an async hook, which cost about a tenth of the main thread on a cache hit of /frame-api/query.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: AnalyticsConfig): Promise<void> {
  const directives = Object.fromEntries(Object.entries(STRICT_DIRECTIVES).map(([k, v]) => [k, [...v]]));
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  });
  app.addHook('onRequest', (request, reply, done) => {
    headers(request.raw, reply.raw, () => done());
  });
}
