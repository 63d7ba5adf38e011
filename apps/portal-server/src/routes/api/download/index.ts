import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { principalOf } from '../../../auth/principal.ts';
import { ACCESS_KEY_PATTERN, checkAccessKey, recordKeyUse } from '../../../db/access-keys.ts';
import type { KeyCheck } from '../../../db/access-keys.ts';
import { accountsOf } from '../../../db/accounts.ts';
import { audit } from '../../../db/audit.ts';
import { INSTALLEES } from '../../../db/schema.ts';
import type { Channel, Installee } from '../../../db/schema.ts';
import { HttpError } from '../../../http-errors.ts';
import type { ErrorCode } from '../../../http-errors.ts';
import { PLATFORMS } from '../../../installers/artifacts.ts';
import type { Platform } from '../../../installers/artifacts.ts';
import { LINK_TOKEN_PATTERN, createDownloadLinks } from '../../../installers/download-links.ts';
import {
  findReleaseFile,
  listReleases,
  pickFile,
  releaseFilePath,
  releaseRoot,
} from '../../../installers/releases.ts';
import type { Release, ReleaseFile } from '../../../installers/releases.ts';
import { sendFile, sendableFile } from '../../../installers/send-file.ts';
import { loadReleaseSigner } from '../../../installers/signing.ts';
import { VERSION_PATTERN } from '../../../installers/versions.ts';
import { BadRequestText, ErrorBody, Language } from '../../../schemas.ts';
import { servicesOf } from '../../../services.ts';

const Platforms = Type.Union(
  PLATFORMS.map((p) => Type.Literal(p)),
  { description: 'x86 (32-bit) or x64 (64-bit)' },
);
const Version = Type.String({ pattern: VERSION_PATTERN, maxLength: 64, description: 'e.g. 1.4.0' });
const AccessKeyField = Type.String({ maxLength: 256 });

const InstallerQuery = Type.Object(
  {
    accessKey: Type.Optional(AccessKeyField),
    platform: Platforms,
    language: Language,
    version: Type.Optional(Version),
  },
  { additionalProperties: false },
);

const KeyQuery = Type.Object({ accessKey: Type.Optional(AccessKeyField) }, { additionalProperties: false });

const LinkBody = Type.Object(
  { accessKey: Type.Optional(AccessKeyField), version: Version, platform: Platforms, language: Language },
  { additionalProperties: false },
);

const ReleaseFileSchema = Type.Object({
  platform: Type.String(),
  language: Type.String({ description: 'a UI language, or * for an installer holding every language' }),
  fileName: Type.String(),
  size: Type.Integer({ description: 'bytes' }),
  sha256: Type.String({ description: 'lower-case hex' }),
});

const ReleaseSchema = Type.Object({
  version: Type.String(),
  channel: Type.String(),
  publishedAt: Type.String({ format: 'date-time' }),
  notes: Type.Record(Type.String(), Type.String(), {
    description: 'release notes (Markdown) per language; en is the default',
  }),
  files: Type.Array(ReleaseFileSchema),
  checksums: Type.String({ description: 'the SHA256SUMS file (sha256sum format)' }),
  signature: Type.String({ description: 'base64 of the detached Ed25519 signature of checksums' }),
});

const ReleaseListing = Type.Object({
  installee: Type.String(),
  channels: Type.Array(Type.String(), { description: 'the channels the key or account is entitled to' }),
  releases: Type.Array(ReleaseSchema, { description: 'newest version first' }),
});

const DownloadLink = Type.Object({
  url: Type.String({ description: 'absolute path: /api/download/file?token=<token>' }),
  expiresAt: Type.String({ format: 'date-time' }),
  fileName: Type.String(),
  size: Type.Integer(),
  sha256: Type.String(),
});

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

const LinkRefusal = Type.Object(
  {
    message: Type.String(),
    code: Type.String({ description: 'DOWNLOAD_LINK_INVALID or DOWNLOAD_LINK_EXPIRED' }),
  },
  {
    description:
      'The link is not one of this portal, or its time is over: ask the installer page for a new one.',
  },
);

const keyErrorResponses = {
  400: BadRequestText,
  401: ErrorBody,
  403: InstallerRefusal,
  404: ErrorBody,
  429: ErrorBody,
} as const;

/** Who may download, for which account, and which channels they see. */
interface Entitlement {
  actor: string;
  keyCheck: Extract<KeyCheck, { ok: true }> | undefined;
  account: string | null;
  channels: Channel[];
}

/**
 * The installer downloads: for dca, controlPanel and controlPanelUpgrade,
 * - GET  /api/download/{installee}installer?accessKey&platform&language[&version]: the newest (or the named) version
 *   the key is entitled to, streamed with Range support (spec §7);
 * - GET  /api/download/{installee}/releases?accessKey: the entitled versions with notes, files, checksums and signature;
 * - POST /api/download/{installee}/link: a short-lived signed link to one file of one version;
 * - GET  /api/download/{installee}/releases/{version}/SHA256SUMS[.sig]?accessKey;
 * and GET /api/download/file?token=<token> (the link) and GET /api/download/release-signing-key.pem.
 * Failed key attempts count per client; past the limit every attempt answers 429 until the window ends.
 */
const downloadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = servicesOf(app);
  const root = releaseRoot(config.dataDir);
  const signer = await loadReleaseSigner(config.dataDir);
  const links = createDownloadLinks(config.downloadTokenSecret, config.downloadLinkSeconds);
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

  async function check(
    request: FastifyRequest,
    installee: Installee,
    accessKey: string | undefined,
  ): Promise<{ error: HttpError; actor: string } | Entitlement> {
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
      return {
        keyCheck,
        actor: `key:${keyCheck.prefix}`,
        account: keyCheck.databaseName,
        channels: keyCheck.channels,
      };
    }
    // The upgrade: a signed-in member; a key, when given, must be for one of the caller's accounts.
    const user = request.user;
    if (user === null) throw new Error('the upgrade routes run app.requireUserToken');
    const accounts = await accountsOf(servicesOf(app).database.db, principalOf(user));
    const actor = `user:${user.subject}`;
    const allowed =
      keyCheck === undefined
        ? accounts.length > 0
        : accounts.some((account) => account.databaseName === keyCheck.databaseName);
    if (!allowed)
      return { error: new HttpError(403, 'FORBIDDEN', 'You may not download this installer.'), actor };
    return {
      keyCheck,
      actor,
      account: keyCheck?.databaseName ?? (accounts.length === 1 ? (accounts[0]?.databaseName ?? null) : null),
      channels: keyCheck?.channels ?? ['stable'],
    };
  }

  /** The entitlement, or the refusal counted, audited and thrown. */
  async function entitle(
    request: FastifyRequest,
    installee: Installee,
    accessKey: string | undefined,
    action: string,
    target: string,
  ): Promise<Entitlement> {
    await refuseWhenLimited(request);
    const result = await check(request, installee, accessKey);
    if ('error' in result) {
      await failures(request);
      await audit(servicesOf(app).database.db, {
        actor: result.actor,
        action,
        target,
        outcome: result.error.code,
      });
      throw result.error;
    }
    return result;
  }

  async function releaseOf(installee: Installee, version: string, channels: Channel[]): Promise<Release> {
    const release = (await listReleases(servicesOf(app).database.db, installee, { channels })).find(
      (candidate) => candidate.version === version,
    );
    // A version of a channel the caller may not see is answered as one that does not exist.
    if (release === undefined) throw new HttpError(404, 'NOT_FOUND', 'There is no such version.');
    return release;
  }

  async function send(
    request: FastifyRequest,
    reply: Parameters<typeof sendFile>[1],
    installee: Installee,
    release: Release,
    file: ReleaseFile,
    who: { actor: string; keyId: number | null; account: string | null },
  ) {
    const info = await sendableFile(releaseFilePath(root, installee, release.version, file.fileName), file);
    if (info === undefined) throw new HttpError(404, 'NOT_FOUND', 'This installer is not available.');
    return sendFile(request, reply, info, file.fileName, async (start) => {
      if (start === 0 && who.keyId !== null) await recordKeyUse(servicesOf(app).database.db, who.keyId);
      await audit(servicesOf(app).database.db, {
        actor: who.actor,
        action: 'installer.download',
        target: `${installee}/${release.version}/${file.platform}/${file.language}`,
        outcome: 'ok',
        detail: {
          start,
          account: who.account,
          version: release.version,
          channel: release.channel,
          file: file.fileName,
        },
      });
    });
  }

  const publicRelease = (release: Release) => ({
    version: release.version,
    channel: release.channel,
    publishedAt: release.publishedAt.toISOString(),
    notes: release.notes,
    files: release.files.map(({ platform, language, fileName, size, sha256 }) => ({
      platform,
      language,
      fileName,
      size,
      sha256,
    })),
    checksums: release.checksums,
    signature: release.signature,
  });

  for (const installee of INSTALLEES) {
    const requireUserToken = installee === 'controlPanelUpgrade' ? { onRequest: app.requireUserToken } : {};

    app.get(
      `/${installee}installer`,
      {
        ...requireUserToken,
        compress: false,
        schema: {
          summary: `The ${installee} installer for a platform and language: the newest entitled version, or version`,
          querystring: InstallerQuery,
          response: {
            200: Type.Unsafe<unknown>({ type: 'string', format: 'binary' }),
            206: Type.Unsafe<unknown>({ type: 'string', format: 'binary' }),
            ...keyErrorResponses,
          },
        },
      },
      async (request, reply) => {
        const { accessKey, platform, language, version } = request.query;
        const target = `${installee}/${version ?? 'latest'}/${platform}/${language}`;
        const entitlement = await entitle(request, installee, accessKey, 'installer.download', target);
        const releases = await listReleases(servicesOf(app).database.db, installee, {
          channels: entitlement.channels,
        });
        // Without a version: the newest stable one, else the newest of another entitled channel.
        const release = [...releases]
          .sort((a, b) => Number(b.channel === 'stable') - Number(a.channel === 'stable'))
          .find(
            (candidate) =>
              (version === undefined || candidate.version === version) &&
              pickFile(candidate, platform, language) !== undefined,
          );
        const file = release === undefined ? undefined : pickFile(release, platform, language);
        if (release === undefined || file === undefined)
          throw new HttpError(404, 'NOT_FOUND', 'This installer is not available.');
        return send(request, reply, installee, release, file, {
          actor: entitlement.actor,
          keyId: entitlement.keyCheck?.keyId ?? null,
          account: entitlement.account,
        });
      },
    );

    app.get(
      `/${installee}/releases`,
      {
        ...requireUserToken,
        schema: {
          summary: `The ${installee} versions the key (or, for the upgrade, the account) is entitled to`,
          querystring: KeyQuery,
          response: { 200: ReleaseListing, ...keyErrorResponses },
        },
      },
      async (request, reply) => {
        const entitlement = await entitle(
          request,
          installee,
          request.query.accessKey,
          'installer.releases',
          installee,
        );
        const releases = await listReleases(servicesOf(app).database.db, installee, {
          channels: entitlement.channels,
        });
        reply.header('cache-control', 'private, no-cache');
        return { installee, channels: entitlement.channels, releases: releases.map(publicRelease) };
      },
    );

    app.post(
      `/${installee}/link`,
      {
        ...requireUserToken,
        schema: {
          summary: `A short-lived link to one ${installee} file (config PORTAL_DOWNLOAD_LINK_SECONDS)`,
          body: LinkBody,
          response: { 200: DownloadLink, ...keyErrorResponses },
        },
      },
      async (request, reply) => {
        const { accessKey, version, platform, language } = request.body;
        const target = `${installee}/${version}/${platform}/${language}`;
        const entitlement = await entitle(request, installee, accessKey, 'installer.link', target);
        const release = await releaseOf(installee, version, entitlement.channels);
        const file = pickFile(release, platform as Platform, language);
        if (file === undefined)
          throw new HttpError(404, 'NOT_FOUND', 'This version has no installer for this platform.');
        const { token, expiresAt } = links.issue({
          fileId: file.id,
          actor: entitlement.actor,
          keyId: entitlement.keyCheck?.keyId ?? null,
          account: entitlement.account,
        });
        reply.header('cache-control', 'no-store');
        return {
          url: `/api/download/file?token=${token}`,
          expiresAt: expiresAt.toISOString(),
          fileName: file.fileName,
          size: file.size,
          sha256: file.sha256,
        };
      },
    );

    for (const [suffix, type] of [
      ['SHA256SUMS', 'text/plain; charset=utf-8'],
      ['SHA256SUMS.sig', 'application/octet-stream'],
    ] as const) {
      app.get(
        `/${installee}/releases/:version/${suffix}`,
        {
          ...requireUserToken,
          schema: {
            summary:
              suffix === 'SHA256SUMS'
                ? `The SHA256SUMS file of a ${installee} version`
                : `The detached Ed25519 signature (64 bytes) of a ${installee} version's SHA256SUMS`,
            params: Type.Object({ version: Version }),
            querystring: KeyQuery,
            response: {
              200: Type.Unsafe<unknown>({ type: 'string', format: 'binary' }),
              ...keyErrorResponses,
            },
          },
        },
        async (request, reply) => {
          const { version } = request.params;
          const entitlement = await entitle(
            request,
            installee,
            request.query.accessKey,
            'installer.checksums',
            `${installee}/${version}`,
          );
          const release = await releaseOf(installee, version, entitlement.channels);
          reply
            .type(type)
            .header('cache-control', 'private, no-cache')
            .header('content-disposition', `attachment; filename="${suffix}"`);
          return suffix === 'SHA256SUMS' ? release.checksums : Buffer.from(release.signature, 'base64');
        },
      );
    }
  }

  app.get(
    '/file',
    {
      compress: false,
      schema: {
        summary: 'Downloads the file a short-lived link names (Range supported while the link is valid)',
        querystring: Type.Object(
          { token: Type.String({ pattern: LINK_TOKEN_PATTERN, maxLength: 1200 }) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Unsafe<unknown>({ type: 'string', format: 'binary' }),
          206: Type.Unsafe<unknown>({ type: 'string', format: 'binary' }),
          400: BadRequestText,
          403: LinkRefusal,
          404: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const result = links.check(request.query.token);
      if (!result.ok) {
        throw result.reason === 'expired'
          ? new HttpError(
              403,
              'DOWNLOAD_LINK_EXPIRED',
              'This download link has expired; open the page again.',
            )
          : new HttpError(403, 'DOWNLOAD_LINK_INVALID', 'This download link is not valid.');
      }
      const found = await findReleaseFile(servicesOf(app).database.db, result.claims.fileId);
      if (found === undefined)
        throw new HttpError(404, 'NOT_FOUND', 'This installer is no longer available.');
      return send(request, reply, found.release.installee, found.release, found.file, result.claims);
    },
  );

  app.get(
    '/release-signing-key.pem',
    {
      schema: {
        summary: 'The Ed25519 public key (PEM) that signs every SHA256SUMS file',
        response: { 200: Type.String() },
      },
    },
    async (_request, reply) => {
      reply
        .type('application/x-pem-file')
        .header('cache-control', 'public, max-age=300')
        .header('content-disposition', 'attachment; filename="portico-release-key.pem"');
      return signer.publicKeyPem;
    },
  );
};

export default downloadRoutes;
