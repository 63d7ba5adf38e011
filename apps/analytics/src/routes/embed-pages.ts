import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { allowFraming } from '../plugins/security.ts';
import { servicesOf } from '../services.ts';

/** The pages the SDK's embed URLs point at; each is the frame app, which reads its kind from the path. */
export const EMBED_PAGES = [
  '/reportEmbed',
  '/dashboardEmbed',
  '/tileEmbed',
  '/qnaEmbed',
  '/quickCreate',
  '/rdlEmbed',
] as const;

const NOT_BUILT = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Portico analytics</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem;color:#333}code{background:#f3f3f3;padding:.1em .3em}</style>
</head>
<body>
<h1>The analytics frame has not been built</h1>
<p>The analytics frame has not been built: run <code>npm run build -w @portico/analytics</code>, then reload.</p>
</body>
</html>
`;

/**
 * The embed pages: the frame app's index.html, framable by ANALYTICS_EMBED_ORIGINS only (CSP frame-ancestors), and
 * the app's static assets. Without a build, a short page says how to make one.
 */
const embedPageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = servicesOf(app);
  const index = join(config.frameDist, 'index.html');
  for (const path of EMBED_PAGES) {
    app.get(path, async (_request, reply) => {
      const html = await readFile(index, 'utf8').catch(() => undefined);
      allowFraming(reply, config.embedOrigins);
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html; charset=utf-8').send(html ?? NOT_BUILT);
    });
  }
  if (existsSync(config.frameDist)) {
    // Hashed asset names: cached for a year; index.html itself goes through the routes above.
    await app.register(fastifyStatic, {
      root: config.frameDist,
      prefix: '/',
      index: false,
      wildcard: true,
      maxAge: '365d',
      immutable: true,
      allowedPath: (path) => !/^\/?index\.html$/.test(path),
    });
  }
};

export default embedPageRoutes;
