import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { SUPPORTED_LANGUAGES } from '../../config.ts';
import { HttpError } from '../../http-errors.ts';
import { BadRequestText, ErrorBody } from '../../schemas.ts';
import { servicesOf } from '../../services.ts';

const NAMESPACE = '^[A-Za-z][A-Za-z0-9_-]{0,63}$';
const NAMESPACE_FILE = /^([A-Za-z][A-Za-z0-9_-]{0,63})\.json$/;
const languages: ReadonlySet<string> = new Set(SUPPORTED_LANGUAGES);
/** An i18next resource object; the stored bytes are sent unchanged (a Buffer skips the serializer). */
const TranslationFile = Type.Unsafe<Buffer>({ type: 'object', additionalProperties: true });
const MAX_MISSING_KEYS = 2000;

const notFound = () => new HttpError(404, 'NOT_FOUND', 'No such translation file.');

/**
 * GET /locales/:lng/:ns.json — the SPA's translation files from portal-web's build, with a strong ETag (304 on
 * If-None-Match) and 5 minutes of caching. POST /locales/add/:lng/:ns — in development only — records the keys the
 * SPA found missing in `${dataDir}/portal/missing-translations/<lng>/<ns>.json`. Only a supported language and a
 * plain namespace name are accepted, and file paths are built from those checked values alone.
 */
const localesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = servicesOf(app);
  const cache = new Map<string, { content: Buffer; etag: string }>();

  app.get(
    '/:lng/:file',
    {
      schema: {
        summary: 'A translation file',
        params: Type.Object({ lng: Type.String(), file: Type.String() }),
        response: { 200: TranslationFile, 304: Type.Null(), 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { lng, file } = request.params;
      const namespace = NAMESPACE_FILE.exec(file)?.[1];
      if (!languages.has(lng) || namespace === undefined) throw notFound();
      let content: Buffer;
      try {
        content = await readFile(join(config.webDist, 'locales', lng, `${namespace}.json`));
      } catch {
        throw notFound();
      }
      const key = `${lng}/${namespace}`;
      let entry = cache.get(key);
      if (entry === undefined || !entry.content.equals(content)) {
        entry = {
          content,
          etag: `"${createHash('sha256').update(content).digest('base64url').slice(0, 27)}"`,
        };
        cache.set(key, entry);
      }
      reply.header('cache-control', 'public, max-age=300').header('etag', entry.etag);
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim() === entry.etag)) {
        return reply.code(304).send(null);
      }
      return reply.type('application/json; charset=utf-8').send(entry.content);
    },
  );

  if (!config.recordMissingTranslations) return;

  app.post(
    '/add/:lng/:ns',
    {
      schema: {
        summary: 'Development only: records missing translation keys',
        params: Type.Object({
          lng: Type.Union(SUPPORTED_LANGUAGES.map((l) => Type.Literal(l))),
          ns: Type.String({ pattern: NAMESPACE }),
        }),
        body: Type.Record(Type.String({ minLength: 1, maxLength: 256 }), Type.String({ maxLength: 2000 }), {
          maxProperties: 200,
        }),
        response: { 200: Type.Object({ recorded: Type.Integer() }), 400: BadRequestText, 404: ErrorBody },
      },
    },
    async (request) => {
      const { lng, ns } = request.params;
      const dir = join(config.dataDir, 'portal', 'missing-translations', lng);
      const path = join(dir, `${ns}.json`);
      const existing = JSON.parse(await readFile(path, 'utf8').catch(() => '{}')) as Record<string, string>;
      let recorded = 0;
      for (const [key, value] of Object.entries(request.body)) {
        if (Object.keys(existing).length >= MAX_MISSING_KEYS) break;
        if (key === '__proto__' || Object.hasOwn(existing, key)) continue;
        existing[key] = value;
        recorded += 1;
      }
      await mkdir(dir, { recursive: true });
      await writeFile(`${path}.tmp`, `${JSON.stringify(existing, null, 2)}\n`);
      await rename(`${path}.tmp`, path);
      return { recorded };
    },
  );
};

export default localesRoutes;
