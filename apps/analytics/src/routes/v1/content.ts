import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Report } from '@portico/analytics-model';
import { HttpError } from '../../http-errors.ts';
import { authErrorResponses, ErrorBody, Id, LanguageQuery } from '../../schemas.ts';
import { embedUrl } from '../../services.ts';
import { servicesOf } from '../../services.ts';

const WorkspaceBody = Type.Object({ id: Type.String(), name: Type.String(), description: Type.String() });

export const ReportSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  workspaceId: Type.String(),
  datasetId: Type.String(),
  embedUrl: Type.String({ description: 'The frame page to embed: /reportEmbed?reportId=…&groupId=…' }),
  version: Type.Integer({ description: 'The latest saved version (1 for a new report)' }),
  updatedAt: Type.String({ format: 'date-time' }),
  createdFor: Type.Optional(
    Type.Array(Type.String(), {
      description:
        'For a report saved through an embed token (save-as, create): the accounts (databaseNames) of that token, whose work it is',
    }),
  ),
});

const DatasetSummary = Type.Object({ id: Type.String(), name: Type.String(), description: Type.String() });

const WorkspaceParams = Type.Object({ workspaceId: Id });
const ReportParams = Type.Object({ workspaceId: Id, reportId: Id });

/**
 * The alphabetical order of `language` (English for none). A tag the pattern lets through but Intl refuses (`de-1`,
 * `zh-min-nan`) is named in its primary language's captions (cultureFor), so it is sorted in that language's order;
 * its Collator threw, and the list answered 500.
 */
function collatorFor(language: string | undefined): Intl.Collator {
  for (const locale of [language ?? 'en', (language ?? 'en').split('-')[0] ?? 'en']) {
    try {
      return new Intl.Collator(locale);
    } catch {
      // the next, shorter tag
    }
  }
  return new Intl.Collator('en');
}

/** /v1/workspaces…: what the portal lists and embeds. Every route needs an API access token. */
const contentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { content, config } = servicesOf(app);
  /** A report as listed; `name` in the asked language (a sample's translated name, else the name it was given). */
  const summary = (report: Report, language?: string) => ({
    id: report.id,
    name: content.reportName(report, language),
    workspaceId: report.workspaceId,
    datasetId: report.datasetId,
    embedUrl: embedUrl(config, report),
    version: report.version,
    updatedAt: report.updatedAt,
    ...(report.createdFor === undefined ? {} : { createdFor: [...report.createdFor] }),
  });
  const workspaceOr404 = (id: string) => {
    const workspace = content.workspace(id);
    if (workspace === undefined) throw new HttpError(404, 'NOT_FOUND', `No workspace '${id}'.`);
    return workspace;
  };

  app.get(
    '/workspaces',
    {
      onRequest: app.requireApiToken,
      schema: {
        summary: 'List the workspaces',
        tags: ['content'],
        response: { 200: Type.Object({ value: Type.Array(WorkspaceBody) }), ...authErrorResponses },
      },
    },
    async () => ({
      value: content.workspaces().map(({ id, name, description }) => ({ id, name, description })),
    }),
  );

  app.get(
    '/workspaces/:workspaceId/reports',
    {
      onRequest: app.requireApiToken,
      schema: {
        summary: "List a workspace's reports (names in `language` when given)",
        tags: ['content'],
        params: WorkspaceParams,
        querystring: LanguageQuery,
        response: {
          200: Type.Object({ value: Type.Array(ReportSummary) }),
          400: ErrorBody,
          404: ErrorBody,
          ...authErrorResponses,
        },
      },
    },
    async (request) => {
      const workspace = workspaceOr404(request.params.workspaceId);
      const { language } = request.query;
      // Listed by name as the reader reads them: in their language's alphabetical order.
      const collator = collatorFor(language);
      const value = content
        .reports(workspace.id)
        .map((r) => summary(r, language))
        .sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id));
      return { value };
    },
  );

  app.get(
    '/workspaces/:workspaceId/reports/:reportId',
    {
      onRequest: app.requireApiToken,
      schema: {
        summary: 'Get a report with its embedUrl (its name in `language` when given)',
        tags: ['content'],
        params: ReportParams,
        querystring: LanguageQuery,
        response: { 200: ReportSummary, 400: ErrorBody, 404: ErrorBody, ...authErrorResponses },
      },
    },
    async (request) => {
      const workspace = workspaceOr404(request.params.workspaceId);
      const report = content.report(request.params.reportId);
      if (report === undefined || report.workspaceId !== workspace.id) {
        throw new HttpError(
          404,
          'NOT_FOUND',
          `No report '${request.params.reportId}' in workspace '${workspace.id}'.`,
        );
      }
      return summary(report, request.query.language);
    },
  );

  app.get(
    '/workspaces/:workspaceId/datasets',
    {
      onRequest: app.requireApiToken,
      schema: {
        summary: "List a workspace's datasets",
        tags: ['content'],
        params: WorkspaceParams,
        response: {
          200: Type.Object({ value: Type.Array(DatasetSummary) }),
          404: ErrorBody,
          ...authErrorResponses,
        },
      },
    },
    async (request) => {
      const workspace = workspaceOr404(request.params.workspaceId);
      return {
        value: content.datasets(workspace.id).map(({ id, name, description }) => ({ id, name, description })),
      };
    },
  );
};

export default contentRoutes;
