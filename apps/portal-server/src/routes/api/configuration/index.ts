import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { SUPPORTED_LANGUAGES } from '../../../config.ts';
import { servicesOf } from '../../../services.ts';

const ClientConfiguration = Type.Object({
  clientId: Type.String(),
  authority: Type.String(),
  apiScope: Type.String(),
  is64Bit: Type.Boolean(),
  includeReports: Type.Boolean(),
  clientLanguage: Type.String(),
  showWelcomeMessage: Type.Boolean(),
  welcomeMessage: Type.Array(Type.String(), {
    description: 'the welcome paragraphs of every language without its own in welcomeMessages',
  }),
  welcomeMessages: Type.Object(
    Object.fromEntries(
      SUPPORTED_LANGUAGES.map((language) => [language, Type.Optional(Type.Array(Type.String()))]),
    ),
    {
      additionalProperties: false,
      description:
        'the welcome paragraphs of each UI language that has its own (PORTAL_WELCOME_MESSAGE_DE, …)',
    },
  ),
  version: Type.String(),
  schema: Type.String(),
  maximumIdleTimeoutForLockoutInSeconds: Type.Integer(),
  maximumIdleTimeoutForTerminationInSeconds: Type.Integer(),
  enableEmbeddedPowerBi: Type.Boolean(),
  vendorName: Type.String(),
  vendorUrl: Type.String(),
});

/** /api/configuration: what the SPA needs before anyone signs in (spec §3, §7). */
const configurationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { oidc, client } = servicesOf(app).config;
  const body = {
    clientId: oidc.clientId,
    authority: oidc.authority,
    apiScope: oidc.apiScope,
    is64Bit: client.is64Bit,
    includeReports: client.includeReports,
    clientLanguage: client.clientLanguage,
    showWelcomeMessage: client.showWelcomeMessage,
    welcomeMessage: [...client.welcomeMessage],
    welcomeMessages: Object.fromEntries(
      Object.entries(client.welcomeMessages).map(([language, paragraphs]) => [language, [...paragraphs]]),
    ),
    version: client.version,
    schema: client.schema,
    maximumIdleTimeoutForLockoutInSeconds: client.idleLockoutSeconds,
    maximumIdleTimeoutForTerminationInSeconds: client.idleTerminationSeconds,
    enableEmbeddedPowerBi: client.enableEmbeddedPowerBi,
    vendorName: client.vendorName,
    vendorUrl: client.vendorUrl,
  };

  app.get(
    '/clientConfiguration',
    { schema: { response: { 200: ClientConfiguration } } },
    async (_request, reply) => {
      // Always fresh: a restart with new settings must show on the next page load.
      reply.header('cache-control', 'no-cache');
      return body;
    },
  );
};

export default configurationRoutes;
