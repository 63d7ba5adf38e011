import compress from '@fastify/compress';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import { deferChildren, loggingOptions, rejectBeforeRouting } from '@portico/server-kit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { cachedTokenVerifier, createTokenVerifier } from './auth/token-verifier.ts';
import type { TokenVerifier } from './auth/token-verifier.ts';
import { createDownloadTokens } from './auth/download-token.ts';
import { createAnalyticsProvider } from './embed/analytics-provider.ts';
import type { EmbedInfoProvider } from './embed/provider.ts';
import type { PortalConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import type { Database } from './db/database.ts';
import { loggerOptions } from './logger.ts';
import { authenticationPlugin } from './plugins/authentication.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { genReqId } from './plugins/request-id.ts';
import { OneLineRequestLog } from './plugins/request-log.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerRoutes } from './routes/index.ts';
import type { PortalServices } from './services.ts';

async function openOwnDatabase(config: PortalConfig): Promise<Database> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

export interface BuildAppOptions {
  config: PortalConfig;
  /** An open, migrated database, closed by its owner. Without one the app opens (and migrates, and closes) its own. */
  database?: Database;
  /** A pino logger to use, or false for none; by default pino at LOG_LEVEL with credentials redacted. */
  logger?: FastifyBaseLogger | false;
  /** Replaces the OIDC token verifier (tests); by default one built from config.oidc. */
  tokenVerifier?: TokenVerifier;
  /** Where embedded-report information comes from; by default the analytics service of config.analytics. */
  embedInfoProvider?: EmbedInfoProvider;
}

/**
 * Builds the portal server, ready for `listen()` or `inject()`.
 *
 * ```ts
 * const app = await buildApp({ config: loadConfig(process.env), database });
 * const res = await app.inject({ url: '/healthz' });
 * ```
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    // The default logger writes the lines of each turn of the event loop together: one write per turn under load.
    ...loggingOptions(options.logger, loggerOptions(config), { batched: true }),
    genReqId,
    // One line per request on completion instead of Fastify's two (src/plugins/request-log.ts).
    logController: new OneLineRequestLog(),
    // Errors Fastify raises before routing (a URL that is not valid percent-encoding): a plain-text 400 like the rest.
    frameworkErrors: rejectBeforeRouting({ badRequestAs: 'text' }),
    // Behind a proxy the portal still builds no URLs from request headers, so no trustProxy is needed.
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(TypeBoxValidatorCompiler);
  // Each request's pino child is made only when something logs through it besides its completion line.
  deferChildren(app.log);

  // External plugins.
  // The request id and the security headers, on every answer.
  await registerSecurityHeaders(app, config);
  // Answers over 1 KB are compressed; request bodies are never compressed by the SPA, so no route decompresses
  // (which would be one more hook on every request).
  await app.register(compress, { global: true, threshold: 1024, globalDecompression: false });

  // App plugins.
  registerErrorHandler(app);
  const database = options.database ?? (await openOwnDatabase(config));
  try {
    const services: PortalServices = {
      config,
      database,
      downloadTokens: createDownloadTokens(config.downloadTokenSecret),
      embedInfoProvider: config.client.enableEmbeddedPowerBi
        ? (options.embedInfoProvider ??
          createAnalyticsProvider({
            url: config.analytics.url,
            clientId: config.analytics.clientId,
            clientSecret: config.analytics.clientSecret,
          }))
        : undefined,
    };
    app.decorate('services', services);
    // The app closes the database only when it opened it.
    if (options.database === undefined) app.addHook('onClose', () => database.close());
    const verifier =
      options.tokenVerifier ??
      // Each successful verification is reused for the same token until its exp (at most 5 minutes, 1000 tokens).
      cachedTokenVerifier(
        createTokenVerifier({
          authority: config.oidc.authority,
          audience: config.oidc.audience,
          algorithms: config.oidc.algorithms,
          clockToleranceSeconds: config.oidc.clockToleranceSeconds,
        }),
      );
    await app.register(authenticationPlugin, { verifier });

    // Routes.
    await registerRoutes(app);
  } catch (error) {
    if (options.database === undefined) await database.close();
    throw error;
  }
  return app;
}
