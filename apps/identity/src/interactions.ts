import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from './oidc-provider-module.ts';
import type Provider from 'oidc-provider';
import { contentSecurityPolicy } from './content-security-policy.ts';
import { expiredInteractionPage, loginPage, problemPage, TOO_MANY_ATTEMPTS } from './pages.ts';
import { servicesOf } from './services.ts';

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

/** The longest email and password the form takes (an email address is at most 320 characters). */
const MAX_USERNAME = 320;
const MAX_PASSWORD = 1024;

const paramsSchema = {
  type: 'object',
  required: ['uid'],
  properties: { uid: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,128}$' } },
} as const;

// Lengths are checked by the handler, which answers the form again with a message.
const loginBodySchema = {
  type: 'object',
  properties: { username: { type: 'string' }, password: { type: 'string' } },
} as const;

/** What the page says about a request the sign-in routes could not take. */
function refusal(error: FastifyError): { status: number; heading: string; message: string } {
  const status = error.statusCode ?? 500;
  if (error.validation !== undefined && error.validationContext === 'params')
    return {
      status: 400,
      heading: 'This sign-in link is not valid',
      message: 'Go back to the portal and sign in again.',
    };
  if (status === 413)
    return {
      status,
      heading: 'The sign-in form is too large',
      message: 'Enter your email and password again.',
    };
  if (status === 415 || error.validation !== undefined || status === 400)
    return {
      status: status === 415 ? 415 : 400,
      heading: 'The sign-in form could not be read',
      message: 'Enter your email and password in the form and try again.',
    };
  if (status < 500)
    return {
      status,
      heading: 'This sign-in request was refused',
      message: 'Go back to the portal and sign in again.',
    };
  return { status: 500, heading: 'Something went wrong', message: 'Go back to the portal and try again.' };
}

/**
 * The provider's interaction pages at `/interaction/:uid`: GET shows the sign-in form (or completes consent,
 * which this first-party client never has to ask for), POST checks the password.
 */
export async function interactionRoutes(app: FastifyInstance) {
  const { provider, users, config, throttle } = servicesOf(app);
  await app.register(formbody, { bodyLimit: 8 * 1024 });

  const csp = contentSecurityPolicy(config.clientOrigins);

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store').header('content-security-policy', csp);
  });

  function html(reply: FastifyReply, status: number, body: string) {
    return reply.code(status).type('text/html; charset=utf-8').send(body);
  }

  // These routes are pages: whatever they refuse is answered as a page that says why, never as JSON or a stack.
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    const { status, heading, message } = refusal(error);
    if (status >= 500) request.log.error({ err: error }, 'sign-in page failed');
    else request.log.info({ status, reason: error.code }, 'sign-in request refused');
    return html(reply, status, problemPage(heading, message));
  });

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
      const action = `/interaction/${interaction.uid}`;
      // A POST without a body has none to validate.
      const body: LoginRoute['Body'] = request.body ?? {};
      const username = body.username?.trim() ?? '';
      const password = body.password ?? '';
      if (username.length > MAX_USERNAME || password.length > MAX_PASSWORD) {
        const error = `Enter an email of at most ${MAX_USERNAME} characters and a password of at most ${MAX_PASSWORD}.`;
        return html(reply, 400, loginPage({ action, username: username.slice(0, MAX_USERNAME), error }));
      }
      const wait = throttle.attempt(request.ip, username);
      if (wait !== undefined) {
        request.log.warn('sign-in attempts throttled');
        reply.header('retry-after', String(wait));
        return html(
          reply,
          429,
          loginPage({ action, username, error: TOO_MANY_ATTEMPTS(Math.ceil(wait / 60)) }),
        );
      }
      const user = await users.authenticate(username, password);
      if (user === undefined) {
        request.log.info('sign-in rejected');
        return html(reply, 200, loginPage({ action, username, error: true }));
      }
      throttle.succeeded(request.ip, username);
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
