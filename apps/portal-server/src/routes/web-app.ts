import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { answerNotFound } from '@portico/server-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { globalPlugin } from '../plugins/global-plugin.ts';
import { servicesOf } from '../services.ts';

/** Paths the SPA never owns: their misses are JSON 404s, never index.html. */
const RESERVED = [/^\/api(\/|$)/, /^\/locales(\/|$)/, /^\/healthz$/, /^\/readyz$/];
/** Files only: a missing script must not come back as HTML (a browser asks for scripts with Accept: *\/*). */
const FILES_ONLY = /^\/assets\//;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=300';

const isReserved = (path: string) => RESERVED.some((pattern) => pattern.test(path));

/** Browsers name text/html explicitly when they navigate; fetches, scripts and images do not. */
function wantsPage(request: FastifyRequest, path: string): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !isReserved(path) &&
    !FILES_ONLY.test(path) &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/** Vite names files under assets/ by content hash, so they never change; everything else may. */
function cacheHeaders(webDist: string) {
  const assets = join(webDist, 'assets') + sep;
  const index = join(webDist, 'index.html');
  return (reply: FastifyReply, path: string): void => {
    if (path.startsWith(assets)) reply.header('cache-control', IMMUTABLE);
    else if (path === index) reply.header('cache-control', REVALIDATE);
    else reply.header('cache-control', SHORT);
  };
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Portal not built</title></head>
<body>
<h1>The portal web app has not been built</h1>
<p>The portal server found no production build of the web app. Run <code>npm run build</code> in the repository,
then restart the server (or use <code>npm run dev</code> for the development server).</p>
</body>
</html>
`;

/**
 * Serves portal-web's production build: hashed `/assets/*` cached for a year, everything else revalidated, and
 * index.html for any other GET that wants HTML (client-side routes such as /about). Without a build it answers a
 * 503 page saying how to make one, instead of failing to start.
 */
export const webAppPlugin = globalPlugin('portico-web-app', async (app: FastifyInstance) => {
  const { webDist } = servicesOf(app).config;
  const built = existsSync(join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      index: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders: cacheHeaders(webDist),
      // Translation files go through the checked /locales route only; reserved paths are never files.
      allowedPath: (path) => !isReserved(path),
    });
  } else {
    app.log.warn(
      { webDist },
      'portal-web build not found: run `npm run build`; until then pages answer 503 (the API works)',
    );
  }

  async function serveIndex(reply: FastifyReply): Promise<FastifyReply> {
    if (!built)
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_BUILT_PAGE);
    return reply.sendFile('index.html');
  }

  // The root is a directory to @fastify/static; it is the app's home page to us.
  app.get('/', (_request, reply) => serveIndex(reply));

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    if (wantsPage(request, path)) return serveIndex(reply);
    return answerNotFound(request, reply);
  });
});
