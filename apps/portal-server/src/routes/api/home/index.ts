import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../../auth/principal.ts';
import { accountsOf } from '../../../db/accounts.ts';
import { loadCatalog, nameIn } from '../../../db/catalog.ts';
import { findUserBySubject } from '../../../db/users.ts';
import { findReportKind } from '../../../documents/index.ts';
import { requireUser } from '../../../plugins/authentication.ts';
import { BadRequestText, CustomerAccount, Language, authErrorResponses } from '../../../schemas.ts';
import { catalogCache } from '../reports/catalog-cache.ts';
import { dataEndDate } from '../reports/report-sizes.ts';
import { grantedReports } from '../../../embed/entitlements.ts';
import { grantsFor } from '../../../db/report-grants.ts';
import { servicesOf } from '../../../services.ts';

/** Reports listed on the home page: the newest in the catalog first. */
const LATEST_REPORTS = 5;

const DateTime = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(
  schema: T,
  options: { description?: string } = {},
) => Type.Union([schema, Type.Null()], options);

const Home = Type.Object({
  user: Type.Object({
    name: Nullable(Type.String()),
    email: Nullable(Type.String()),
    previousVisitAt: Nullable(DateTime),
  }),
  accounts: Type.Array(CustomerAccount),
  reports: Type.Object({
    count: Type.Integer({ description: 'reports in the catalog (none for a caller without an account)' }),
    addedSinceLastVisit: Type.Integer(),
    updatedAt: DateTime,
    updatedSinceLastVisit: Type.Boolean({ description: 'the data behind every report moved on since then' }),
    latest: Type.Array(
      Type.Object({
        name: Type.String(),
        description: Type.String(),
        nodeId: Type.Integer(),
        folder: Type.String(),
        addedAt: DateTime,
        isNew: Type.Boolean({ description: 'added since the last visit' }),
      }),
    ),
  }),
  embeddedReports: Nullable(
    Type.Object({
      available: Type.Boolean({ description: 'false while the analytics service does not answer' }),
      reports: Type.Array(
        Type.Object({ workspaceId: Type.String(), reportId: Type.String(), reportName: Type.String() }),
      ),
    }),
    { description: 'null when embedded reports are switched off' },
  ),
});

/**
 * /api/home: what the signed-in home page shows in one call — the caller's accounts, the newest reports and what
 * changed since the caller's previous visit (the users table's previous_visit_at), and their embedded reports.
 */
const homeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, embedInfoProvider } = servicesOf(app);
  const catalog = catalogCache(() => loadCatalog(database.db));
  app.get(
    '/',
    {
      onRequest: app.requireUserToken,
      schema: {
        summary:
          "The signed-in home page: the caller's accounts, newest reports, embedded reports, news since the last visit",
        querystring: Type.Object({ language: Language }, { additionalProperties: false }),
        response: { 200: Home, 400: BadRequestText, ...authErrorResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const [row, accounts] = await Promise.all([
        findUserBySubject(database.db, user.subject),
        accountsOf(database.db, principalOf(user)),
      ]);
      const previous = row?.previousVisitAt ?? null;
      const isNew = (at: Date | undefined) => previous !== null && at !== undefined && at > previous;
      // Reports are an account's: a caller without one is shown none.
      const entries = accounts.length === 0 ? [] : [...(await catalog()).reportsByPath.values()];
      const reports = entries.flatMap(({ node, names, reports: list }) =>
        list.map((report) => ({ report, node, names })),
      );
      const latest = [...reports]
        .sort((a, b) => (b.report.createdAt?.getTime() ?? 0) - (a.report.createdAt?.getTime() ?? 0))
        .slice(0, LATEST_REPORTS)
        .map(({ report, node, names }) => ({
          name: nameIn(report, request.query.language),
          description: findReportKind(report.kind)?.description(request.query.language) ?? '',
          nodeId: node.id,
          folder: nameIn({ name: node.name, names }, request.query.language),
          addedAt: (report.createdAt ?? new Date(0)).toISOString(),
          isNew: isNew(report.createdAt),
        }));
      const updatedAt = new Date(Date.parse(`${dataEndDate(new Date())}T00:00:00Z`) + 86_400_000);
      const caller = { databaseNames: accounts.map((a) => a.databaseName), groups: user.groups };
      let embeddedReports = null;
      if (embedInfoProvider !== undefined) {
        embeddedReports =
          accounts.length === 0
            ? { available: true, reports: [] }
            : await Promise.all([
                embedInfoProvider.listReports(request.query.language),
                grantsFor(database.db, caller.databaseNames, caller.groups),
              ]).then(
                // The reports this caller may open, as the embedded-reports page lists them (entitlements).
                ([list, grants]) => ({ available: true, reports: grantedReports(list, caller, grants) }),
                (error: unknown) => {
                  request.log.warn({ err: error }, 'embedded reports unavailable for the home page');
                  return { available: false, reports: [] };
                },
              );
      }
      return {
        user: {
          name: row?.name ?? user.name,
          email: row?.email ?? user.email,
          previousVisitAt: previous?.toISOString() ?? null,
        },
        accounts,
        reports: {
          count: reports.length,
          addedSinceLastVisit: reports.filter(({ report }) => isNew(report.createdAt)).length,
          updatedAt: updatedAt.toISOString(),
          updatedSinceLastVisit: reports.length > 0 && previous !== null && updatedAt > previous,
          latest,
        },
        embeddedReports,
      };
    },
  );
};

export default homeRoutes;
