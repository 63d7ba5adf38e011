import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

const PING_TIMEOUT_MS = 2000;

const Live = Type.Object({ status: Type.Literal('ok') });
const Ready = Type.Object({ status: Type.Literal('ready') });
const Unavailable = Type.Object({
  status: Type.Literal('unavailable'),
  code: Type.Literal('ENGINE_UNAVAILABLE'),
});

/** Probes for orchestrators: /healthz (the process answers) and /readyz (DuckDB answers a query). */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/healthz', { logLevel: 'warn', schema: { response: { 200: Live } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });

  app.get(
    '/readyz',
    { logLevel: 'warn', schema: { response: { 200: Ready, 503: Unavailable } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          app.services.engine.ping(),
          new Promise((_resolve, reject) => {
            timer = setTimeout(
              () => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)),
              PING_TIMEOUT_MS,
            );
          }),
        ]);
      } catch (error) {
        request.log.warn({ err: error }, 'engine ping failed');
        return reply.code(503).send({ status: 'unavailable', code: 'ENGINE_UNAVAILABLE' });
      } finally {
        clearTimeout(timer);
      }
      return { status: 'ready' as const };
    },
  );
};

export default healthRoutes;
