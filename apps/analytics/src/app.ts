import { join } from 'node:path';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance, RouteOptions } from 'fastify';
import { DebugRequestLog, loggingOptions, rejectBeforeRouting } from '@portico/server-kit';
import { loadSigningKey } from './auth/signing-key.ts';
import type { SigningKey } from './auth/signing-key.ts';
import { TokenService } from './auth/tokens.ts';
import type { AnalyticsConfig } from './config.ts';
import { ContentDirectory } from './content/directory.ts';
import { ContentStore } from './content/store.ts';
import { openFleetDatabase } from './data/fleet-database.ts';
import type { FleetDatabase } from './data/fleet-database.ts';
import { loggerOptions } from './logger.ts';
import { authenticationPlugin } from './plugins/authentication.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { echoRequestId, genReqId } from './plugins/request-id.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerRoutes } from './routes/index.ts';
import './services.ts';

export interface BuildAppOptions {
  readonly config: AnalyticsConfig;
  /** Open fleet data, closed by its owner. Without it the app opens (loading on first use) and closes its own. */
  readonly fleet?: FleetDatabase;
  readonly content?: ContentStore;
  readonly signingKey?: SigningKey;
  /** A pino logger to use, or false for none; by default pino at LOG_LEVEL with credentials redacted. */
  readonly logger?: FastifyBaseLogger | false;
  /** The clock of tokens and relative filters; default Date.now. */
  readonly now?: () => number;
  /** Called with every route as it is registered (the route audit tests enumerate the app's routes with it). */
  readonly onRoute?: (route: RouteOptions) => void;
}

/**
 * Builds the analytics service, ready for `listen()` or `inject()`.
 *
 * ```ts
 * const app = await buildApp({ config: loadConfig(process.env) });
 * const res = await app.inject({ url: '/readyz' });
 * ```
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    ...loggingOptions(options.logger, loggerOptions(config)),
    // Request lines at debug: a report's queries would otherwise fill the console at info.
    logController: new DebugRequestLog(),
    genReqId,
    // Errors Fastify raises before routing (a URL that is not valid percent-encoding): 400 in the common shape.
    frameworkErrors: rejectBeforeRouting(),
    bodyLimit: 2 * 1024 * 1024,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(TypeBoxValidatorCompiler);
  if (options.onRoute !== undefined) app.addHook('onRoute', options.onRoute);

  const home = join(config.dataDir, 'analytics');
  const now = options.now ?? Date.now;
  let fleet = options.fleet;
  if (fleet === undefined) {
    app.log.info({ file: join(home, 'fleet.duckdb'), scale: config.data.scale }, 'opening the fleet data');
    fleet = await openFleetDatabase({
      file: join(home, 'fleet.duckdb'),
      endDate: config.data.endDate,
      scale: config.data.scale,
    });
    if (fleet.loaded === undefined) app.log.info({ ...fleet.parameters }, 'fleet data reused');
    else app.log.info({ ...fleet.loaded, endDate: fleet.parameters.endDate }, 'fleet data loaded');
    const owned = fleet;
    app.addHook('onClose', async () => owned.engine.close());
  }
  try {
    const content = options.content ?? (await ContentStore.open(join(home, 'content')));
    const key =
      options.signingKey ??
      (await loadSigningKey(join(home, 'signing-key.pem'), (message) => app.log.warn(message)));
    const tokens = new TokenService({ key, issuer: config.publicUrl, now });
    app.decorate('services', {
      config,
      engine: fleet.engine,
      content,
      directory: new ContentDirectory(),
      tokens,
      accounts: new Set(fleet.parameters.databaseNames),
      now,
    });

    // External plugins, then app plugins, then routes.
    await registerSecurityHeaders(app, config);
    echoRequestId(app);
    registerErrorHandler(app);
    await app.register(authenticationPlugin, { tokens });
    await registerRoutes(app);
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
