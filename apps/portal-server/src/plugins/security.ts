import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { PortalConfig } from '../config.ts';

/**
 * The Content-Security-Policy of every answer, as helmet directives: exactly what the SPA needs. It talks to the
 * OIDC authority (discovery, token and userinfo calls; a hidden iframe for silent renew; the sign-out form post) and
 * to nothing else. To allow another origin (the analytics frame), add it here.
 */
export function contentSecurityPolicy(config: Pick<PortalConfig, 'oidc'>): Record<string, string[]> {
  const authority = new URL(config.oidc.authority).origin;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // MUI (emotion) injects <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", authority],
    // Silent renew: a hidden iframe goes to the authority, which redirects it back to this origin.
    'frame-src': ["'self'", authority],
    'form-action': ["'self'", authority],
    // Only the SPA itself may frame its pages (that silent-renew iframe); no other site may.
    'frame-ancestors': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
  };
}

/** helmet's security headers with our CSP. */
export async function registerSecurityHeaders(app: FastifyInstance, config: PortalConfig): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Popup sign-in: the callback page comes back from the authority's origin and must still reach window.opener,
    // which any Cross-Origin-Opener-Policy other than unsafe-none on that page would sever.
    crossOriginOpenerPolicy: { policy: 'unsafe-none' },
    xFrameOptions: { action: 'sameorigin' },
    // HSTS only means something over https; on http://localhost it would only confuse.
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  });
}
