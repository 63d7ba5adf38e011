/**
 * `GET /`: what this address is. `npm start` prints the service's URL beside the portal's, and a person who opens it
 * gets a short page saying that reports are seen in the pages that embed them (the portal) and where the API's
 * description and probes are; a program (no `text/html` in its Accept header) gets the same as JSON. Before, the root
 * answered 404.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { escapeHtml } from '@portico/server-kit';
import { servicesOf } from '../services.ts';

/** The service's public paths worth knowing, in the order the page lists them. */
export const SERVICE_LINKS = {
  openapi: '/v1/openapi.json',
  ready: '/readyz',
  health: '/healthz',
  metrics: '/metrics',
} as const;

const Index = Type.Object({
  service: Type.String(),
  description: Type.String(),
  links: Type.Record(Type.String(), Type.String()),
  embedOrigins: Type.Array(Type.String()),
});

const DESCRIPTION =
  'Serves the embedded analytics reports, dashboards and paginated reports of Portico; they are seen in the pages that embed them (embedOrigins).';

function indexPage(publicUrl: string, embedOrigins: readonly string[]): string {
  const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
  const portal =
    embedOrigins.length > 0
      ? `<p>Reports are seen in the pages that embed them, on ${embedOrigins.map((o) => link(o, o)).join(', ')}.</p>`
      : '<p>Reports are seen in the pages that embed them.</p>';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Portico analytics service</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:40rem;padding:0 1rem;color:#222}
code{background:#f3f3f3;padding:.1em .3em}li{margin:.25rem 0}</style>
</head>
<body>
<h1>Portico analytics service</h1>
<p>This address (<code>${escapeHtml(publicUrl)}</code>) is the service that embedded reports come from; it has no
pages of its own to browse.</p>
${portal}
<ul>
<li>${link(SERVICE_LINKS.openapi, 'API description')} (OpenAPI 3.1): workspaces, reports and embed tokens</li>
<li>${link(SERVICE_LINKS.ready, 'Readiness')}: whether its data sources answer</li>
<li>${link(SERVICE_LINKS.health, 'Health')} and ${link(SERVICE_LINKS.metrics, 'metrics')}</li>
</ul>
</body>
</html>
`;
}

const serviceIndexRoutes: FastifyPluginAsync = async (app) => {
  const { config } = servicesOf(app);
  const html = indexPage(config.publicUrl, config.embedOrigins);
  app.get('/', { logLevel: 'warn', schema: { response: { 200: Index } } }, async (request, reply) => {
    reply.header('vary', 'accept');
    if ((request.headers.accept ?? '').includes('text/html'))
      return reply.type('text/html; charset=utf-8').send(html);
    return {
      service: 'Portico analytics service',
      description: DESCRIPTION,
      links: { ...SERVICE_LINKS },
      embedOrigins: [...config.embedOrigins],
    };
  });
};

export default serviceIndexRoutes;
