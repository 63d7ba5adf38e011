/**
 * An OpenAPI 3.1 document generated from the routes Fastify registers: their TypeBox schemas are JSON Schema
 * 2020-12 already, which OpenAPI 3.1 takes as it is. Routes are recorded by an onRoute hook, so the document always
 * lists exactly what the server answers.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';

interface RecordedRoute {
  readonly method: string;
  readonly url: string;
  readonly schema: Readonly<Record<string, unknown>>;
  readonly secured: boolean;
}

/** Plain JSON of a schema: TypeBox's bookkeeping is not enumerable, so a JSON round trip drops it. */
const plain = (schema: unknown): Record<string, unknown> =>
  JSON.parse(JSON.stringify(schema ?? {})) as Record<string, unknown>;

const statusText: Readonly<Record<string, string>> = {
  '200': 'OK',
  '201': 'Created',
  '400': 'Bad request',
  '401': 'Missing, invalid or expired credentials',
  '403': 'Not allowed',
  '404': 'Not found',
  '409': 'Conflict',
  '415': 'Unsupported media type',
  '500': 'Internal error',
  '503': 'Unavailable',
};

function parameters(schema: Readonly<Record<string, unknown>>, where: 'path' | 'query'): unknown[] {
  const source = plain(where === 'path' ? schema['params'] : schema['querystring']);
  const properties = (source['properties'] ?? {}) as Record<string, unknown>;
  const required = new Set((source['required'] ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

function responses(schema: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [status, response] of Object.entries((schema['response'] ?? {}) as Record<string, unknown>)) {
    const body = plain(response);
    // Fastify's per-content-type form: { content: { 'text/csv': { schema } } }.
    const content =
      'content' in body && typeof body['content'] === 'object'
        ? body['content']
        : { 'application/json': { schema: body } };
    out[status] = { description: statusText[status] ?? 'Answer', content };
  }
  return out;
}

/**
 * Records every route registered after this call whose URL starts with one of `prefixes`.
 *
 * ```ts
 * const routes = recordRoutes(app, ['/v1/', '/oauth/']); // before registering the routes
 * openApiDocument(routes(), { title: 'Portico analytics', version: '1', serverUrl });
 * ```
 */
export function recordRoutes(
  app: FastifyInstance,
  prefixes: readonly string[],
): () => readonly RecordedRoute[] {
  const routes: RecordedRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!prefixes.some((prefix) => route.url.startsWith(prefix))) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    for (const method of methods) {
      routes.push({
        method: method.toLowerCase(),
        url: route.url,
        schema: (route.schema ?? {}) as Record<string, unknown>,
        secured: route.onRequest !== undefined,
      });
    }
  });
  return () => routes;
}

export interface DocumentInfo {
  readonly title: string;
  readonly version: string;
  readonly description: string;
  readonly serverUrl: string;
}

/** The OpenAPI 3.1 document of the recorded routes. */
export function openApiDocument(
  routes: readonly RecordedRoute[],
  info: DocumentInfo,
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const { summary, description, tags, body } = route.schema as Record<string, unknown>;
    const params = [...parameters(route.schema, 'path'), ...parameters(route.schema, 'query')];
    const isTokenEndpoint = route.url === '/oauth/token';
    paths[path] = {
      ...paths[path],
      [route.method]: {
        ...(summary === undefined ? {} : { summary }),
        ...(description === undefined ? {} : { description }),
        ...(tags === undefined ? {} : { tags }),
        operationId: `${route.method}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
        ...(params.length > 0 ? { parameters: params } : {}),
        ...(body === undefined
          ? {}
          : {
              requestBody: {
                required: true,
                content: isTokenEndpoint
                  ? {
                      'application/x-www-form-urlencoded': { schema: plain(body) },
                      'application/json': { schema: plain(body) },
                    }
                  : { 'application/json': { schema: plain(body) } },
              },
            }),
        responses: responses(route.schema),
        security: route.secured
          ? [{ clientCredentials: [] }]
          : isTokenEndpoint
            ? [{ clientBasic: [] }, {}]
            : [],
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, description: info.description },
    servers: [{ url: info.serverUrl }],
    paths,
    components: {
      securitySchemes: {
        clientCredentials: {
          type: 'oauth2',
          description: 'A bearer access token from POST /oauth/token (grant_type=client_credentials).',
          flows: {
            clientCredentials: {
              tokenUrl: `${info.serverUrl}/oauth/token`,
              scopes: { 'analytics.api': 'The /v1 API' },
            },
          },
        },
        clientBasic: {
          type: 'http',
          scheme: 'basic',
          description: 'client_id and client_secret as HTTP Basic credentials',
        },
      },
    },
  };
}
