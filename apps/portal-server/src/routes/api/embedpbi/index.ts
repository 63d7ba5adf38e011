import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger } from 'fastify';
import { Type } from 'typebox';
import { principalOf } from '../../../auth/principal.ts';
import { accountsOf } from '../../../db/accounts.ts';
import { audit } from '../../../db/audit.ts';
import { grantsFor } from '../../../db/report-grants.ts';
import { entitledAccounts, grantedReports } from '../../../embed/entitlements.ts';
import { EmbedProviderRefusedError, EmbedProviderUnavailableError } from '../../../embed/provider.ts';
import { HttpError } from '../../../http-errors.ts';
import { requireUser } from '../../../plugins/authentication.ts';
import { BadRequestText, ErrorBody, Language, authErrorResponses } from '../../../schemas.ts';
import { servicesOf } from '../../../services.ts';

const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' });

const UserReport = Type.Object({
  workspaceId: Type.String(),
  reportId: Type.String(),
  reportName: Type.String(),
});

const EmbedInfoBody = Type.Object({
  embedReport: Type.Array(
    Type.Object({ reportId: Type.String(), embedUrl: Type.String(), reportName: Type.String() }),
  ),
  embedToken: Type.Object({ token: Type.String(), tokenId: Type.String(), expiration: Type.String() }),
});

/**
 * The provider's failure as the caller's answer, its reason logged for the operator: unreachable is 503 (try again),
 * a refusal 502 (the portal's accounts or origins and the analytics service's configuration differ).
 */
function providerFailure(log: FastifyBaseLogger) {
  return (error: unknown): never => {
    if (error instanceof EmbedProviderUnavailableError) {
      log.warn({ reason: error.message }, 'the analytics service cannot be reached');
      throw new HttpError(
        503,
        'ANALYTICS_UNAVAILABLE',
        'The analytics service cannot be reached; try again.',
      );
    }
    if (error instanceof EmbedProviderRefusedError) {
      log.error({ reason: error.message }, 'the analytics service refused an embed token for the caller');
      throw new HttpError(
        502,
        'ANALYTICS_REFUSED',
        'The analytics service refused to embed this report for your accounts; your administrator can see why in the portal log.',
      );
    }
    throw error;
  };
}

const notGranted = () =>
  new HttpError(403, 'REPORT_NOT_GRANTED', 'This report has not been shared with your account.');

/**
 * /api/embedpbi (registered only when enableEmbeddedPowerBi is on): the embedded reports a caller is entitled to
 * (granted to one of their accounts or groups, or saved for their accounts; see embed/entitlements.ts), and embed
 * tokens whose row-level security is exactly the caller's accounts that have the report.
 */
const embedRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, embedInfoProvider: provider } = servicesOf(app);
  if (provider === undefined) throw new Error('embedded reports are on but no embed info provider was made');
  app.get(
    '/GetPbiReportsInfoForUserAsync',
    {
      onRequest: app.requireUserToken,
      schema: {
        summary: 'The embedded reports the caller may open (none without an account), named in `language`',
        querystring: Type.Object({ language: Type.Optional(Language) }, { additionalProperties: false }),
        response: { 200: Type.Array(UserReport), 400: BadRequestText, ...authErrorResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const accounts = await accountsOf(servicesOf(app).database.db, principalOf(user));
      if (accounts.length === 0) return [];
      const caller = { databaseNames: accounts.map((a) => a.databaseName), groups: user.groups };
      const [reports, grants] = await Promise.all([
        provider.listReports(request.query.language).catch(providerFailure(request.log)),
        grantsFor(servicesOf(app).database.db, caller.databaseNames, caller.groups),
      ]);
      return grantedReports(reports, caller, grants);
    },
  );

  app.post(
    '/GetPbiEmbedInfoForUserAsync',
    {
      onRequest: app.requireUserToken,
      schema: {
        summary: 'Embed URL and token of one report, limited to the caller’s accounts',
        body: Type.Object(
          { workspaceId: Id, reportId: Id, language: Type.Optional(Language) },
          { additionalProperties: false },
        ),
        response: {
          200: EmbedInfoBody,
          400: BadRequestText,
          403: ErrorBody,
          404: ErrorBody,
          502: ErrorBody,
          ...authErrorResponses,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { workspaceId, reportId, language } = request.body;
      const accounts = await accountsOf(servicesOf(app).database.db, principalOf(user));
      const record = (outcome: string) =>
        audit(servicesOf(app).database.db, {
          actor: `user:${user.subject}`,
          action: 'embed.token',
          target: `${workspaceId}/${reportId}`,
          outcome,
          detail: { databaseNames: accounts.map((a) => a.databaseName) },
        });
      if (accounts.length === 0) {
        await record('FORBIDDEN');
        throw new HttpError(403, 'FORBIDDEN', 'You do not belong to any customer account.');
      }
      const caller = { databaseNames: accounts.map((a) => a.databaseName), groups: user.groups };
      const [reports, grants] = await Promise.all([
        provider.listReports().catch(providerFailure(request.log)),
        grantsFor(servicesOf(app).database.db, caller.databaseNames, caller.groups),
      ]);
      // An unknown report is refused like one that is not granted, so the answer does not tell which ids exist.
      const report = reports.find((r) => r.reportId === reportId && r.workspaceId === workspaceId);
      const entitled = report === undefined ? [] : entitledAccounts(report, caller, grants);
      if (entitled.length === 0) {
        await record('REPORT_NOT_GRANTED');
        throw notGranted();
      }
      const info = await provider
        .embedInfo({
          workspaceId,
          reportId,
          databaseNames: entitled,
          allowedOrigins: config.analytics.allowedOrigins,
          viewer: user.subject,
          ...(language === undefined ? {} : { language }),
        })
        .catch(async (error: unknown) => {
          if (error instanceof EmbedProviderRefusedError) await record('ANALYTICS_REFUSED');
          return providerFailure(request.log)(error);
        });
      if (info === undefined) {
        await record('NOT_FOUND');
        throw new HttpError(404, 'NOT_FOUND', 'There is no such report.');
      }
      await record('ok');
      return info;
    },
  );
};

export default embedRoutes;
