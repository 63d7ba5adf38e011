import { createHash, randomUUID } from 'node:crypto';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import rateLimit from '@fastify/rate-limit';
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
/** One request's body; a recorded file stops growing past MAX_FILE_BYTES. */
const MAX_BODY_BYTES = 64 * 1024;
const MAX_FILE_BYTES = 1024 * 1024;
/** Requests a client may make a minute (the SPA sends one per namespace and language, debounced). */
const RATE_PER_MINUTE = 60;

const notFound = () => new HttpError(404, 'NOT_FOUND', 'No such translation file.');

/**
 * GET /locales/:lng/:ns.json — the SPA's translation files from portal-web's build, with a strong ETag (304 on
 * If-None-Match) and 5 minutes of caching. POST /locales/add/:lng/:ns — only when PORTAL_RECORD_MISSING_TRANSLATIONS
 * is true outside production (`npm run dev` sets it) — records the keys the SPA found missing in
 * `${dataDir}/portal/missing-translations/<lng>/<ns>.json`. Only a supported language and a namespace the web app
 * ships are accepted, and file paths are built from those checked values alone; bodies are at most 64 KiB, a client
 * may send 60 a minute, and writes run one at a time, each through its own temporary file.
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

  await app.register(rateLimit, { global: false });
  /** Namespaces the web app ships in any language: only those may be recorded. */
  const shipped = async (ns: string): Promise<boolean> => {
    for (const lng of SUPPORTED_LANGUAGES) {
      try {
        await access(join(config.webDist, 'locales', lng, `${ns}.json`));
        return true;
      } catch {
        // not in this language
      }
    }
    return false;
  };
  /** The writes, one after another: each reads the file the previous one left. */
  let writes: Promise<unknown> = Promise.resolve();
  const serially = <T>(write: () => Promise<T>): Promise<T> => {
    const next = writes.then(write, write);
    writes = next.catch(() => undefined);
    return next;
  };

  app.post(
    '/add/:lng/:ns',
    {
      bodyLimit: MAX_BODY_BYTES,
      config: { rateLimit: { max: RATE_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        summary: 'Development only: records missing translation keys',
        params: Type.Object({
          lng: Type.Union(SUPPORTED_LANGUAGES.map((l) => Type.Literal(l))),
          ns: Type.String({ pattern: NAMESPACE }),
        }),
        body: Type.Record(Type.String({ minLength: 1, maxLength: 256 }), Type.String({ maxLength: 2000 }), {
          maxProperties: 200,
        }),
        response: {
          200: Type.Object({ recorded: Type.Integer() }),
          400: BadRequestText,
          404: ErrorBody,
          413: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request) => {
      const { lng, ns } = request.params;
      if (!(await shipped(ns))) throw new HttpError(404, 'NOT_FOUND', 'No such translation namespace.');
      const dir = join(config.dataDir, 'portal', 'missing-translations', lng);
      const path = join(dir, `${ns}.json`);
      return serially(async () => {
        const existing = JSON.parse(await readFile(path, 'utf8').catch(() => '{}')) as Record<string, string>;
        let recorded = 0;
        let bytes = JSON.stringify(existing).length;
        for (const [key, value] of Object.entries(request.body)) {
          if (Object.keys(existing).length >= MAX_MISSING_KEYS) break;
          if (key === '__proto__' || Object.hasOwn(existing, key)) continue;
          bytes += key.length + value.length + 8;
          if (bytes > MAX_FILE_BYTES) break;
          existing[key] = value;
          recorded += 1;
        }
        if (recorded === 0) return { recorded };
        await mkdir(dir, { recursive: true, mode: 0o700 });
        const temporary = `${path}.${randomUUID()}.tmp`;
        try {
          await writeFile(temporary, `${JSON.stringify(existing, null, 2)}\n`, { mode: 0o600 });
          await rename(temporary, path);
        } finally {
          await rm(temporary, { force: true });
        }
        return { recorded };
      });
    },
  );
};

export default localesRoutes;
