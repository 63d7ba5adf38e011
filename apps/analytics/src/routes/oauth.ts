import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { checkClient, ClientAuthError, presentedCredentials } from '../auth/client-credentials.ts';
import { API_TOKEN_SECONDS } from '../auth/tokens.ts';
import { HttpError } from '../http-errors.ts';
import { ErrorBody, OAuthErrorBody } from '../schemas.ts';
import { servicesOf } from '../services.ts';

const TokenRequest = Type.Object(
  {
    grant_type: Type.Optional(Type.String({ maxLength: 100 })),
    client_id: Type.Optional(Type.String({ maxLength: 500 })),
    client_secret: Type.Optional(Type.String({ maxLength: 500 })),
    scope: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { description: 'application/x-www-form-urlencoded (or JSON) token request' },
);

const TokenResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer(),
  scope: Type.String(),
});

function oauthError(status: number, error: string, description: string): HttpError {
  const headers: Record<string, string> =
    status === 401 ? { 'www-authenticate': 'Basic realm="analytics-api"' } : {};
  return new HttpError(status, status === 401 ? 'INVALID_CLIENT' : 'BAD_REQUEST', description, headers, {
    error,
    error_description: description,
  });
}

/**
 * POST /oauth/token: the OAuth 2.0 client-credentials grant (RFC 6749 §4.4) for the portal server. The client
 * authenticates with HTTP Basic or with client_id/client_secret in the body; the answer is a bearer access token for
 * the /v1 API, valid 15 minutes.
 */
const oauthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8192 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.post(
    '/oauth/token',
    {
      schema: {
        summary: 'Get an API access token (client credentials)',
        tags: ['auth'],
        body: TokenRequest,
        response: { 200: TokenResponse, 400: OAuthErrorBody, 401: OAuthErrorBody, 415: ErrorBody },
      },
    },
    async (request, reply) => {
      const { clientId, clientSecret } = servicesOf(app).config;
      let client: string;
      try {
        client = checkClient(presentedCredentials(request.headers.authorization, request.body), {
          clientId,
          clientSecret,
        });
      } catch (error) {
        if (!(error instanceof ClientAuthError)) throw error;
        request.log.info({ reason: error.error }, 'client authentication failed');
        throw oauthError(error.error === 'invalid_client' ? 401 : 400, error.error, error.message);
      }
      if (request.body.grant_type !== 'client_credentials') {
        throw oauthError(400, 'unsupported_grant_type', 'Only grant_type=client_credentials is supported.');
      }
      const { token } = await servicesOf(app).tokens.issueApiToken(client);
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return {
        access_token: token,
        token_type: 'Bearer' as const,
        expires_in: API_TOKEN_SECONDS,
        scope: 'analytics.api',
      };
    },
  );
};

export default oauthRoutes;
