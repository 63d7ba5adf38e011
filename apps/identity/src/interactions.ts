import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from 'oidc-provider';
import type Provider from 'oidc-provider';
import type { IdentityConfig } from './config.ts';
import { contentSecurityPolicy } from './content-security-policy.ts';
import { expiredInteractionPage, loginPage } from './pages.ts';
import type { UserDirectory } from './users.ts';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

interface ConsentDetails {
  missingOIDCScope?: string[];
  missingOIDCClaims?: string[];
  missingResourceScopes?: Record<string, string[]>;
}

interface InteractionRoute {
  Params: { uid: string };
}

interface LoginRoute extends InteractionRoute {
  Body: { username?: string; password?: string };
}

const paramsSchema = {
  type: 'object',
  required: ['uid'],
  properties: { uid: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,128}$' } },
} as const;

const loginBodySchema = {
  type: 'object',
  properties: {
    username: { type: 'string', maxLength: 320 },
    password: { type: 'string', maxLength: 1024 },
  },
} as const;

export interface InteractionRoutesOptions {
  provider: Provider;
  users: UserDirectory;
  config: IdentityConfig;
}

/**
 * The provider's interaction pages at `/interaction/:uid`: GET shows the sign-in form (or completes consent,
 * which this first-party client never has to ask for), POST checks the password.
 */
export async function interactionRoutes(
  app: FastifyInstance,
  { provider, users, config }: InteractionRoutesOptions,
) {
  await app.register(formbody, { bodyLimit: 8 * 1024 });

  const csp = contentSecurityPolicy(config.clientOrigins);

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store').header('content-security-policy', csp);
  });

  function html(reply: FastifyReply, status: number, body: string) {
    return reply.code(status).type('text/html; charset=utf-8').send(body);
  }

  /** The interaction the cookie names, if it is the one in the URL and still alive. */
  async function findInteraction(request: FastifyRequest<InteractionRoute>, reply: FastifyReply) {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === request.params.uid ? interaction : undefined;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return undefined;
      throw error;
    }
  }

  /** Grants what the portal asked for: it is the first-party client, so there is no consent screen. */
  async function grantRequested(interaction: Interaction): Promise<string> {
    const accountId = interaction.session?.accountId;
    if (accountId === undefined) throw new Error('consent prompt without a signed-in account');
    const grant =
      (interaction.grantId === undefined ? undefined : await provider.Grant.find(interaction.grantId)) ??
      new provider.Grant({ accountId, clientId: config.clientId });
    const details = interaction.prompt.details as ConsentDetails;
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
      grant.addResourceScope(resource, scopes.join(' '));
    }
    return grant.save();
  }

  app.get<InteractionRoute>(
    '/interaction/:uid',
    { schema: { params: paramsSchema } },
    async (request, reply) => {
      const interaction = await findInteraction(request, reply);
      if (interaction === undefined) return html(reply, 400, expiredInteractionPage());
      const { prompt, params, uid } = interaction;
      if (prompt.name === 'login') {
        const hint = typeof params.login_hint === 'string' ? params.login_hint : undefined;
        return html(reply, 200, loginPage({ action: `/interaction/${uid}`, username: hint }));
      }
      if (prompt.name === 'consent' && params.client_id === config.clientId) {
        const grantId = await grantRequested(interaction);
        const returnTo = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } });
        return reply.redirect(returnTo, 303);
      }
      request.log.warn({ prompt: prompt.name }, 'unexpected interaction prompt');
      return html(reply, 400, expiredInteractionPage());
    },
  );

  app.post<LoginRoute>(
    '/interaction/:uid',
    { schema: { params: paramsSchema, body: loginBodySchema } },
    async (request, reply) => {
      const interaction = await findInteraction(request, reply);
      if (interaction === undefined || interaction.prompt.name !== 'login') {
        return html(reply, 400, expiredInteractionPage());
      }
      const username = request.body.username?.trim() ?? '';
      const user = await users.authenticate(username, request.body.password ?? '');
      if (user === undefined) {
        request.log.info('sign-in rejected');
        return html(
          reply,
          200,
          loginPage({ action: `/interaction/${interaction.uid}`, username, error: true }),
        );
      }
      request.log.info({ sub: user.sub }, 'signed in');
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: user.sub } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(returnTo, 303);
    },
  );
}
