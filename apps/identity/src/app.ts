import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyServerOptions, RouteOptions } from 'fastify';
import { registerErrorHandler, registerNotFoundHandler } from '@portico/server-kit';
import type { DestinationStream } from 'pino';
import type { IdentityConfig } from './config.ts';
import { registerSecurityHeaders } from './content-security-policy.ts';
import { pruneExpired } from './file-adapter.ts';
import { ensureDir } from './files.ts';
import { interactionRoutes } from './interactions.ts';
import { loadOrCreateCookieKeys, loadOrCreateSigningKeys } from './keys.ts';
import { homePage, STYLESHEET_PATH } from './pages.ts';
import { createProvider } from './provider.ts';
import { SignInThrottle } from './sign-in-throttle.ts';
import type { IdentityServices } from './services.ts';
import { openUserDirectory } from './users.ts';
import { servicesOf } from './services.ts';

export interface IdentityAppOptions {
  /** Fastify's logger: `false` silences it (tests); by default pino at `config.logLevel`. */
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests read what the provider logs). */
  logStream?: DestinationStream;
  /** Called with every Fastify route as it is registered (the route audit enumerates the app's routes with it). */
  onRoute?: (route: RouteOptions) => void;
  /** The sign-in form's limits: by default 5 failed attempts per email and 20 in all per client per 15 minutes. */
  throttle?: SignInThrottle;
}

const STYLESHEET_FILE = new URL('./assets/identity.css', import.meta.url);

/** Request logs show the path only: query strings can hold an id_token_hint or a login hint. */
function loggerOptions(
  config: IdentityConfig,
  stream: DestinationStream | undefined,
): NonNullable<FastifyServerOptions['logger']> {
  return {
    ...(stream === undefined ? {} : { stream }),
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (request) => ({
        method: request.method,
        url: request.url.split('?')[0] ?? '/',
        remoteAddress: request.ip,
      }),
    },
  };
}

/**
 * Mounts oidc-provider (a Koa app) at the root: the encapsulated scope has no body parsers, so the provider
 * reads the raw request stream itself, and the reply is hijacked so Fastify leaves the response alone.
 */
async function providerRoutes(app: FastifyInstance) {
  const { provider } = servicesOf(app);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const callback = provider.callback();
  app.route({
    method: ['GET', 'POST', 'OPTIONS'],
    url: '/*',
    handler: async (request, reply) => {
      reply.hijack();
      await callback(request.raw, reply.raw);
    },
  });
}

/**
 * Builds the development OpenID Connect provider (not listening): state in `<dataDir>/identity`, keys and
 * sample users created on first start and reused after.
 *
 * ```ts
 * const app = await buildIdentityApp(loadConfig(process.env));
 * await serve(app, { host: config.host, port: config.port, readyMessage: 'identity provider ready' }); // server-kit
 * ```
 */
export async function buildIdentityApp(
  config: IdentityConfig,
  options: IdentityAppOptions = {},
): Promise<FastifyInstance> {
  const identityDir = join(config.dataDir, 'identity');
  const storeDir = join(identityDir, 'store');
  await ensureDir(storeDir);
  const [jwks, cookieKeys, users, stylesheet] = await Promise.all([
    loadOrCreateSigningKeys(identityDir),
    loadOrCreateCookieKeys(identityDir),
    openUserDirectory(identityDir, config.usersSeed),
    readFile(STYLESHEET_FILE, 'utf8'),
    pruneExpired(storeDir),
  ]);
  const provider = createProvider({ config, users, jwks, cookieKeys, storeDir });

  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config, options.logStream),
    // Longer than any interaction id the pattern allows, so a long one gets the sign-in page's refusal, not a 404.
    routerOptions: { maxParamLength: 512 },
    // Per-request lines only when debugging: a sign-in is a dozen requests.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });

  if (options.onRoute !== undefined) app.addHook('onRoute', options.onRoute);
  const services: IdentityServices = {
    config,
    provider,
    users,
    throttle: options.throttle ?? new SignInThrottle(),
  };
  app.decorate('services', services);

  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'oidc-provider server error'));

  await registerSecurityHeaders(app, config.issuer);

  // The house rules of every Portico server (server-kit): `{ message, code }` errors without a stack, and 404
  // NOT_FOUND naming the path for the methods the provider's catch-all does not take (PUT, DELETE…).
  registerErrorHandler(app);
  registerNotFoundHandler(app);

  app.get(
    '/healthz',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: { status: { type: 'string', const: 'ok' } },
            required: ['status'],
          },
        },
      },
    },
    async () => ({ status: 'ok' }),
  );

  // The URL `npm start` prints: a page saying what this is, instead of the provider's 404 (README, Identity provider).
  const home = homePage({ issuer: config.issuer, portals: config.clientOrigins });
  app.get('/', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(home),
  );

  // Browsers ask for it on every page; answering keeps the provider's 404 out of their consoles.
  app.get('/favicon.ico', async (_request, reply) => reply.code(204).send());

  app.get(STYLESHEET_PATH, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(stylesheet),
  );

  await app.register(interactionRoutes);
  await app.register(providerRoutes);

  return app;
}
