import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { join } from 'node:path';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { decodeBookmarkState } from '@portico/analytics-model';
import { UserStateStore } from '../../content/user-state.ts';
import type { UserStateKey } from '../../content/user-state.ts';
import { HttpError } from '../../http-errors.ts';
import { embedClaims } from '../../plugins/authentication.ts';
import { authErrorResponses, ErrorBody, Id } from '../../schemas.ts';
import { reportForToken } from './access.ts';
import { servicesOf } from '../../services.ts';

const ReportParams = Type.Object({ reportId: Id });
const UserState = Type.Object({
  state: Type.Union([Type.String(), Type.Null()], { description: 'The saved state string; null when none' }),
  savedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
/** A state string of the frame's bookmark format, filters only; 64 KiB is hundreds of filters. */
const PutBody = Type.Object({ state: Type.String({ minLength: 1, maxLength: 65_536 }) });

/**
 * What a decoded state must hold for the frame to apply it (`bookmark-state.ts`): a state whose parts are of other
 * shapes (`pageFilters: { overview: 5 }`) throws in the frame while it loads the report, and every viewer sharing
 * the state (all of an account's viewers when the host names none) would get a report that no longer opens.
 */
const Filters = Type.Array(Type.Object({}, { additionalProperties: true }));
const StoredState = Type.Object({
  version: Type.Literal(1),
  activePage: Type.Optional(Type.String()),
  reportFilters: Type.Optional(Filters),
  pageFilters: Type.Optional(Type.Record(Type.String(), Filters)),
  visualFilters: Type.Optional(Type.Record(Type.String(), Type.Record(Type.String(), Filters))),
  hiddenVisuals: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
});

/**
 * /frame-api/reports/:reportId/user-state: the viewer's persistent filters on a report (get, save, reset). Any
 * permission may keep its own filters; the viewer is the token's subject (and `viewer`, when the host named one)
 * and row-level-security identity.
 */
const userStateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const states = await UserStateStore.open(
    join(servicesOf(app).config.dataDir, 'analytics', 'user-state'),
    servicesOf(app).now,
  );
  const keyOf = (request: FastifyRequest, reportId: string): UserStateKey => {
    const { report } = reportForToken(app, request, reportId);
    const claims = embedClaims(request);
    // The client that asked for the token, and the viewer it named when it named one.
    const subject = claims.viewer === undefined ? claims.sub : `${claims.sub}\u0001${claims.viewer}`;
    return { subject, databaseNames: claims.databaseNames, reportId: report.id };
  };
  const response = { 200: UserState, 400: ErrorBody, 404: ErrorBody, ...authErrorResponses };
  const schema = (summary: string) => ({ summary, params: ReportParams, response });

  app.get(
    '/reports/:reportId/user-state',
    { onRequest: app.requireEmbedToken, schema: schema("The viewer's saved filters on the report") },
    async (request) => {
      const saved = await states.get(keyOf(request, request.params.reportId));
      return { state: saved?.state ?? null, savedAt: saved?.savedAt ?? null };
    },
  );

  app.put(
    '/reports/:reportId/user-state',
    {
      onRequest: app.requireEmbedToken,
      schema: {
        summary: "Save the viewer's filters on the report",
        params: ReportParams,
        body: PutBody,
        response,
      },
    },
    async (request) => {
      const key = keyOf(request, request.params.reportId);
      if (!Value.Check(StoredState, decodeBookmarkState(request.body.state))) {
        throw new HttpError(400, 'BAD_REQUEST', 'state is not a state string of this service.');
      }
      const saved = await states.put(key, request.body.state);
      request.log.info({ reportId: key.reportId, tokenId: embedClaims(request).jti }, 'user state saved');
      return saved;
    },
  );

  app.delete(
    '/reports/:reportId/user-state',
    { onRequest: app.requireEmbedToken, schema: schema("Forget the viewer's saved filters on the report") },
    async (request) => {
      await states.delete(keyOf(request, request.params.reportId));
      return { state: null, savedAt: null };
    },
  );
};

export default userStateRoutes;
