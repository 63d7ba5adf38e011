import { join } from 'node:path';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance, RouteOptions } from 'fastify';
import {
  DebugRequestLog,
  loggingOptions,
  privateModesWarning,
  rejectBeforeRouting,
  securePrivateDirectory,
} from '@portico/server-kit';
import { loadSigningKey } from './auth/signing-key.ts';
import type { SigningKey } from './auth/signing-key.ts';
import { TokenService } from './auth/tokens.ts';
import type { AnalyticsConfig } from './config.ts';
import { ContentDirectory } from './content/directory.ts';
import { ContentStore } from './content/store.ts';
import { fixedDataVersion } from './data/data-version.ts';
import { fleetDataVersion, openDataSource } from './data/data-source.ts';
import type { DataSource } from './data/data-source.ts';
import type { FleetDatabase } from './data/fleet-database.ts';
import { loggerOptions } from './logger.ts';
import { BUILT_IN_MODELS } from './models/built-in.ts';
import { loadModelFolder } from './models/load-models.ts';
import type { LoadedModels } from './models/load-models.ts';
import { modelFolderStamp, watchModelFolder } from './models/watch-models.ts';
import { ResultCache } from './query/result-cache.ts';
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
  /**
   * An open data source (any engine), closed by its owner; takes the place of `fleet`. Without a `dataVersion`, its
   * data is taken to change only with a restart.
   */
  readonly data?: Pick<DataSource, 'engine' | 'accounts'> &
    Partial<Pick<DataSource, 'useModels' | 'dataVersion'>>;
  /**
   * The store the routes read. Without it the app opens one over `config.modelsDir` (validated now: an invalid
   * folder stops the start with every problem as file:line:column) and watches the folder for changes.
   */
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
  // Every account's rows, the signing key and saved content: owner-only (0700 / 0600), files made later too.
  const loose = await securePrivateDirectory(config.dataDir, 'analytics');
  if (loose > 0) app.log.warn(privateModesWarning(home, loose));
  const now = options.now ?? Date.now;
  // Stamped before it is read, so the watch below sees a file saved while the service starts.
  const stampBeforeRead =
    options.content === undefined ? await modelFolderStamp(config.modelsDir) : undefined;
  // The model folder is read before anything opens, so a bad file stops the start with its file:line:column.
  const models: LoadedModels =
    options.content !== undefined
      ? BUILT_IN_MODELS
      : config.modelsDir === BUILT_IN_MODELS.dir
        ? BUILT_IN_MODELS
        : loadModelFolder(config.modelsDir);
  let data: Pick<DataSource, 'engine' | 'accounts' | 'dataVersion'> & Partial<Pick<DataSource, 'useModels'>>;
  if (options.data !== undefined) {
    data = {
      ...options.data,
      dataVersion:
        options.data.dataVersion ?? fixedDataVersion({ source: options.data.engine.source, openedAt: now() }),
    };
  } else if (options.fleet !== undefined) {
    data = {
      engine: options.fleet.engine,
      accounts: new Set(options.fleet.parameters.databaseNames),
      dataVersion: fleetDataVersion(options.fleet.parameters),
    };
  } else {
    const owned = await openDataSource(config, app.log, models.datasets);
    app.addHook('onClose', async () => owned.close());
    data = owned;
  }
  try {
    let content = options.content;
    if (content === undefined) {
      const store = await ContentStore.open(join(home, 'content'), models);
      content = store;
      app.log.info({ dir: config.modelsDir, files: models.files.length }, 'model folder loaded');
      const watcher = watchModelFolder({
        dir: config.modelsDir,
        log: app.log,
        ...(stampBeforeRead === undefined ? {} : { baseline: stampBeforeRead }),
        onModels: async (next) => {
          await data.useModels?.(next.datasets);
          await store.useModels(next);
        },
      });
      app.addHook('onClose', async () => watcher.close());
    }
    const key =
      options.signingKey ??
      (await loadSigningKey(join(home, 'signing-key.pem'), (message) => app.log.warn(message)));
    const tokens = new TokenService({ key, issuer: config.publicUrl, now });
    app.decorate('services', {
      config,
      engine: data.engine,
      content,
      directory: new ContentDirectory(),
      tokens,
      accounts: data.accounts,
      dataVersion: data.dataVersion,
      results: new ResultCache({ maxBytes: config.cache.maxBytes, ttlMs: config.cache.ttlSeconds * 1000 }),
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
