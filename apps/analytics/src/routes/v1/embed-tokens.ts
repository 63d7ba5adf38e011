import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Permissions } from '@portico/models';
import { Type } from 'typebox';
import { namesContent } from '../../auth/tokens.ts';
import { exactOrigin } from '../../config.ts';
import { HttpError } from '../../http-errors.ts';
import { authErrorResponses, ErrorBody, Id } from '../../schemas.ts';
import { servicesOf } from '../../services.ts';

/** The access levels a caller may name instead of models' Permissions flags. */
const ACCESS_LEVELS: Readonly<Record<string, number>> = {
  View: Permissions.Read,
  Edit: Permissions.ReadWrite | Permissions.Copy,
  Create: Permissions.Create,
};

const ItemList = (what: string) =>
  Type.Optional(Type.Array(Type.Object({ id: Id }), { maxItems: 20, description: what }));

const EmbedTokenRequest = Type.Object({
  reports: ItemList('Reports to view or edit'),
  datasets: ItemList('Datasets for Q&A and report creation'),
  dashboards: ItemList('Dashboards (and their tiles)'),
  paginatedReports: ItemList('Paginated reports'),
  targetWorkspaces: ItemList(
    'Workspaces that create and quick-create may store new content in (save-as keeps a copy beside its original)',
  ),
  permissions: Type.Union([
    Type.Integer({
      minimum: 0,
      maximum: 7,
      description: "models' Permissions flags: Read 0, ReadWrite 1, Copy 2, Create 4, All 7",
    }),
    Type.Union([Type.Literal('View'), Type.Literal('Edit'), Type.Literal('Create')], {
      description: 'View = Read, Edit = ReadWrite | Copy, Create = Create',
    }),
  ]),
  identities: Type.Array(
    Type.Object({
      databaseNames: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
        minItems: 1,
        maxItems: 100,
      }),
      username: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 256,
          description: 'Who views (one per token): persistent filters are kept per viewer',
        }),
      ),
    }),
    {
      minItems: 1,
      maxItems: 10,
      description: 'Row-level security: the viewer sees the rows of the union of these databaseNames',
    },
  ),
  allowedOrigins: Type.Array(Type.String({ maxLength: 300 }), { minItems: 1, maxItems: 10 }),
  lifetimeMinutes: Type.Optional(
    Type.Integer({ minimum: 1, description: 'Default and maximum: ANALYTICS_EMBED_TOKEN_MAX_MINUTES' }),
  ),
});

const EmbedToken = Type.Object({
  token: Type.String(),
  tokenId: Type.String(),
  expiration: Type.String({ format: 'date-time' }),
});

/** Unique ids of a request list, each resolved by `find`; the first unknown one is a 404 naming it. */
function resolve<T>(
  list: readonly { id: string }[] | undefined,
  what: string,
  find: (id: string) => T | undefined,
): T[] {
  return [...new Set((list ?? []).map((item) => item.id))].map((id) => {
    const found = find(id);
    if (found === undefined) throw new HttpError(404, 'NOT_FOUND', `No ${what} '${id}'.`);
    return found;
  });
}

/**
 * POST /v1/embed-tokens: a short-lived token for the frame, naming content (reports, datasets, dashboards, paginated
 * reports, target workspaces; at least one), permissions, RLS and host origins.
 */
const embedTokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { content, directory, config, tokens, accounts } = servicesOf(app);

  app.post(
    '/embed-tokens',
    {
      onRequest: app.requireApiToken,
      schema: {
        summary: 'Generate an embed token',
        tags: ['embedding'],
        body: EmbedTokenRequest,
        response: { 200: EmbedToken, 400: ErrorBody, 404: ErrorBody, ...authErrorResponses },
      },
    },
    async (request) => {
      const body = request.body;
      const reports = resolve(body.reports, 'report', (id) => {
        const report = content.report(id);
        return report && { id: report.id, datasetId: report.datasetId, workspaceId: report.workspaceId };
      });
      const datasets = resolve(body.datasets, 'dataset', (id) => {
        const dataset = content.dataset(id);
        return dataset && { id: dataset.id, workspaceId: dataset.workspaceId };
      });
      const dashboards = resolve(body.dashboards, 'dashboard', (id) => directory.find('dashboard', id));
      const paginatedReports = resolve(body.paginatedReports, 'paginated report', (id) =>
        directory.find('paginatedReport', id),
      );
      const targetWorkspaces = resolve(
        body.targetWorkspaces,
        'workspace',
        (id) => content.workspaces().find((workspace) => workspace.id === id)?.id,
      );
      const grant = { reports, datasets, dashboards, paginatedReports, targetWorkspaces };
      if (!namesContent(grant)) {
        throw new HttpError(
          400,
          'BAD_REQUEST',
          'Name at least one report, dataset, dashboard, paginated report or target workspace.',
        );
      }
      const permissions =
        typeof body.permissions === 'number' ? body.permissions : (ACCESS_LEVELS[body.permissions] ?? 0);
      const databaseNames = [...new Set(body.identities.flatMap((identity) => identity.databaseNames))];
      const unknown = databaseNames.filter((name) => !accounts.has(name));
      if (unknown.length > 0) {
        throw new HttpError(400, 'BAD_REQUEST', `Unknown databaseNames: ${unknown.slice(0, 10).join(', ')}.`);
      }
      const usernames = [...new Set(body.identities.flatMap((identity) => identity.username ?? []))];
      if (usernames.length > 1) {
        throw new HttpError(
          400,
          'BAD_REQUEST',
          'identities name more than one username: a token is for one viewer.',
        );
      }
      const viewer = usernames[0];
      const origins = body.allowedOrigins.map((origin) => {
        let exact: string;
        try {
          exact = exactOrigin(origin);
        } catch (error) {
          throw new HttpError(400, 'BAD_REQUEST', `allowedOrigins: ${(error as Error).message}.`);
        }
        if (!config.embedOrigins.includes(exact)) {
          throw new HttpError(
            400,
            'BAD_REQUEST',
            `allowedOrigins: ${exact} may not frame this service (ANALYTICS_EMBED_ORIGINS).`,
          );
        }
        return exact;
      });
      const minutes = body.lifetimeMinutes ?? config.embedTokenMaxMinutes;
      if (minutes > config.embedTokenMaxMinutes) {
        throw new HttpError(
          400,
          'BAD_REQUEST',
          `lifetimeMinutes may be at most ${config.embedTokenMaxMinutes}.`,
        );
      }
      const issued = await tokens.issueEmbedToken(
        request.apiClient ?? config.clientId,
        {
          ...grant,
          permissions,
          databaseNames,
          ...(viewer === undefined ? {} : { viewer }),
          origins: [...new Set(origins)],
        },
        minutes,
      );
      request.log.info(
        {
          tokenId: issued.tokenId,
          reports: reports.map((r) => r.id),
          datasets: datasets.map((d) => d.id),
          dashboards: dashboards.map((d) => d.id),
          paginatedReports: paginatedReports.map((p) => p.id),
          targetWorkspaces,
          databaseNames,
          permissions,
        },
        'embed token issued',
      );
      return { token: issued.token, tokenId: issued.tokenId, expiration: issued.expiresAt.toISOString() };
    },
  );
};

export default embedTokenRoutes;
