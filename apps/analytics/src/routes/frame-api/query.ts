import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Dataset } from '@portico/analytics-model';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ExportDataType } from '@portico/models';
import { Type } from 'typebox';
import { embedClaims } from '../../plugins/authentication.ts';
import { compileVisualQuery } from '../../query/compile.ts';
import { CompileCache } from '../../query/compile-cache.ts';
import type { CompiledQuery } from '../../query/compile.ts';
import { toCsv } from '../../query/csv.ts';
import { modelVersion, resultKey } from '../../query/result-cache.ts';
import type { CachedResult, CacheOutcome } from '../../query/result-cache.ts';
import { runCompiled } from '../../query/run.ts';
import { MAX_QUERY_ROWS, MAX_UNDERLYING_ROWS } from '@portico/analytics-model';
import { compileUnderlyingQuery } from '../../query/underlying.ts';
import { authErrorResponses, ErrorBody, Id } from '../../schemas.ts';
import { reportForToken } from './access.ts';
import { QueryAnswerSchema, VisualQueryFields } from './schemas.ts';
import { servicesOf } from '../../services.ts';

/** Compiled statements kept for /frame-api/query (2–6 KB each with their key: about 12 MB at most). */
const COMPILED_QUERIES_KEPT = 2000;

const VisualQuerySchema = Type.Object({ datasetId: Type.Optional(Type.String()), ...VisualQueryFields });

/** /frame-api/query and /frame-api/export: a visual's data, as JSON rows or as CSV, for the token's accounts only. */
const frameQueryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { engine, now, results, dataVersion } = servicesOf(app);
  /** The statements of the queries viewers ask (per model, identity and query; see compile-cache.ts). */
  const statements = new CompileCache(COMPILED_QUERIES_KEPT);
  /**
   * The JSON bodies of these routes as received: the compile cache's key for the query they hold. Parsed by Fastify's
   * own JSON parser, with its prototype-poisoning checks as the app configures them.
   */
  const bodies = new WeakMap<FastifyRequest, string>();
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    bodies.set(request, body as string);
    parseJson(request, body as string, done);
  });

  /**
   * `compute()`'s answer, or the result cache's for the same model and data version, identity and statement (when
   * the cache is on). Logs the outcome and the cache's counters at debug.
   */
  async function cached(
    request: FastifyRequest,
    kind: string,
    parts: { dataset: Dataset; databaseNames: readonly string[]; compiled: CompiledQuery },
    compute: () => Promise<CachedResult>,
  ): Promise<CachedResult> {
    if (!results.enabled) return compute();
    const data = await dataVersion();
    const key = resultKey({ kind, modelVersion: modelVersion(parts.dataset), dataVersion: data, ...parts });
    const { result, outcome }: { result: CachedResult; outcome: CacheOutcome } = await results.get(
      key,
      data,
      compute,
    );
    request.log.debug({ cache: outcome, ...results.stats() }, `query result cache ${outcome}`);
    return result;
  }

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
    async (request, reply) => {
      const { dataset } = reportForToken(app, request, request.body.reportId);
      const { databaseNames } = embedClaims(request);
      const context = { databaseNames, now: new Date(now()) };
      // The body text decides the query entirely (the same text parses to the same query every time).
      const source = bodies.get(request);
      const compiled = statements.compile(dataset, request.body.query, context, engine.dialect, source);
      if (!results.enabled) return runCompiled(engine, compiled);
      // Kept as the bytes sent: a hit costs neither the engine nor serialisation.
      const { body } = await cached(request, 'query', { dataset, databaseNames, compiled }, async () => {
        const answer = await runCompiled(engine, compiled);
        const text = reply.serialize(answer);
        return {
          body: Buffer.from(typeof text === 'string' ? text : new Uint8Array(text)),
          truncated: answer.truncated,
        };
      });
      // The typed reply takes the schema's object; the bytes are that object serialised by the same schema.
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
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
      const { databaseNames } = embedClaims(request);
      const context = { databaseNames, now: new Date(now()) };
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
      const kind = underlying ? 'export-underlying' : 'export-summarized';
      const answer = await cached(request, kind, { dataset, databaseNames, compiled }, async () => {
        const rows = await runCompiled(engine, compiled);
        return { body: Buffer.from(toCsv(rows)), truncated: rows.truncated };
      });
      const filename = `${report.name.replace(/[^A-Za-z0-9 ._-]/g, '_')}.csv`;
      return (reply as FastifyReply)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('x-export-truncated', String(answer.truncated))
        .header('cache-control', 'no-store')
        .send(answer.body);
    },
  );
};

export default frameQueryRoutes;
