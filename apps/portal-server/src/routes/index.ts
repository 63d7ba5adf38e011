import type { FastifyInstance } from 'fastify';
import type { PortalConfig } from '../config.ts';
import configurationRoutes from './api/configuration/index.ts';
import usersRoutes from './api/users/index.ts';
import healthRoutes from './health.ts';
import localesRoutes from './locales/index.ts';
import { webAppPlugin } from './web-app.ts';

/** Route folders mirror the URL: routes/api/users/index.ts answers /api/users/*. */
export async function registerRoutes(app: FastifyInstance, config: PortalConfig): Promise<void> {
  await app.register(healthRoutes);
  await app.register(configurationRoutes, { prefix: '/api/configuration', config });
  await app.register(usersRoutes, { prefix: '/api/users' });
  await app.register(localesRoutes, { prefix: '/locales', webDist: config.webDist });
  // Last: its wildcard and not-found handler take whatever the routes above do not.
  await app.register(webAppPlugin, { webDist: config.webDist });
}
