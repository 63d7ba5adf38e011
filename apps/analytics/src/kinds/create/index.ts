/**
 * The create kind's frame API (`/frame-api/create/*`, embed token with Create permission): the model of a dataset
 * to author on, live queries over it, storing a new report built in the frame, and quick create (a dataset from
 * supplied rows plus its automatic report). See README.md beside this file.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { contentName } from '../../content/content-name.ts';
import { checkDefinition, ReportDefinitionSchema } from '../../content/definition-schema.ts';
import type { Report, ReportDefinition } from '@portico/analytics-model';
import { publicDataset } from '@portico/analytics-model';
import { EngineUnavailableError } from '../../data/engine.ts';
import { HttpError } from '../../http-errors.ts';
import { runVisualQuery } from '../../query/run.ts';
import {
  IssuedToken,
  NewReportResponses,
  QueryAnswerSchema,
  reportMeta,
  VisualQueryFields,
} from '../../routes/frame-api/schemas.ts';
import { authErrorResponses, ErrorBody, Id, LanguageQuery } from '../../schemas.ts';
import { autoReport } from './auto-report.ts';
import { DatasetConfigError, parseDatasetConfig } from './dataset-config.ts';
import { creatorClaims, datasetForCreator, successorToken, targetWorkspace } from './grant.ts';
import {
  buildUserDataset,
  checkStorable,
  createUserTables,
  dropUserTables,
  existingUserTables,
  storedRows,
} from './user-dataset.ts';
import { servicesOf } from '../../services.ts';

/** Error answers of quick create: the common body plus a stable `reason`, the `path` and the SDK's list. */
const ConfigErrorBody = Type.Object({
  message: Type.String(),
  code: Type.String(),
  reason: Type.Optional(Type.String()),
  path: Type.Optional(Type.String()),
  errors: Type.Optional(
    Type.Array(
      Type.Object({
        message: Type.String(),
        path: Type.Optional(Type.String()),
        keyword: Type.Optional(Type.String()),
      }),
    ),
  ),
});

const DatasetAnswer = Type.Object({
  dataset: Type.Unknown({ description: 'The semantic model without physical names' }),
  workspaceId: Type.String(),
});

/** The data's locale of a create configuration already checked by parseDatasetConfig (`de-DE`), if any. */
function datasetLocale(config: unknown): string | undefined {
  const locale = (config as { locale?: unknown } | null)?.locale;
  return typeof locale === 'string' ? locale : undefined;
}

/** How long an unsaved quick-create dataset is kept: as long as the token that made it, at least an hour. */
const MIN_DRAFT_MS = 60 * 60 * 1000;

/** Removes expired quick-create drafts and rebuilds engine tables that are missing (a reloaded fleet file). */
async function reconcileUserDatasets(app: FastifyInstance): Promise<void> {
  const { content, engine, now } = servicesOf(app);
  const files = content.userDatasets();
  if (files.length === 0) return;
  let existing: ReadonlySet<string>;
  try {
    existing = await existingUserTables(engine);
  } catch (error) {
    // An engine that is down at start (ClickHouse) must not keep the service from starting; the tables of a
    // dataset are made again when it is next created.
    if (!(error instanceof EngineUnavailableError)) throw error;
    app.log.warn(
      { drafts: files.length, err: error },
      'quick-create tables not checked: the engine is unavailable',
    );
    return;
  }
  for (const file of files) {
    if (file.expiresAt !== undefined && Date.parse(file.expiresAt) <= now()) {
      await dropUserTables(engine, file.dataset);
      await content.removeUserDataset(file.dataset.id);
      app.log.info({ datasetId: file.dataset.id }, 'expired quick-create draft removed');
    } else if (file.dataset.tables.some((table) => !existing.has(table.source))) {
      await dropUserTables(engine, file.dataset);
      const rows = await content.userDatasetRows(file.dataset.id);
      await createUserTables(engine, file.dataset, file.databaseName, rows ?? {});
      app.log.info({ datasetId: file.dataset.id }, 'quick-create tables rebuilt');
    }
  }
}

const createKindRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { content, config, engine, now } = servicesOf(app);
  await reconcileUserDatasets(app);

  const meta = (report: Report) => reportMeta(config, report);

  app.get(
    '/datasets/:datasetId',
    {
      onRequest: app.requireEmbedToken,
      schema: {
        summary: 'The model of a dataset to create a report on (Create permission)',
        params: Type.Object({ datasetId: Id }),
        response: { 200: DatasetAnswer, 404: ErrorBody, ...authErrorResponses },
      },
    },
    async (request) => {
      const dataset = datasetForCreator(app, request, request.params.datasetId);
      return { dataset: publicDataset(dataset), workspaceId: dataset.workspaceId };
    },
  );

  app.post(
    '/query',
    {
      onRequest: app.requireEmbedToken,
      schema: {
        summary: "Run a draft visual's query on a dataset (Create permission), for the token's accounts only",
        body: Type.Object({ datasetId: Id, query: Type.Object(VisualQueryFields) }),
        response: { 200: QueryAnswerSchema, 400: ErrorBody, 404: ErrorBody, ...authErrorResponses },
      },
    },
    async (request) => {
      const dataset = datasetForCreator(app, request, request.body.datasetId);
      const context = { databaseNames: creatorClaims(request).databaseNames, now: new Date(now()) };
      return runVisualQuery(engine, dataset, request.body.query, context);
    },
  );

  app.post(
    '/reports',
    {
      onRequest: app.requireEmbedToken,
      schema: {
        summary:
          'Store a report built in the frame as a new report in a target workspace (Create permission)',
        body: Type.Object({
          datasetId: Id,
          name: Type.String({ minLength: 1, maxLength: 200 }),
          definition: ReportDefinitionSchema,
          workspaceId: Type.Optional(Id),
        }),
        response: NewReportResponses,
      },
    },
    async (request, reply) => {
      const claims = creatorClaims(request);
      const dataset = datasetForCreator(app, request, request.body.datasetId);
      const workspaceId = targetWorkspace(claims, request.body.workspaceId);
      const checkedName = contentName(request.body.name);
      if ('problem' in checkedName) throw new HttpError(400, 'VALIDATION_ERROR', checkedName.problem);
      const { name } = checkedName;
      const definition = request.body.definition as ReportDefinition;
      checkDefinition(dataset, definition);
      // "Save as keeps both": a quick-create draft dataset is kept once a report over it is stored.
      if (content.userDataset(dataset.id) !== undefined) await content.keepUserDataset(dataset.id);
      const report = await content.createReport(
        { name, workspaceId, datasetId: dataset.id, createdFor: [...claims.databaseNames].sort() },
        definition,
      );
      const accessToken = await successorToken(app, claims, {
        report: { id: report.id, datasetId: report.datasetId, workspaceId: report.workspaceId },
      });
      request.log.info({ reportId: report.id, datasetId: dataset.id, tokenId: claims.jti }, 'report created');
      return reply.code(201).send({ report: meta(report), accessToken });
    },
  );

  app.post(
    '/quick-create',
    {
      onRequest: app.requireEmbedToken,
      bodyLimit: 16 * 1024 * 1024,
      schema: {
        summary:
          'Build a dataset from supplied rows and its automatic report (Create permission); generated names in `language`',
        querystring: LanguageQuery,
        body: Type.Object({
          datasetCreateConfig: Type.Unknown({ description: "The SDK's IDatasetCreateConfig" }),
          workspaceId: Type.Optional(Id),
        }),
        response: {
          201: Type.Object({
            dataset: Type.Unknown(),
            workspaceId: Type.String(),
            definition: Type.Unknown({ description: 'The automatic ReportDefinition' }),
            accessToken: IssuedToken,
          }),
          400: ConfigErrorBody,
          413: ConfigErrorBody,
          ...authErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const claims = creatorClaims(request);
      const workspaceId = targetWorkspace(claims, request.body.workspaceId);
      let tables;
      try {
        tables = parseDatasetConfig(request.body.datasetCreateConfig);
        checkStorable(engine.dialect, tables);
      } catch (error) {
        if (!(error instanceof DatasetConfigError)) throw error;
        return reply.code(error.status === 413 ? 413 : 400).send({
          message: error.message,
          code: error.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_ERROR',
          reason: error.reason,
          ...(error.path === undefined ? {} : { path: error.path }),
          ...(error.errors === undefined ? {} : { errors: [...error.errors] }),
        });
      }
      await reconcileUserDatasets(app);
      // The generated names and titles in the author's language: the frame's, else the data's locale.
      const language = request.query.language ?? datasetLocale(request.body.datasetCreateConfig);
      const dataset = buildUserDataset(tables, { workspaceId, language });
      // Row-level security: the rows belong to the creating token's first account.
      const databaseName = claims.databaseNames[0] as string;
      const rows = storedRows(tables);
      try {
        await createUserTables(engine, dataset, databaseName, rows);
      } catch (error) {
        await dropUserTables(engine, dataset);
        throw error;
      }
      const expiresAt = new Date(Math.max(claims.exp * 1000, now() + MIN_DRAFT_MS)).toISOString();
      await content.addUserDataset(
        { dataset, databaseName, createdAt: new Date(now()).toISOString(), expiresAt },
        rows,
      );
      const accessToken = await successorToken(app, claims, { dataset: { id: dataset.id, workspaceId } });
      request.log.info(
        { datasetId: dataset.id, tables: tables.length, rows: tables.reduce((n, t) => n + t.rows.length, 0) },
        'quick-create dataset built',
      );
      return reply.code(201).send({
        dataset: publicDataset(dataset),
        workspaceId,
        definition: autoReport(dataset, language),
        accessToken,
      });
    },
  );
};

export default createKindRoutes;
