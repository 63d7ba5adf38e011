import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { PortalConfig } from '../config.ts';
import { REQUEST_ID_HEADER } from './request-id.ts';

/**
 * The Content-Security-Policy of every answer, as helmet directives: exactly what the SPA needs. It talks to the
 * OIDC authority (discovery, token and userinfo calls; a hidden iframe for silent renew; the sign-out form post) and
 * to nothing else; with embedded reports on, it also frames the analytics service's pages.
 */
export function contentSecurityPolicy(
  config: Pick<PortalConfig, 'oidc' | 'analytics' | 'client'>,
): Record<string, string[]> {
  const authority = new URL(config.oidc.authority).origin;
  // Embedded reports are the analytics service's pages in an iframe; framed only when the feature is on.
  const analytics = config.client.enableEmbeddedPowerBi ? [new URL(config.analytics.url).origin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // MUI (emotion) injects <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", authority],
    // Silent renew: a hidden iframe goes to the authority, which redirects it back to this origin.
    'frame-src': ["'self'", authority, ...analytics],
    'form-action': ["'self'", authority],
    // Only the SPA itself may frame its pages (that silent-renew iframe); no other site may.
    'frame-ancestors': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
  };
}

/** helmet's options: its defaults with our CSP and the exceptions the README explains. */
function helmetOptions(config: PortalConfig) {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Popup sign-in: the callback page comes back from the authority's origin and must still reach window.opener,
    // which any Cross-Origin-Opener-Policy other than unsafe-none on that page would sever.
    crossOriginOpenerPolicy: { policy: 'unsafe-none' as const },
    xFrameOptions: { action: 'sameorigin' as const },
    // HSTS only means something over https; on http://localhost it would only confuse.
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  };
}

/**
 * The headers helmet sends with these options. They depend on the configuration only, so they are computed once:
 * helmet runs on one request to a throw-away Fastify instance and the headers it set are kept. (@fastify/helmet
 * would rebuild its middleware, CSP parsing included, on every request.)
 */
export async function securityHeaders(config: PortalConfig): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  let headers: Record<string, string> = {};
  try {
    await probe.register(helmet, helmetOptions(config));
    probe.get('/', (_request, reply) => {
      headers = Object.fromEntries(
        Object.entries(reply.raw.getHeaders()).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(', ') : String(value),
        ]),
      );
      return '';
    });
    await probe.inject({ url: '/' });
  } finally {
    await probe.close();
  }
  if (headers['content-security-policy'] === undefined) throw new Error('helmet set no security headers');
  return headers;
}

/**
 * The headers of an API answer (JSON, a generated report, an installer): no browser renders one as a page, so the
 * document headers (the SPA's CSP, opener and agent-cluster policies, legacy IE and Flash switches) do nothing
 * there. They get what the OWASP REST guidance asks of an API: a CSP that allows nothing and no framing, nosniff,
 * no referrer, same-origin resource policy, and HSTS when the portal is served over https.
 */
export function apiSecurityHeaders(
  documentHeaders: Readonly<Record<string, string>>,
): Record<string, string> {
  const kept = [
    'x-content-type-options',
    'referrer-policy',
    'cross-origin-resource-policy',
    'strict-transport-security',
  ];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    ...Object.fromEntries(
      kept.flatMap((name) => (documentHeaders[name] === undefined ? [] : [[name, documentHeaders[name]]])),
    ),
  };
}

/** Whether a request is for the API rather than a document: `/api/…`, except the HTML API reference `/api/docs`. */
export function isApiRequest(url: string): boolean {
  return url.startsWith('/api/') && !(url.startsWith('/api/docs') && /^\/api\/docs(?:$|[/?#])/.test(url));
}

/**
 * The headers every answer starts with (404s and errors included), set by one synchronous onRequest hook: the
 * request id (`x-request-id`, so a caller can quote it) and the security headers, helmet's with our CSP for documents
 * (the SPA, its assets, the language files, the API reference) and the API set for the API. Both sets are computed
 * once; the hook only picks one. One hook rather than two (an echo of the request id apart), since every hook is a
 * step of Fastify's hook runner on every request.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: PortalConfig): Promise<void> {
  const documentHeaders = Object.entries(await securityHeaders(config));
  const apiHeaders = Object.entries(apiSecurityHeaders(Object.fromEntries(documentHeaders)));
  app.addHook('onRequest', (request, reply, done) => {
    const headers = isApiRequest(request.url) ? apiHeaders : documentHeaders;
    for (let i = 0; i < headers.length; i += 1) {
      const [name, value] = headers[i] as [string, string];
      reply.header(name, value);
    }
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
