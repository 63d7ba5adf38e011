import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../../auth/principal.ts';
import { accountsOf } from '../../../db/accounts.ts';
import { requireUser } from '../../../plugins/authentication.ts';
import { CustomerAccount, authErrorResponses } from '../../../schemas.ts';
import { servicesOf } from '../../../services.ts';

/** /api/customers: the customer accounts the caller belongs to, by subject, email or group. */
const customersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/customerAccounts',
    {
      onRequest: app.requireUserToken,
      schema: {
        summary: "The caller's customer accounts",
        response: { 200: Type.Array(CustomerAccount), ...authErrorResponses },
      },
    },
    async (request) => accountsOf(servicesOf(app).database.db, principalOf(requireUser(request))),
  );
};

export default customersRoutes;
