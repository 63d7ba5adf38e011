import type { FastifyInstance } from 'fastify';
import dashboardRoutes from '../kinds/dashboards/routes.ts';
import createKindRoutes from '../kinds/create/index.ts';
import { paginatedReportRoutes } from '../kinds/paginated/routes.ts';
import qnaRoutes from '../kinds/qna/routes.ts';
import { recordRoutes } from '../openapi/generator.ts';
import embedPageRoutes from './embed-pages.ts';
import frameQueryRoutes from './frame-api/query.ts';
import frameReportRoutes from './frame-api/reports.ts';
import healthRoutes from './health.ts';
import metricsRoutes from './metrics.ts';
import oauthRoutes from './oauth.ts';
import contentRoutes from './v1/content.ts';
import embedTokenRoutes from './v1/embed-tokens.ts';
import openApiRoutes from './v1/openapi.ts';
import serviceIndexRoutes from './service-index.ts';

/** Route files mirror the URL: routes/v1/* answers /v1/*, routes/frame-api/* answers /frame-api/*. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  const routes = recordRoutes(app, ['/v1/', '/oauth/']);
  await app.register(serviceIndexRoutes);
  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(oauthRoutes);
  await app.register(contentRoutes, { prefix: '/v1' });
  await app.register(embedTokenRoutes, { prefix: '/v1' });
  await app.register(openApiRoutes, { prefix: '/v1', routes });
  await app.register(frameReportRoutes, { prefix: '/frame-api' });
  await app.register(frameQueryRoutes, { prefix: '/frame-api' });
  await app.register(paginatedReportRoutes);
  await app.register(createKindRoutes, { prefix: '/frame-api/create' });
  await app.register(dashboardRoutes);
  await app.register(qnaRoutes, { prefix: '/frame-api/qna' });
  await app.register(embedPageRoutes);
}
