import { createReadStream } from 'node:fs';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { principalOf } from '../../../auth/principal.ts';
import { ACCESS_KEY_PATTERN, checkAccessKey, recordKeyUse } from '../../../db/access-keys.ts';
import type { KeyCheck } from '../../../db/access-keys.ts';
import { accountsOf } from '../../../db/accounts.ts';
import { audit } from '../../../db/audit.ts';
import { INSTALLEES } from '../../../db/schema.ts';
import type { Installee } from '../../../db/schema.ts';
import { contentDisposition } from '../../../http/content-disposition.ts';
import { HttpError } from '../../../http-errors.ts';
import type { ErrorCode } from '../../../http-errors.ts';
import {
  PLATFORMS,
  artifactFileName,
  artifactPath,
  artifactRoot,
  describeArtifact,
} from '../../../installers/artifacts.ts';
import { ifRangeMatches, parseRange } from '../../../installers/ranges.ts';
import { BadRequestText, ErrorBody, Language } from '../../../schemas.ts';
import { servicesOf } from '../../../services.ts';

const InstallerQuery = Type.Object(
  {
    accessKey: Type.Optional(Type.String({ maxLength: 256 })),
    platform: Type.Union(
      PLATFORMS.map((p) => Type.Literal(p)),
      { description: 'x86 (32-bit) or x64 (64-bit)' },
    ),
    language: Language,
  },
  { additionalProperties: false },
);

const KEY_ERRORS: Readonly<Record<Exclude<KeyCheck, { ok: true }>['reason'], [ErrorCode, string]>> = {
  unknown: ['ACCESS_KEY_INVALID', 'The access key is not valid.'],
  expired: ['ACCESS_KEY_EXPIRED', 'The access key has expired.'],
  revoked: ['ACCESS_KEY_REVOKED', 'The access key has been revoked.'],
  'wrong-installee': ['ACCESS_KEY_WRONG_INSTALLEE', 'The access key does not allow this installer.'],
};
const ACCESS_KEY = new RegExp(ACCESS_KEY_PATTERN);

/** The 403 body, its codes named for the OpenAPI document (the shape is ErrorBody's). */
const InstallerRefusal = Type.Object(
  {
    message: Type.String(),
    code: Type.String({
      description:
        'ACCESS_KEY_MISSING (no accessKey given), ACCESS_KEY_INVALID, ACCESS_KEY_EXPIRED, ACCESS_KEY_REVOKED, ACCESS_KEY_WRONG_INSTALLEE; FORBIDDEN for an upgrade the caller may not have',
      examples: ['ACCESS_KEY_MISSING', 'ACCESS_KEY_EXPIRED'],
    }),
  },
  { description: 'The access key is missing or refused, or the caller may not download this installer.' },
);

/**
 * GET /api/download/{installee}installer?accessKey&platform&language for dca, controlPanel and controlPanelUpgrade:
 * checks the key (and, for the upgrade, the signed-in caller), then streams the artifact with Range support. Failed
 * attempts count per client; past the limit every attempt answers 429 until the window ends, so keys cannot be
 * guessed and a right guess is not told apart from a wrong one.
 */
const downloadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = servicesOf(app);
  const root = artifactRoot(config.dataDir);
  // Registered here, not on the whole app: only these routes count attempts.
  await app.register(rateLimit, { global: false });
  const failures = app.createRateLimit({
    max: config.installerFailureLimit.max,
    timeWindow: config.installerFailureLimit.windowSeconds * 1000,
    keyGenerator: (request: FastifyRequest) => request.ip,
  });

  const refuseWhenLimited = async (request: FastifyRequest) => {
    const state = await failures(request, { increment: false });
    if (!state.isAllowed && state.remaining <= 0) {
      throw new HttpError(429, 'RATE_LIMITED', 'Too many failed attempts; try again later.', {
        'retry-after': String(state.ttlInSeconds),
      });
    }
  };

  async function authorise(request: FastifyRequest, installee: Installee, accessKey: string | undefined) {
    // An empty accessKey (a form sent without one) is no key at all, not a wrong one.
    const keyCheck: KeyCheck | undefined =
      accessKey === undefined || accessKey === ''
        ? undefined
        : ACCESS_KEY.test(accessKey)
          ? await checkAccessKey(servicesOf(app).database.db, accessKey, installee)
          : { ok: false, reason: 'unknown' };
    if (keyCheck !== undefined && !keyCheck.ok) {
      const [code, message] = KEY_ERRORS[keyCheck.reason];
      return { error: new HttpError(403, code, message), actor: `key:${keyCheck.prefix ?? 'unknown'}` };
    }
    if (installee !== 'controlPanelUpgrade') {
      if (keyCheck === undefined) {
        return {
          error: new HttpError(403, 'ACCESS_KEY_MISSING', 'This installer needs an access key.'),
          actor: 'anonymous',
        };
      }
      return { keyCheck, actor: `key:${keyCheck.prefix}` };
    }
    // The upgrade: a signed-in member; a key, when given, must be for one of the caller's accounts.
    const user = request.user;
    if (user === null) throw new Error('the upgrade route runs app.requireUserToken');
    const accounts = await accountsOf(servicesOf(app).database.db, principalOf(user));
    const actor = `user:${user.subject}`;
    const allowed =
      keyCheck === undefined
        ? accounts.length > 0
        : accounts.some((account) => account.databaseName === keyCheck.databaseName);
    if (!allowed)
      return { error: new HttpError(403, 'FORBIDDEN', 'You may not download this installer.'), actor };
    return { keyCheck, actor };
  }

  for (const installee of INSTALLEES) {
    app.get(
      `/${installee}installer`,
      {
        ...(installee === 'controlPanelUpgrade' ? { onRequest: app.requireUserToken } : {}),
        compress: false,
        schema: {
          summary: `The ${installee} installer for a platform and language`,
          querystring: InstallerQuery,
          response: {
            200: Type.Unsafe<unknown>({ type: 'string', format: 'binary' }),
            206: Type.Unsafe<unknown>({ type: 'string', format: 'binary' }),
            400: BadRequestText,
            401: ErrorBody,
            403: InstallerRefusal,
            404: ErrorBody,
            429: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        await refuseWhenLimited(request);
        const { accessKey, platform, language } = request.query;
        const target = `${installee}/${platform}/${language}`;
        const result = await authorise(request, installee, accessKey);
        if ('error' in result && result.error !== undefined) {
          await failures(request);
          await audit(servicesOf(app).database.db, {
            actor: result.actor,
            action: 'installer.download',
            target,
            outcome: result.error.code,
          });
          throw result.error;
        }
        const info = await describeArtifact(artifactPath(root, installee, platform, language));
        if (info === undefined) throw new HttpError(404, 'NOT_FOUND', 'This installer is not available.');
        return sendArtifact(
          request,
          reply,
          info,
          artifactFileName(installee, platform, language),
          async (start) => {
            if (start === 0 && result.keyCheck?.ok)
              await recordKeyUse(servicesOf(app).database.db, result.keyCheck.keyId);
            await audit(servicesOf(app).database.db, {
              actor: result.actor,
              action: 'installer.download',
              target,
              outcome: 'ok',
              detail: { start },
            });
          },
        );
      },
    );
  }
};

async function sendArtifact(
  request: FastifyRequest,
  reply: FastifyReply,
  info: NonNullable<Awaited<ReturnType<typeof describeArtifact>>>,
  fileName: string,
  onSend: (start: number) => Promise<void>,
): Promise<FastifyReply> {
  const ifRange = request.headers['if-range'];
  const rangeHeader = ifRangeMatches(typeof ifRange === 'string' ? ifRange : undefined, info.etag, info.mtime)
    ? request.headers.range
    : undefined;
  const range = parseRange(rangeHeader, info.size);
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', info.etag)
    .header('last-modified', info.mtime.toUTCString())
    .header('cache-control', 'private, no-cache')
    .header('digest', `sha-256=${info.sha256}`)
    .header('repr-digest', `sha-256=:${info.sha256}:`)
    .header('content-disposition', contentDisposition('attachment', fileName));
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${info.size}`).type('text/plain').send('');
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? info.size - 1;
  await onSend(start);
  if (range !== undefined) reply.code(206).header('content-range', `bytes ${start}-${end}/${info.size}`);
  reply.type('application/octet-stream').header('content-length', String(end - start + 1));
  if (request.method === 'HEAD' || info.size === 0) return reply.send('');
  return reply.send(createReadStream(info.path, { start, end, highWaterMark: 256 * 1024 }));
}

export default downloadRoutes;
