import type { FastifyInstance } from 'fastify';
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
import { servicesOf } from '../services.ts';

/** Route folders mirror the URL: routes/api/users/index.ts answers /api/users/*. Every route reads `servicesOf(app)`. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  const { config } = servicesOf(app);
  // First: it records every route registered after it for the OpenAPI document.
  await app.register(docsPlugin);
  await app.register(healthRoutes);
  await app.register(configurationRoutes, { prefix: '/api/configuration' });
  await app.register(usersRoutes, { prefix: '/api/users' });
  await app.register(customersRoutes, { prefix: '/api/customers' });
  await app.register(reportsRoutes, { prefix: '/api/reports' });
  await app.register(downloadRoutes, { prefix: '/api/download' });
  await app.register(homeRoutes, { prefix: '/api/home' });
  if (config.client.enableEmbeddedPowerBi) await app.register(embedRoutes, { prefix: '/api/embedpbi' });
  await app.register(localesRoutes, { prefix: '/locales' });
  // Last: its wildcard and not-found handler take whatever the routes above do not.
  await app.register(webAppPlugin);
}
