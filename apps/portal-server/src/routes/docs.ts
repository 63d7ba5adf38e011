import type { FastifyInstance, RouteOptions } from 'fastify';
import { escapeHtml } from '@portico/server-kit';
import type { PortalConfig } from '../config.ts';
import { globalPlugin } from '../plugins/global-plugin.ts';
import { servicesOf } from '../services.ts';

interface Operation {
  method: string;
  path: string;
  schema: Record<string, unknown>;
  authenticated: boolean;
}

const DOCUMENTED = /^\/(api|locales|healthz|readyz)(\/|$)/;

/** `/locales/:lng/:file` → `/locales/{lng}/{file}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function parameters(schema: Record<string, unknown>, key: 'params' | 'querystring', where: 'path' | 'query') {
  const object = schema[key] as { properties?: Record<string, unknown>; required?: string[] } | undefined;
  return Object.entries(object?.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object?.required ?? []).includes(name),
    schema: property,
  }));
}

function responses(schema: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [status, body] of Object.entries(
    (schema['response'] as Record<string, unknown> | undefined) ?? {},
  )) {
    const type = status === '400' ? 'text/plain' : 'application/json';
    out[status] = { description: `${status} answer`, content: { [type]: { schema: body } } };
  }
  return Object.keys(out).length > 0 ? out : { 200: { description: 'OK' } };
}

/** The OpenAPI 3.1 document of the recorded operations. */
function openApi(config: PortalConfig, operations: readonly Operation[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const entry = (paths[openApiPath(op.path)] ??= {});
    entry[op.method.toLowerCase()] = {
      summary: op.schema['summary'] ?? `${op.method} ${op.path}`,
      ...(op.authenticated ? { security: [{ bearer: [] }] } : {}),
      parameters: [
        ...parameters(op.schema, 'params', 'path'),
        ...parameters(op.schema, 'querystring', 'query'),
      ],
      ...(op.schema['body'] === undefined
        ? {}
        : {
            requestBody: { required: true, content: { 'application/json': { schema: op.schema['body'] } } },
          }),
      responses: responses(op.schema),
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Portico portal API', version: config.client.version },
    servers: [{ url: config.publicUrl }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}

/** A script-free page listing every operation with its schemas; it passes the portal's CSP as it is. */
function docsPage(operations: readonly Operation[]): string {
  const items = operations
    .map((op) => {
      const summary = typeof op.schema['summary'] === 'string' ? op.schema['summary'] : '';
      const { summary: _summary, ...schemas } = op.schema;
      return `<section><h2><span class="m">${escapeHtml(op.method)}</span> <code>${escapeHtml(op.path)}</code>${
        op.authenticated ? ' <span class="auth">bearer</span>' : ''
      }</h2><p>${escapeHtml(summary)}</p><details><summary>schemas</summary><pre>${escapeHtml(
        JSON.stringify(schemas, null, 2),
      )}</pre></details></section>`;
    })
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Portico portal API</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem}
h2{font-size:1rem;margin:1.5rem 0 .25rem}.m{color:#00796b}.auth{font-size:.8rem;background:#ffe0b2;padding:0 .4rem}
pre{background:#f5f5f5;padding:.5rem;overflow:auto}</style></head><body><h1>Portico portal API</h1>
<p>The machine-readable document: <a href="/api/docs/openapi.json">/api/docs/openapi.json</a> (OpenAPI 3.1).
A 400 answers a plain-text message; other errors <code>{ message, code }</code>.</p>
${items}</body></html>`;
}

/** Records every route registered after it, and serves /api/docs (HTML) and /api/docs/openapi.json. */
export const docsPlugin = globalPlugin('portico-docs', async (app: FastifyInstance) => {
  const { config } = servicesOf(app);
  const operations: Operation[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!DOCUMENTED.test(route.url) || route.url.startsWith('/api/docs')) return;
    for (const method of methods) {
      if (method === 'HEAD') continue;
      operations.push({
        method,
        path: route.url,
        schema: (route.schema ?? {}) as Record<string, unknown>,
        // Plugins add route hooks of their own (compression does), so only `app.requireUserToken` counts.
        authenticated: [route.onRequest ?? []].flat().includes(app.requireUserToken),
      });
    }
  });
  let document: string | undefined;
  app.get('/api/docs/openapi.json', async (_request, reply) => {
    document ??= JSON.stringify(openApi(config, operations));
    return reply.type('application/json; charset=utf-8').send(document);
  });
  app.get('/api/docs', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(docsPage(operations)),
  );
});
