import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { SUPPORTED_LANGUAGES } from '../../config.ts';
import { HttpError } from '../../http-errors.ts';
import { ErrorBody } from '../../schemas.ts';

const NAMESPACE_FILE = /^([A-Za-z][A-Za-z0-9_-]{0,63})\.json$/;
const languages: ReadonlySet<string> = new Set(SUPPORTED_LANGUAGES);
/** An i18next resource object; the stored bytes are sent unchanged (a Buffer skips the serializer). */
const TranslationFile = Type.Unsafe<Buffer>({ type: 'object', additionalProperties: true });

/**
 * GET /locales/:lng/:ns.json — the SPA's translation files from portal-web's build. Only a supported language and a
 * plain namespace name are accepted, and the file path is built from those checked values alone.
 */
const localesRoutes: FastifyPluginAsyncTypebox<{ webDist: string }> = async (app, { webDist }) => {
  app.get(
    '/:lng/:file',
    {
      schema: {
        params: Type.Object({ lng: Type.String(), file: Type.String() }),
        response: { 200: TranslationFile, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { lng, file } = request.params;
      const namespace = NAMESPACE_FILE.exec(file)?.[1];
      if (!languages.has(lng) || namespace === undefined) {
        throw new HttpError(404, 'NOT_FOUND', 'No such translation file.');
      }
      let content: Buffer;
      try {
        content = await readFile(join(webDist, 'locales', lng, `${namespace}.json`));
      } catch {
        throw new HttpError(404, 'NOT_FOUND', 'No such translation file.');
      }
      return reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(content);
    },
  );
};

export default localesRoutes;
