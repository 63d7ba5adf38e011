import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Permissions } from '@portico/models';
import { Type } from 'typebox';
import { contentName } from '../../content/content-name.ts';
import { checkDefinition, ReportDefinitionSchema } from '../../content/definition-schema.ts';
import type { Report, ReportDefinition } from '@portico/analytics-model';
import { publicDataset } from '@portico/analytics-model';
import { VersionConflictError } from '../../content/store.ts';
import { HttpError } from '../../http-errors.ts';
import { embedClaims } from '../../plugins/authentication.ts';
import { authErrorResponses, ErrorBody, Id, LanguageQuery } from '../../schemas.ts';
import { reportForToken } from './access.ts';
import { NewReportResponses, ReportMeta, reportMeta } from './schemas.ts';
import userStateRoutes from './user-state.ts';
import { servicesOf } from '../../services.ts';

const ReportParams = Type.Object({ reportId: Id });

const Session = Type.Object({
  tokenId: Type.String(),
  expiration: Type.String({ format: 'date-time' }),
  permissions: Type.Integer({ description: "models' Permissions flags" }),
  allowedOrigins: Type.Array(Type.String()),
  databaseNames: Type.Array(Type.String()),
  reports: Type.Array(ReportMeta),
});

const SaveBody = Type.Object({
  definition: ReportDefinitionSchema,
  baseVersion: Type.Optional(
    Type.Integer({ minimum: 1, description: 'The version being edited; 409 when another save came first' }),
  ),
});
const SaveAsBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  definition: Type.Optional(ReportDefinitionSchema),
});
/** /frame-api/session and /frame-api/reports/*: what an embed token may read and save. */
const frameReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { content, config, tokens } = servicesOf(app);
  // The viewer's persistent filters on a report: /reports/:reportId/user-state.
  await app.register(userStateRoutes);
  const meta = (report: Report) => reportMeta(config, report);
  const checked = (datasetId: string, definition: ReportDefinition): ReportDefinition => {
    const dataset = content.dataset(datasetId);
    if (dataset !== undefined) checkDefinition(dataset, definition);
    return definition;
  };

  app.get(
    '/session',
    {
      onRequest: app.requireEmbedToken,
      schema: { summary: 'What the embed token grants', response: { 200: Session, ...authErrorResponses } },
    },
    async (request) => {
      const claims = embedClaims(request);
      return {
        tokenId: claims.jti,
        expiration: new Date(claims.exp * 1000).toISOString(),
        permissions: claims.permissions,
        allowedOrigins: [...claims.origins],
        databaseNames: [...claims.databaseNames],
        reports: claims.reports.flatMap((r) => {
          const report = content.report(r.id);
          return report === undefined ? [] : [meta(report)];
        }),
      };
    },
  );

  app.get(
    '/reports/:reportId',
    {
      onRequest: app.requireEmbedToken,
      schema: {
        summary: 'A report definition with its dataset model, captions in `language`',
        params: ReportParams,
        querystring: LanguageQuery,
        response: {
          200: Type.Object({
            report: Type.Intersect([
              ReportMeta,
              Type.Object({
                definition: Type.Unknown({ description: 'The ReportDefinition, with its default captions' }),
              }),
            ]),
            dataset: Type.Unknown({
              description:
                'The semantic model: tables, columns, measures, hierarchies, relationships; display names in `language`',
            }),
            captions: Type.Unknown({
              description:
                'The ReportCaptions in `language`: page display names, visual titles and bookmark names the frame shows',
            }),
          }),
          400: ErrorBody,
          404: ErrorBody,
          ...authErrorResponses,
        },
      },
    },
    async (request) => {
      const { report, dataset } = reportForToken(app, request, request.params.reportId);
      const { language } = request.query;
      return {
        report: {
          ...meta(report),
          name: content.reportName(report, language),
          definition: report.definition,
        },
        dataset: publicDataset(content.localizedDataset(dataset, language)),
        captions: content.reportCaptions(report, language),
      };
    },
  );

  app.get(
    '/reports/:reportId/versions',
    {
      onRequest: app.requireEmbedToken,
      schema: {
        summary: 'The saved versions of a report',
        params: ReportParams,
        response: {
          200: Type.Object({
            value: Type.Array(
              Type.Object({ version: Type.Integer(), savedAt: Type.String(), source: Type.String() }),
            ),
          }),
          404: ErrorBody,
          ...authErrorResponses,
        },
      },
    },
    async (request) => {
      const { report } = reportForToken(app, request, request.params.reportId);
      return { value: [...((await content.versions(report.id)) ?? [])] };
    },
  );

  app.put(
    '/reports/:reportId',
    {
      onRequest: app.requireEmbedToken,
      schema: {
        summary: 'Save a report (adds a version); needs ReadWrite',
        params: ReportParams,
        body: SaveBody,
        response: { 200: ReportMeta, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...authErrorResponses },
      },
    },
    async (request) => {
      const { report } = reportForToken(app, request, request.params.reportId, {
        flags: Permissions.ReadWrite,
        action: 'saving (ReadWrite)',
      });
      const definition = checked(report.datasetId, request.body.definition as ReportDefinition);
      try {
        const options =
          request.body.baseVersion === undefined ? {} : { baseVersion: request.body.baseVersion };
        const saved = await content.save(report.id, definition, options);
        if (saved === undefined) throw new HttpError(404, 'NOT_FOUND', `No report '${report.id}'.`);
        request.log.info(
          { reportId: saved.id, version: saved.version, tokenId: embedClaims(request).jti },
          'report saved',
        );
        return meta(saved);
      } catch (error) {
        if (error instanceof VersionConflictError) throw new HttpError(409, 'CONFLICT', error.message);
        throw error;
      }
    },
  );

  app.post(
    '/reports/:reportId/save-as',
    {
      onRequest: app.requireEmbedToken,
      schema: {
        summary: 'Save a report as a new report; needs Copy or Create',
        params: ReportParams,
        body: SaveAsBody,
        response: NewReportResponses,
      },
    },
    async (request, reply) => {
      const claims = embedClaims(request);
      const { report } = reportForToken(app, request, request.params.reportId, {
        flags: Permissions.Copy | Permissions.Create,
        action: 'saving as a new report (Copy or Create)',
      });
      const name = contentName(request.body.name);
      if ('problem' in name) throw new HttpError(400, 'VALIDATION_ERROR', name.problem);
      const definition =
        request.body.definition === undefined
          ? undefined
          : checked(report.datasetId, request.body.definition as ReportDefinition);
      // The copy is the work of the token's accounts: the portal lists it to their members only.
      const created = await content.saveAs(report.id, name.name, definition, claims.databaseNames);
      if (created === undefined) throw new HttpError(404, 'NOT_FOUND', `No report '${report.id}'.`);
      // The frame goes on with the new report: the same grant plus the new report, expiring when the caller's does.
      const issued = await tokens.issueSuccessorToken(
        claims.sub,
        {
          ...claims,
          reports: [
            ...claims.reports,
            { id: created.id, datasetId: created.datasetId, workspaceId: created.workspaceId },
          ],
        },
        claims.exp,
      );
      request.log.info(
        { reportId: created.id, from: report.id, tokenId: claims.jti },
        'report saved as a new report',
      );
      return reply.code(201).send({
        report: meta(created),
        accessToken: {
          token: issued.token,
          tokenId: issued.tokenId,
          expiration: issued.expiresAt.toISOString(),
        },
      });
    },
  );
};

export default frameReportRoutes;
