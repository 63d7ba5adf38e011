import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { openApiDocument } from '../../openapi/generator.ts';
import type { recordRoutes } from '../../openapi/generator.ts';
import { servicesOf } from '../../services.ts';

/** GET /v1/openapi.json: the API's OpenAPI 3.1 document, generated from the registered routes' schemas. */
const openApiRoutes: FastifyPluginAsyncTypebox<{ routes: ReturnType<typeof recordRoutes> }> = async (
  app,
  opts,
) => {
  let document: Record<string, unknown> | undefined;
  app.get(
    '/openapi.json',
    {
      schema: {
        summary: 'This document',
        tags: ['meta'],
        response: { 200: Type.Unknown({ description: 'OpenAPI 3.1 document' }) },
      },
    },
    async () => {
      document ??= openApiDocument(opts.routes(), {
        title: 'Portico analytics API',
        version: '1.0.0',
        description:
          'Server-to-server API of the Portico analytics service: list workspaces and reports, and generate embed tokens. ' +
          'Authenticate with POST /oauth/token (client credentials) and send the access token as a bearer token.',
        serverUrl: servicesOf(app).config.publicUrl,
      });
      return document;
    },
  );
};

export default openApiRoutes;
