/**
 * The calls a dashboard or tile frame answers: load (and the dashboard's prepare, which loads the same way: a
 * dashboard has no phased render), token refresh, the front-loaded config (a load when none came) and the
 * correlation id. Anything else is 501 (the router's `unmatched` handler, `notImplementedCall`), so a host never
 * waits on it.
 */
import { Call, FrameError } from '@portico/frame';
import type { FrameRouter } from '@portico/frame';
import { CommonErrorCodes } from '@portico/models';
import { badRequest, errorBody } from '../../model/errors.ts';
import type { DashboardController } from './controller.ts';

export function registerDashboardRoutes(
  router: FrameRouter,
  controller: DashboardController,
  options: { readonly correlationId: string },
): void {
  const load = ({ body, origin }: { body: unknown; origin: string }) => controller.load(body, origin);
  if (controller.mode === 'dashboard')
    router.handle(Call.dashboardLoad, load).handle(Call.dashboardPrepare, load);
  else router.handle(Call.tileLoad, load);
  router
    .handle(Call.setAccessToken, ({ params, body }) => {
      if (params.embedType !== controller.mode) {
        throw new FrameError(
          404,
          errorBody(
            'notFound',
            `This frame embeds a ${controller.mode}, not a ${params.embedType}.`,
            CommonErrorCodes.NotFound,
          ),
        );
      }
      const token = typeof body === 'string' ? body : (body as { accessToken?: unknown } | null)?.accessToken;
      if (typeof token !== 'string' || token === '') throw badRequest('The new access token is empty.');
      controller.setToken(token);
      return null;
    })
    // The config the SDK sends again on `ready`: the load, when the host's own load request was lost.
    .handle(Call.frontLoad, ({ body, origin }) => {
      controller.frontLoad(body, origin);
      return null;
    })
    .handle(Call.getCorrelationId, () => options.correlationId);
}
