import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';

export interface HealthRoutesOptions<Code extends string> {
  /** Resolves when what the service needs (its database, its engine) answers; a rejection means not ready. */
  readonly ping: (app: FastifyInstance) => Promise<unknown>;
  /** The `code` of a 503 from /readyz, naming what did not answer: `DATABASE_UNAVAILABLE`. */
  readonly unavailableCode: Code;
  /** What `ping` reaches, for the log line of a failure: `database`. */
  readonly dependency: string;
  /** How long /readyz waits for `ping`; 2 s by default. */
  readonly timeoutMs?: number;
}

/**
 * Probes for orchestrators: `GET /healthz` answers `200 { status: 'ok' }` while the process answers, and
 * `GET /readyz` answers `200 { status: 'ready' }` when `ping` resolves in time, else
 * `503 { status: 'unavailable', code }`. Never cached; logged at warn only, so probes do not fill the log.
 *
 * ```ts
 * await app.register(healthRoutes({ ping: (app) => servicesOf(app).database.ping(), unavailableCode: 'DATABASE_UNAVAILABLE', dependency: 'database' }));
 * ```
 */
export function healthRoutes<Code extends string>(options: HealthRoutesOptions<Code>): FastifyPluginAsync {
  const timeoutMs = options.timeoutMs ?? 2000;
  const Live = Type.Object({ status: Type.Literal('ok') });
  const Ready = Type.Object({ status: Type.Literal('ready') });
  const Unavailable = Type.Object({
    status: Type.Literal('unavailable'),
    code: Type.Literal(options.unavailableCode),
  });

  return async (app) => {
    app.get(
      '/healthz',
      { logLevel: 'warn', schema: { response: { 200: Live } } },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { status: 'ok' as const };
      },
    );

    app.get(
      '/readyz',
      { logLevel: 'warn', schema: { response: { 200: Ready, 503: Unavailable } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            options.ping(app),
            new Promise((_resolve, reject) => {
              timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
            }),
          ]);
        } catch (error) {
          request.log.warn({ err: error }, `${options.dependency} ping failed`);
          return reply.code(503).send({ status: 'unavailable', code: options.unavailableCode });
        } finally {
          clearTimeout(timer);
        }
        return { status: 'ready' as const };
      },
    );
  };
}
