import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Dataset, QueryAnswer } from '@portico/analytics-model';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
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
import { MAX_BATCH_QUERIES, MAX_QUERY_ROWS, MAX_UNDERLYING_ROWS } from '@portico/analytics-model';
import type { QueryBatchLine } from '@portico/analytics-model';
import { HttpError } from '../../http-errors.ts';
import { translateError } from '../../plugins/error-handler.ts';
import { compileUnderlyingQuery } from '../../query/underlying.ts';
import { authErrorResponses, ErrorBody, Id } from '../../schemas.ts';
import { reportForToken } from './access.ts';
import { QueryAnswerSchema, VisualQueryFields } from './schemas.ts';
import { servicesOf } from '../../services.ts';

/** Compiled statements kept for /frame-api/query (2–6 KB each with their key: about 12 MB at most). */
const COMPILED_QUERIES_KEPT = 2000;

/** QueryAnswerSchema as `reply.serializeInput` takes it (Fastify compiles its serializer once per route). */
const ANSWER_SCHEMA = QueryAnswerSchema as unknown as Record<string, unknown>;

const VisualQuerySchema = Type.Object({ datasetId: Type.Optional(Type.String()), ...VisualQueryFields });

/**
 * /frame-api/query, /frame-api/queries and /frame-api/export: a visual's data (or a page's visuals' data), as JSON
 * rows or as CSV, for the token's accounts only.
 */
const frameQueryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { engine, now, results, dataVersion, config } = servicesOf(app);
  const { batchGatherMs } = config;
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

  /** The JSON text of `answer` as the single-query route writes it (the result cache keeps these bytes). */
  const answerText = (reply: FastifyReply, answer: QueryAnswer): string =>
    reply.serializeInput(answer as unknown as Record<string, unknown>, ANSWER_SCHEMA);

  app.post(
    '/queries',
    {
      onRequest: app.requireEmbedToken,
      schema: {
        summary: "Run a page's visual queries in one request",
        description:
          'Each query is checked and row-level secured as POST /frame-api/query checks it. The answer is NDJSON: a line per query once it is answered (in any order; lines answered within ANALYTICS_BATCH_GATHER_MS of each other are written together, and a batch answered within it is one body), `{ index, answer }` or `{ index, error: { status, code, message } }` when that query alone fails (400 INVALID_QUERY, 503 ENGINE_UNAVAILABLE, 500 INTERNAL). A body that breaks the schema (more than 32 queries, a query of the wrong shape) or a report the token does not grant fails the whole batch with a 4xx before any line.',
        body: Type.Object({
          reportId: Id,
          queries: Type.Array(VisualQuerySchema, { minItems: 1, maxItems: MAX_BATCH_QUERIES }),
        }),
        response: {
          200: { content: { 'application/x-ndjson': { schema: Type.String() } } },
          400: ErrorBody,
          404: ErrorBody,
          ...authErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { dataset } = reportForToken(app, request, request.body.reportId);
      const { databaseNames } = embedClaims(request);
      const context = { databaseNames, now: new Date(now()) };
      // Lines are written together: those answered within ANALYTICS_BATCH_GATHER_MS (20 ms) of the first unwritten
      // one go out in one write, and a batch answered within it of its start is one body (a write, and one wake-up of
      // the client, costs both sides more than a line's bytes; README "Many viewers").
      let ready: string[] = [];
      let out: Readable | undefined = undefined;
      let gathering: NodeJS.Timeout | undefined;
      const flush = (): void => {
        gathering = undefined;
        if (out !== undefined && !out.destroyed && ready.length > 0) out.push(ready.join(''));
        ready = [];
      };
      const write = (line: QueryBatchLine | string): void => {
        ready.push(typeof line === 'string' ? line : `${JSON.stringify(line)}\n`);
        if (out !== undefined && gathering === undefined) gathering = setTimeout(flush, batchGatherMs);
      };
      const answerOne = async (
        query: (typeof request.body.queries)[number],
        index: number,
      ): Promise<void> => {
        try {
          const compiled = statements.compile(dataset, query, context, engine.dialect);
          if (!results.enabled) {
            const text = answerText(reply as FastifyReply, await runCompiled(engine, compiled));
            write(`{"index":${index},"answer":${text}}\n`);
            return;
          }
          const { body } = await cached(request, 'query', { dataset, databaseNames, compiled }, async () => {
            const answer = await runCompiled(engine, compiled);
            return {
              body: Buffer.from(answerText(reply as FastifyReply, answer)),
              truncated: answer.truncated,
            };
          });
          write(`{"index":${index},"answer":${body.toString()}}\n`);
        } catch (thrown) {
          const error = thrown instanceof Error ? thrown : new Error(String(thrown));
          const http = error instanceof HttpError ? error : translateError(error);
          if (http === undefined) {
            request.log.error({ err: error, index }, 'a query of a batch failed');
            write({ index, error: { status: 500, code: 'INTERNAL', message: 'Internal server error' } });
          } else {
            write({
              index,
              error: { status: http.statusCode, code: http.code, message: http.message, ...http.extra },
            });
          }
        }
      };
      const answered = Promise.all(request.body.queries.map(answerOne));
      let started: NodeJS.Timeout | undefined;
      const inTime = await Promise.race([
        answered.then(() => true),
        new Promise<false>((resolve) => {
          started = setTimeout(() => resolve(false), batchGatherMs);
        }),
      ]);
      clearTimeout(started);
      const typed = (reply as FastifyReply)
        .type('application/x-ndjson; charset=utf-8')
        .header('cache-control', 'no-store');
      if (inTime) return typed.send(ready.join(''));
      const stream = new Readable({ read: () => undefined });
      out = stream;
      flush();
      void answered.then(() => {
        clearTimeout(gathering);
        flush();
        if (!stream.destroyed) stream.push(null);
      });
      return typed.send(stream);
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
