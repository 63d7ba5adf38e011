import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { join } from 'node:path';
import { Type } from 'typebox';
import { bookmarkStateProblem } from '../../content/bookmark-state.ts';
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
      // A state the frame cannot apply would fail the report's load for every viewer sharing it.
      const problem = bookmarkStateProblem(request.body.state);
      if (problem !== undefined) {
        throw new HttpError(400, 'BAD_REQUEST', `state cannot be applied to the report: ${problem}.`);
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
