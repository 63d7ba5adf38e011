import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { findUserBySubject } from '../../../db/users.ts';
import { HttpError } from '../../../http-errors.ts';
import { requireUser } from '../../../plugins/authentication.ts';
import { ErrorBody, authErrorResponses } from '../../../schemas.ts';
import { servicesOf } from '../../../services.ts';

const Me = Type.Object({
  subject: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  firstSeenAt: Type.String({ format: 'date-time' }),
  lastSeenAt: Type.String({ format: 'date-time' }),
});

/** /api/users: the signed-in caller as the portal knows them. */
const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/me',
    {
      onRequest: app.requireUserToken,
      schema: { response: { 200: Me, 404: ErrorBody, ...authErrorResponses } },
    },
    async (request) => {
      const { subject } = requireUser(request);
      const row = await findUserBySubject(servicesOf(app).database.db, subject);
      if (row === undefined)
        throw new HttpError(404, 'NOT_FOUND', 'The signed-in user has not been recorded yet.');
      return {
        subject: row.subject,
        name: row.name,
        email: row.email,
        firstSeenAt: row.firstSeenAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
      };
    },
  );
};

export default usersRoutes;
