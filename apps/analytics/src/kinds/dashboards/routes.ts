/**
 * Dashboards in the service: the store (opened here, in `${dataDir}/analytics/dashboards`), the directory lookup the
 * embed-token route resolves `dashboards: [{ id }]` through, the portal's /v1 listing, and the frame's /frame-api
 * calls — the dashboard with its tiles resolved, and each tile's data, run through the query layer with the token's
 * row-level security.
 */
import { join } from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { HttpError } from '../../http-errors.ts';
import { embedClaims } from '../../plugins/authentication.ts';
import { runVisualQuery } from '../../query/run.ts';
import { QueryAnswerSchema } from '../../routes/frame-api/schemas.ts';
import { authErrorResponses, ErrorBody, Id, LanguageQuery } from '../../schemas.ts';
import { localizeDashboard } from './captions.ts';
import { DashboardStore } from './store.ts';
import { dashboardEmbedUrl, resolveDashboard, tileEmbedUrl, tileSource, TileSourceMissing } from './tiles.ts';
import type { Dashboard, DashboardTile } from '@portico/analytics-model';
import { relabelAnswer } from '@portico/analytics-model';
import { servicesOf } from '../../services.ts';

const DashboardSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  workspaceId: Type.String(),
  embedUrl: Type.String({ description: 'The frame page to embed: /dashboardEmbed?dashboardId=…&groupId=…' }),
  tileCount: Type.Integer(),
  updatedAt: Type.String({ format: 'date-time' }),
});

const TileSummary = Type.Object({
  id: Type.String(),
  title: Type.String(),
  kind: Type.Union([Type.Literal('visual'), Type.Literal('card'), Type.Literal('text')]),
  reportId: Type.Optional(Type.String()),
  pageName: Type.Optional(Type.String()),
  visualName: Type.Optional(Type.String()),
  row: Type.Integer(),
  col: Type.Integer(),
  rowSpan: Type.Integer(),
  colSpan: Type.Integer(),
  embedUrl: Type.String({
    description: 'The frame page of this one tile: /tileEmbed?dashboardId=…&tileId=…&groupId=…',
  }),
});

const WorkspaceParams = Type.Object({ workspaceId: Id });
const DashboardParams = Type.Object({ workspaceId: Id, dashboardId: Id });
const FrameDashboardParams = Type.Object({ dashboardId: Id });
const FrameTileParams = Type.Object({ dashboardId: Id, tileId: Id });

/** The portal's calls: /v1/workspaces/:workspaceId/dashboards… (API access token). */
function v1Routes(store: DashboardStore): FastifyPluginAsyncTypebox {
  return async (app) => {
    const { content, config } = servicesOf(app);
    const summary = (d: Dashboard) => ({
      id: d.id,
      name: d.name,
      workspaceId: d.workspaceId,
      embedUrl: dashboardEmbedUrl(config, d),
      tileCount: d.definition.tiles.length,
      updatedAt: d.updatedAt,
    });
    const dashboardIn = (workspaceId: string, dashboardId: string): Dashboard => {
      if (content.workspace(workspaceId) === undefined)
        throw new HttpError(404, 'NOT_FOUND', `No workspace '${workspaceId}'.`);
      const dashboard = store.get(dashboardId);
      if (dashboard === undefined || dashboard.workspaceId !== workspaceId)
        throw new HttpError(404, 'NOT_FOUND', `No dashboard '${dashboardId}' in workspace '${workspaceId}'.`);
      return dashboard;
    };

    app.get(
      '/workspaces/:workspaceId/dashboards',
      {
        onRequest: app.requireApiToken,
        schema: {
          summary: "List a workspace's dashboards",
          tags: ['content'],
          params: WorkspaceParams,
          response: {
            200: Type.Object({ value: Type.Array(DashboardSummary) }),
            404: ErrorBody,
            ...authErrorResponses,
          },
        },
      },
      async (request) => {
        const { workspaceId } = request.params;
        if (content.workspace(workspaceId) === undefined)
          throw new HttpError(404, 'NOT_FOUND', `No workspace '${workspaceId}'.`);
        return { value: store.list(workspaceId).map(summary) };
      },
    );

    app.get(
      '/workspaces/:workspaceId/dashboards/:dashboardId',
      {
        onRequest: app.requireApiToken,
        schema: {
          summary: 'Get a dashboard with its embedUrl',
          tags: ['content'],
          params: DashboardParams,
          response: { 200: DashboardSummary, 404: ErrorBody, ...authErrorResponses },
        },
      },
      async (request) => summary(dashboardIn(request.params.workspaceId, request.params.dashboardId)),
    );

    app.get(
      '/workspaces/:workspaceId/dashboards/:dashboardId/tiles',
      {
        onRequest: app.requireApiToken,
        schema: {
          summary: "List a dashboard's tiles, each with the embedUrl of a tile embed",
          tags: ['content'],
          params: DashboardParams,
          response: {
            200: Type.Object({ value: Type.Array(TileSummary) }),
            404: ErrorBody,
            ...authErrorResponses,
          },
        },
      },
      async (request) => {
        const dashboard = dashboardIn(request.params.workspaceId, request.params.dashboardId);
        return {
          value: dashboard.definition.tiles.map((tile) => ({
            id: tile.id,
            title: tile.title,
            kind: tile.kind,
            ...(tile.kind === 'text' ? {} : { reportId: tile.reportId }),
            ...(tile.kind === 'text' || tile.pageName === undefined ? {} : { pageName: tile.pageName }),
            ...(tile.kind === 'visual' ? { visualName: tile.visualName } : {}),
            row: tile.row,
            col: tile.col,
            rowSpan: tile.rowSpan,
            colSpan: tile.colSpan,
            embedUrl: tileEmbedUrl(config, dashboard, tile.id),
          })),
        };
      },
    );
  };
}

/** The content store's workspace lookup (the loaded models folder's workspaces). */
type LoadedWorkspaces = { workspace(id: string): unknown };

/**
 * A dashboard as the service serves it: undefined when there is none, and when its workspace is not loaded. The
 * sample dashboards are in the store whatever the models folder holds, but they read the print-fleet model's
 * reports: while another folder is loaded they do not exist for the embed-token route or the frame (checked on every
 * lookup, because the folder reloads), as they are not listed.
 */
function servedDashboard(
  store: DashboardStore,
  content: LoadedWorkspaces,
  id: string,
): Dashboard | undefined {
  const dashboard = store.get(id);
  return dashboard !== undefined && content.workspace(dashboard.workspaceId) !== undefined
    ? dashboard
    : undefined;
}

/**
 * The dashboard a frame-api call names, if the caller's embed token names it: 403 when the token does not, 404 when
 * it names one that no longer exists (or whose workspace's model is no longer loaded). A dashboard grant covers its
 * tiles, whichever reports they were pinned from.
 */
function dashboardForToken(
  store: DashboardStore,
  content: LoadedWorkspaces,
  request: FastifyRequest,
  dashboardId: string,
): Dashboard {
  const claims = embedClaims(request);
  if (!(claims.dashboards ?? []).some((d) => d.id === dashboardId)) {
    throw new HttpError(403, 'FORBIDDEN', 'The embed token does not grant access to this dashboard.');
  }
  const dashboard = servedDashboard(store, content, dashboardId);
  if (dashboard === undefined) throw new HttpError(404, 'NOT_FOUND', `No dashboard '${dashboardId}'.`);
  return dashboard;
}

function tileOf(dashboard: Dashboard, tileId: string): DashboardTile {
  const tile = dashboard.definition.tiles.find((t) => t.id === tileId);
  if (tile === undefined)
    throw new HttpError(404, 'NOT_FOUND', `No tile '${tileId}' on dashboard '${dashboard.name}'.`);
  return tile;
}

/** The frame's calls: /frame-api/dashboards… (embed token). */
function frameRoutes(store: DashboardStore): FastifyPluginAsyncTypebox {
  return async (app) => {
    const { content, config, engine, now } = servicesOf(app);

    app.get(
      '/dashboards/:dashboardId',
      {
        onRequest: app.requireEmbedToken,
        schema: {
          summary:
            'A dashboard with every tile resolved: what it shows and the report a click opens; captions in `language`',
          params: FrameDashboardParams,
          querystring: LanguageQuery,
          response: {
            200: Type.Object({ dashboard: Type.Unknown({ description: 'The ResolvedDashboard' }) }),
            400: ErrorBody,
            404: ErrorBody,
            ...authErrorResponses,
          },
        },
      },
      async (request) => ({
        dashboard: localizeDashboard(
          resolveDashboard(
            content,
            config,
            dashboardForToken(store, content, request, request.params.dashboardId),
            request.query.language,
          ),
          request.query.language,
        ),
      }),
    );

    app.get(
      '/dashboards/:dashboardId/tiles/:tileId/data',
      {
        onRequest: app.requireEmbedToken,
        schema: {
          summary:
            "A tile's data: its pinned visual's query, for the token's accounts only; field names in `language`",
          params: FrameTileParams,
          querystring: LanguageQuery,
          response: { 200: QueryAnswerSchema, 400: ErrorBody, 404: ErrorBody, ...authErrorResponses },
        },
      },
      async (request) => {
        const dashboard = dashboardForToken(store, content, request, request.params.dashboardId);
        const tile = tileOf(dashboard, request.params.tileId);
        if (tile.kind === 'text')
          throw new HttpError(400, 'BAD_REQUEST', `Tile '${tile.id}' is text: it has no data.`);
        let source: ReturnType<typeof tileSource>;
        try {
          source = tileSource(content, tile);
        } catch (error) {
          if (error instanceof TileSourceMissing) throw new HttpError(404, 'NOT_FOUND', error.message);
          throw error;
        }
        const context = { databaseNames: embedClaims(request).databaseNames, now: new Date(now()) };
        const answer = await runVisualQuery(engine, source.dataset, source.query, context);
        return relabelAnswer(answer, content.localizedDataset(source.dataset, request.query.language));
      },
    );
  };
}

/**
 * Opens the dashboard store, makes dashboards known to the embed-token route, and registers the /v1 and /frame-api
 * routes. Registered once, without a prefix, from routes/index.ts.
 */
export default async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const store = await DashboardStore.open(join(servicesOf(app).config.dataDir, 'analytics', 'dashboards'));
  for (const { file, problem } of store.problems) app.log.warn({ file, problem }, 'dashboard not served');
  servicesOf(app).directory.register('dashboard', (id) => {
    const dashboard = servedDashboard(store, servicesOf(app).content, id);
    return dashboard && { id: dashboard.id, workspaceId: dashboard.workspaceId };
  });
  await app.register(v1Routes(store), { prefix: '/v1' });
  await app.register(frameRoutes(store), { prefix: '/frame-api' });
}
