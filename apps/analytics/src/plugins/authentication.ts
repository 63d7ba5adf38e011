import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TokenError } from '../auth/tokens.ts';
import type { EmbedClaims, TokenService } from '../auth/tokens.ts';
import { HttpError } from '../http-errors.ts';
import { globalPlugin } from './global-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of the /v1 routes: a valid API access token (client credentials) is required. */
    requireApiToken: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook of the /frame-api routes: a valid embed token is required; see `embedClaims(request)`. */
    requireEmbedToken: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    apiClient: string | null;
    embed: EmbedClaims | null;
  }
}

// RFC 6750 b64token.
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

function bearer(request: FastifyRequest, realm: string): string {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (token === undefined) {
    throw new HttpError(401, 'UNAUTHENTICATED', 'This call needs a bearer token.', {
      'www-authenticate': `Bearer realm="${realm}"`,
    });
  }
  return token;
}

function refused(error: unknown, realm: string): never {
  if (error instanceof TokenError) {
    const header = `Bearer realm="${realm}", error="invalid_token", error_description="${error.message}"`;
    if (error.reason === 'expired')
      throw new HttpError(401, 'TokenExpired', error.message, { 'www-authenticate': header });
    throw new HttpError(401, 'INVALID_TOKEN', error.message, { 'www-authenticate': header });
  }
  throw error;
}

/** The verified embed token of a /frame-api request. */
export function embedClaims(request: FastifyRequest): EmbedClaims {
  if (request.embed === null)
    throw new Error(`route ${request.routeOptions.url ?? ''} does not run requireEmbedToken`);
  return request.embed;
}

/**
 * Bearer-token checks for both audiences; routes opt in with `onRequest: app.requireApiToken` (or Embed). What they
 * answer (embed tokens, successor tokens, customers' rows and layouts) is the caller's alone, so every answer of such
 * a route carries `Cache-Control: no-store` (a route may relax it for its own answer).
 */
export const authenticationPlugin = globalPlugin(
  'analytics-authentication',
  async (app: FastifyInstance, opts: { tokens: TokenService }) => {
    app.decorateRequest('apiClient', null);
    app.decorateRequest('embed', null);
    app.decorate('requireApiToken', async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      const token = bearer(request, 'analytics-api');
      try {
        request.apiClient = await opts.tokens.verifyApiToken(token);
      } catch (error) {
        refused(error, 'analytics-api');
      }
    });
    app.decorate('requireEmbedToken', async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      const token = bearer(request, 'analytics-embed');
      try {
        request.embed = await opts.tokens.verifyEmbedToken(token);
      } catch (error) {
        refused(error, 'analytics-embed');
      }
    });
  },
);
