import type { FastifyInstance } from 'fastify';
import type { DownloadTokens } from '../auth/download-token.ts';
import type { PortalConfig } from '../config.ts';
import { createAnalyticsProvider } from '../embed/analytics-provider.ts';
import type { EmbedInfoProvider } from '../embed/provider.ts';
import configurationRoutes from './api/configuration/index.ts';
import customersRoutes from './api/customers/index.ts';
import downloadRoutes from './api/download/index.ts';
import embedRoutes from './api/embedpbi/index.ts';
import homeRoutes from './api/home/index.ts';
import reportsRoutes from './api/reports/index.ts';
import usersRoutes from './api/users/index.ts';
import { docsPlugin } from './docs.ts';
import healthRoutes from './health.ts';
import localesRoutes from './locales/index.ts';
import { webAppPlugin } from './web-app.ts';

export interface RouteServices {
  downloadTokens: DownloadTokens;
  embedInfoProvider?: EmbedInfoProvider;
}

/** Route folders mirror the URL: routes/api/users/index.ts answers /api/users/*. */
export async function registerRoutes(
  app: FastifyInstance,
  config: PortalConfig,
  services: RouteServices,
): Promise<void> {
  // First: it records every route registered after it for the OpenAPI document.
  await app.register(docsPlugin, { config });
  await app.register(healthRoutes);
  await app.register(configurationRoutes, { prefix: '/api/configuration', config });
  await app.register(usersRoutes, { prefix: '/api/users' });
  await app.register(customersRoutes, { prefix: '/api/customers' });
  await app.register(reportsRoutes, { prefix: '/api/reports', downloadTokens: services.downloadTokens });
  await app.register(downloadRoutes, { prefix: '/api/download', config });
  const provider = config.client.enableEmbeddedPowerBi
    ? (services.embedInfoProvider ??
      createAnalyticsProvider({
        url: config.analytics.url,
        clientId: config.analytics.clientId,
        clientSecret: config.analytics.clientSecret,
      }))
    : undefined;
  await app.register(homeRoutes, {
    prefix: '/api/home',
    ...(provider === undefined ? {} : { embedInfoProvider: provider }),
  });
  if (provider !== undefined) await app.register(embedRoutes, { prefix: '/api/embedpbi', config, provider });
  await app.register(localesRoutes, { prefix: '/locales', config });
  // Last: its wildcard and not-found handler take whatever the routes above do not.
  await app.register(webAppPlugin, { webDist: config.webDist });
}
