/**
 * The paginated-report routes: the portal lists them (`/v1/workspaces/:id/paginated-reports`, with the `/rdlEmbed`
 * URL to embed), and the frame asks, with an embed token that names the report, for page N with the page count
 * (`/frame-api/paginated-reports/:id/pages/:n`) and for the PDF or CSV export, streamed. Parameters are checked
 * against the token's accounts; every statement restricts every table to them.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Static } from 'typebox';
import { HttpError } from '../../http-errors.ts';
import { embedClaims } from '../../plugins/authentication.ts';
import { authErrorResponses, ErrorBody, Id, LanguageQuery } from '../../schemas.ts';
import { localizePage } from './captions.ts';
import { PaginatedCatalogue } from './catalogue.ts';
import { csvChunks } from './csv.ts';
import { exportDisposition } from './disposition.ts';
import type { PaginatedReport } from './definition.ts';
import { ParameterError } from './parameters.ts';
import { renderPdf } from './pdf.ts';
import { ReportRun } from './run.ts';
import { servicesOf } from '../../services.ts';

/** A refusal of this module with its own stable code (the app's ErrorCode list is closed). */
class PaginatedError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: 'PAGE_OUT_OF_RANGE',
    message: string,
  ) {
    super(message);
  }
}

const ReportInfo = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  workspaceId: Type.String(),
  embedUrl: Type.String({ description: 'The frame page to embed: /rdlEmbed?reportId=…&groupId=…' }),
});

const ParameterValues = Type.Optional(
  Type.Array(
    Type.Object({
      name: Type.String({ minLength: 1, maxLength: 100 }),
      value: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
    }),
    {
      maxItems: 100,
      description: "models' IParameterValue[]; a multi-value parameter repeats its name, one entry per value",
    },
  ),
);

const Cell = Type.Union([Type.String(), Type.Number(), Type.Null()]);
const Choice = Type.Object({ value: Type.String(), label: Type.String() });
const PageAnswerSchema = Type.Object({
  reportId: Type.String(),
  name: Type.String(),
  pageNumber: Type.Integer(),
  pageCount: Type.Integer(),
  lineCount: Type.Integer(),
  linesPerPage: Type.Integer(),
  parameters: Type.Array(
    Type.Object({
      name: Type.String(),
      prompt: Type.String(),
      type: Type.String(),
      multiValue: Type.Boolean(),
      nullable: Type.Boolean(),
      allLabel: Type.Optional(Type.String()),
      validValues: Type.Optional(Type.Array(Choice)),
      min: Type.Optional(Type.String()),
      max: Type.Optional(Type.String()),
      values: Type.Array(Type.String()),
    }),
  ),
  columns: Type.Array(
    Type.Object({
      title: Type.String(),
      width: Type.Number(),
      align: Type.String(),
      format: Type.String(),
    }),
  ),
  locale: Type.String(),
  currency: Type.Optional(Type.String()),
  footer: Type.String(),
  header: Type.Optional(Type.Object({ title: Type.String(), lines: Type.Array(Type.String()) })),
  continued: Type.Optional(Type.String()),
  continuedLabel: Type.Optional(Type.String()),
  lines: Type.Array(Type.Object({ kind: Type.String(), label: Type.String(), cells: Type.Array(Cell) })),
});

const WorkspaceParams = Type.Object({ workspaceId: Id });
const ReportParams = Type.Object({ reportId: Id });

/** The report a frame-api call names, if the embed token grants it: 403 when not, 404 when it is gone. */
function reportForToken(
  catalogue: PaginatedCatalogue,
  request: FastifyRequest,
  reportId: string,
): PaginatedReport {
  const granted = embedClaims(request).paginatedReports ?? [];
  if (!granted.some((item) => item.id === reportId)) {
    throw new HttpError(403, 'FORBIDDEN', 'The embed token does not grant access to this paginated report.');
  }
  const report = catalogue.find(reportId);
  if (report === undefined) throw new HttpError(404, 'NOT_FOUND', `No paginated report '${reportId}'.`);
  return report;
}

/** Registers the routes and the directory lookup that lets embed tokens name paginated reports. */
export const paginatedReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { engine, config, content, directory } = servicesOf(app);
  // The samples read the print-fleet model's tables: they exist only while the models folder holds that model (its
  // workspace), checked on every lookup because the folder reloads.
  const catalogue = new PaginatedCatalogue(
    undefined,
    (workspaceId) => content.workspace(workspaceId) !== undefined,
  );
  directory.register('paginatedReport', (id) => {
    const report = catalogue.find(id);
    return report && { id: report.id, workspaceId: report.workspaceId };
  });
  const info = (report: PaginatedReport) => ({
    id: report.id,
    name: report.name,
    description: report.description,
    workspaceId: report.workspaceId,
    embedUrl: `${config.publicUrl}/rdlEmbed?${new URLSearchParams({ reportId: report.id, groupId: report.workspaceId }).toString()}`,
  });
  // The report's model in the viewer's language: its listed values' captions label the sheet's cells (values.ts).
  const modelOf = (report: PaginatedReport, language: string | undefined) => {
    const model = content.dataset(report.datasetId);
    return model === undefined ? undefined : content.localizedDataset(model, language);
  };
  const workspaceOr404 = (id: string) => {
    if (content.workspace(id) === undefined) throw new HttpError(404, 'NOT_FOUND', `No workspace '${id}'.`);
    return id;
  };

  // Parameter problems and pages out of range are answered here with their own codes; the rest goes up.
  app.setErrorHandler((error: FastifyError | ParameterError | PaginatedError, _request, reply) => {
    if (error instanceof ParameterError || error instanceof PaginatedError) {
      const status = error instanceof PaginatedError ? error.statusCode : 400;
      return reply.code(status).send({ message: error.message, code: error.code });
    }
    throw error;
  });

  await app.register(
    async (api: typeof app) => {
      api.get(
        '/workspaces/:workspaceId/paginated-reports',
        {
          onRequest: app.requireApiToken,
          schema: {
            summary: "List a workspace's paginated reports",
            tags: ['content'],
            params: WorkspaceParams,
            response: {
              200: Type.Object({ value: Type.Array(ReportInfo) }),
              404: ErrorBody,
              ...authErrorResponses,
            },
          },
        },
        async (request) => ({
          value: catalogue.inWorkspace(workspaceOr404(request.params.workspaceId)).map(info),
        }),
      );
      api.get(
        '/workspaces/:workspaceId/paginated-reports/:reportId',
        {
          onRequest: app.requireApiToken,
          schema: {
            summary: 'Get a paginated report with its embedUrl',
            tags: ['content'],
            params: Type.Object({ workspaceId: Id, reportId: Id }),
            response: { 200: ReportInfo, 404: ErrorBody, ...authErrorResponses },
          },
        },
        async (request) => {
          const workspaceId = workspaceOr404(request.params.workspaceId);
          const report = catalogue.find(request.params.reportId);
          if (report === undefined || report.workspaceId !== workspaceId) {
            throw new HttpError(
              404,
              'NOT_FOUND',
              `No paginated report '${request.params.reportId}' in workspace '${workspaceId}'.`,
            );
          }
          return info(report);
        },
      );
    },
    { prefix: '/v1' },
  );

  await app.register(
    async (api: typeof app) => {
      api.post(
        '/paginated-reports/:reportId/pages/:pageNumber',
        {
          onRequest: app.requireEmbedToken,
          schema: {
            summary: 'Page N of a paginated report, with the page count, for the given parameter values',
            params: Type.Object({
              reportId: Id,
              pageNumber: Type.Integer({ minimum: 1, maximum: 10_000_000 }),
            }),
            body: Type.Object({ parameterValues: ParameterValues }),
            querystring: LanguageQuery,
            response: { 200: PageAnswerSchema, 400: ErrorBody, 404: ErrorBody, ...authErrorResponses },
          },
        },
        async (request) => {
          const report = reportForToken(catalogue, request, request.params.reportId);
          const claims = embedClaims(request);
          const run = await ReportRun.open(
            engine,
            report,
            request.body.parameterValues,
            claims.databaseNames,
            request.query.language,
            modelOf(report, request.query.language),
          );
          const { pageNumber } = request.params;
          if (pageNumber > run.pageCount) {
            throw new PaginatedError(
              400,
              'PAGE_OUT_OF_RANGE',
              `Page ${pageNumber} does not exist: the report has ${run.pageCount} page(s) for these parameters.`,
            );
          }
          // The answer's arrays are readonly; the schema's static type wants them mutable.
          // The sheet and the parameter panel in the viewer's language, as the PDF export in that language prints it.
          return localizePage(await run.page(pageNumber), request.query.language) as unknown as Static<
            typeof PageAnswerSchema
          >;
        },
      );
      api.post(
        '/paginated-reports/:reportId/export',
        {
          onRequest: app.requireEmbedToken,
          schema: {
            summary:
              'The whole report as PDF or CSV (streamed, as an attachment); the PDF in `language`, the CSV raw',
            params: ReportParams,
            querystring: LanguageQuery,
            body: Type.Object({
              format: Type.Union([Type.Literal('PDF'), Type.Literal('CSV')]),
              parameterValues: ParameterValues,
            }),
            response: {
              200: {
                content: {
                  'application/pdf': { schema: Type.String() },
                  'text/csv': { schema: Type.String() },
                },
              },
              400: ErrorBody,
              404: ErrorBody,
              ...authErrorResponses,
            },
          },
        },
        async (request, reply) => {
          const report = reportForToken(catalogue, request, request.params.reportId);
          const claims = embedClaims(request);
          const run = await ReportRun.open(
            engine,
            report,
            request.body.parameterValues,
            claims.databaseNames,
            request.query.language,
            modelOf(report, request.query.language),
          );
          const pdf = request.body.format === 'PDF';
          const abort = new AbortController();
          reply.raw.once('close', () => abort.abort());
          void reply
            .header('content-disposition', exportDisposition(report.name, run.name, pdf ? 'pdf' : 'csv'))
            .header('cache-control', 'no-store')
            .header('x-page-count', String(run.pageCount))
            .type(pdf ? 'application/pdf' : 'text/csv; charset=utf-8');
          const body = pdf ? renderPdf(run, { signal: abort.signal }) : Readable.from(csvChunks(run));
          // A stream, which the typed reply (a string body per its schema) does not know Fastify sends as it comes.
          return reply.send(body as unknown as string);
        },
      );
    },
    { prefix: '/frame-api' },
  );
};
