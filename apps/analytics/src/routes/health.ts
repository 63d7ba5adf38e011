/**
 * Probes for orchestrators: `GET /healthz` answers while the process answers (an unreachable engine never makes
 * the service unhealthy), and `GET /readyz` asks the engine: `200 { status: 'ready', sources }` when it answers in
 * time, else `503 { status: 'unavailable', code: 'ENGINE_UNAVAILABLE', sources }`, where `sources` names each data
 * source and whether it is up (`[{ name: 'clickhouse', status: 'down' }]`). A data folder read in place (`files`) is
 * down while a table's file or glob matches no file (its engine's ping, file-engine.ts).
 */
import { Type } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { servicesOf } from '../services.ts';

const PING_TIMEOUT_MS = 2000;

const Source = Type.Object({
  name: Type.String(),
  status: Type.Union([Type.Literal('up'), Type.Literal('down')]),
});
const Live = Type.Object({ status: Type.Literal('ok') });
const Ready = Type.Object({ status: Type.Literal('ready'), sources: Type.Array(Source) });
const Unavailable = Type.Object({
  status: Type.Literal('unavailable'),
  code: Type.Literal('ENGINE_UNAVAILABLE'),
  message: Type.String(),
  sources: Type.Array(Source),
});

const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { logLevel: 'warn', schema: { response: { 200: Live } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });

  app.get(
    '/readyz',
    { logLevel: 'warn', schema: { response: { 200: Ready, 503: Unavailable } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { engine } = servicesOf(app);
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          engine.ping(),
          new Promise((_resolve, reject) => {
            timer = setTimeout(
              () => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)),
              PING_TIMEOUT_MS,
            );
          }),
        ]);
      } catch (error) {
        request.log.warn({ err: error, source: engine.source }, `${engine.source} ping failed`);
        return reply.code(503).send({
          status: 'unavailable' as const,
          code: 'ENGINE_UNAVAILABLE' as const,
          message: `The data source ${engine.source} does not answer`,
          sources: [{ name: engine.source, status: 'down' as const }],
        });
      } finally {
        clearTimeout(timer);
      }
      return { status: 'ready' as const, sources: [{ name: engine.source, status: 'up' as const }] };
    },
  );
};

export default healthRoutes;
