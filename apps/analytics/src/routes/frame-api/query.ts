import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ExportDataType } from '@portico/models';
import { Type } from 'typebox';
import { embedClaims } from '../../plugins/authentication.ts';
import { compileVisualQuery } from '../../query/compile.ts';
import { toCsv } from '../../query/csv.ts';
import { runCompiled, runVisualQuery } from '../../query/run.ts';
import { MAX_QUERY_ROWS, MAX_UNDERLYING_ROWS } from '@portico/analytics-model';
import { compileUnderlyingQuery } from '../../query/underlying.ts';
import { authErrorResponses, ErrorBody, Id } from '../../schemas.ts';
import { reportForToken } from './access.ts';
import { QueryAnswerSchema, VisualQueryFields } from './schemas.ts';
import { servicesOf } from '../../services.ts';

const VisualQuerySchema = Type.Object({ datasetId: Type.Optional(Type.String()), ...VisualQueryFields });

/** /frame-api/query and /frame-api/export: a visual's data, as JSON rows or as CSV, for the token's accounts only. */
const frameQueryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { engine, now } = servicesOf(app);

  app.post(
    '/query',
    {
      onRequest: app.requireEmbedToken,
      schema: {
        summary: "Run a visual's query",
        body: Type.Object({ reportId: Id, query: VisualQuerySchema }),
        response: { 200: QueryAnswerSchema, 400: ErrorBody, 404: ErrorBody, ...authErrorResponses },
      },
    },
    async (request) => {
      const { dataset } = reportForToken(app, request, request.body.reportId);
      const context = { databaseNames: embedClaims(request).databaseNames, now: new Date(now()) };
      return runVisualQuery(engine, dataset, request.body.query, context);
    },
  );

  app.post(
    '/export',
    {
      onRequest: app.requireEmbedToken,
      schema: {
        summary: "Export a visual's data as CSV (summarized or underlying)",
        body: Type.Object({
          reportId: Id,
          query: VisualQuerySchema,
          exportDataType: Type.Optional(
            Type.Union([Type.Literal(ExportDataType.Summarized), Type.Literal(ExportDataType.Underlying)]),
          ),
          rows: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_UNDERLYING_ROWS })),
        }),
        response: {
          200: { content: { 'text/csv': { schema: Type.String() } } },
          400: ErrorBody,
          404: ErrorBody,
          ...authErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { report, dataset } = reportForToken(app, request, request.body.reportId);
      const context = { databaseNames: embedClaims(request).databaseNames, now: new Date(now()) };
      const underlying = request.body.exportDataType === ExportDataType.Underlying;
      const compiled = underlying
        ? compileUnderlyingQuery(
            dataset,
            request.body.query,
            context,
            request.body.rows ?? MAX_UNDERLYING_ROWS,
            engine.dialect,
          )
        : compileVisualQuery(
            dataset,
            { ...request.body.query, top: Math.min(request.body.rows ?? MAX_QUERY_ROWS, MAX_QUERY_ROWS) },
            context,
            engine.dialect,
          );
      const answer = await runCompiled(engine, compiled);
      const filename = `${report.name.replace(/[^A-Za-z0-9 ._-]/g, '_')}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('x-export-truncated', String(answer.truncated))
        .header('cache-control', 'no-store')
        .send(toCsv(answer));
    },
  );
};

export default frameQueryRoutes;
