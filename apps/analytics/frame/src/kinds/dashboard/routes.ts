/**
 * The calls a dashboard or tile frame answers: load (and the dashboard's prepare, which loads the same way: a
 * dashboard has no phased render), token refresh, the front-loaded config and the correlation id, all through the
 * embed session. Anything else is 501 (the router's `unmatched` handler, `notImplementedCall`), so a host never
 * waits on it.
 */
import { Call } from '@portico/frame';
import type { FrameRouter } from '@portico/frame';
import type { DashboardController } from './controller.ts';

export function registerDashboardRoutes(
  router: FrameRouter,
  controller: DashboardController,
  options: { readonly correlationId: string },
): void {
  const { session } = controller;
  const load = ({ body, origin }: { body: unknown; origin: string }) => session.load(body, origin);
  if (controller.mode === 'dashboard')
    router.handle(Call.dashboardLoad, load).handle(Call.dashboardPrepare, load);
  else router.handle(Call.tileLoad, load);
  router
    .handle(Call.setAccessToken, ({ params, body, origin }) =>
      session.renewToken(body, origin, params.embedType),
    )
    .handle(Call.frontLoad, ({ body, origin }) => {
      void session.frontLoad(body, origin);
      return null;
    })
    .handle(Call.getCorrelationId, () => options.correlationId);
}
