/**
 * The calls a paginated (RDL) embed answers: load / prepare / render, token refresh and front-load (through the
 * embed session), settings (the parameter panel's `commands`), refresh and the correlation id. The SDK refuses the rest for RDL reports before
 * they are sent; should one arrive anyway, it gets the SDK's own refusal (`unsupportedCall`, the router's
 * `unmatched` handler).
 */
import { Call, FrameError } from '@portico/frame';
import type { FrameHandler, FrameRouter } from '@portico/frame';
import type { IPaginatedReportSettings } from '@portico/models';
import { badRequest, errorBody } from '../../model/errors.ts';
import type { PaginatedController } from './controller.ts';

/** The SDK's message for calls paginated reports do not support (spec §8). */
export const RDL_NOT_SUPPORTED = 'This API is currently not supported for RDL reports';

const notSupported = () =>
  new FrameError(400, errorBody(RDL_NOT_SUPPORTED, RDL_NOT_SUPPORTED, 'NotSupported'));

/** The router's `unmatched` handler of a paginated frame: any call without a route gets the RDL refusal. */
export const unsupportedCall: FrameHandler = () => {
  throw notSupported();
};

export function registerPaginatedRoutes(
  router: FrameRouter,
  controller: PaginatedController,
  options: { readonly correlationId: string },
): void {
  const { session } = controller;
  router
    .handle(Call.reportLoad, ({ body, origin }) => session.load(body, origin, false))
    .handle(Call.reportPrepare, ({ body, origin }) => session.load(body, origin, true))
    .handle(Call.render, () => {
      controller.render();
      return null;
    })
    .handle(Call.setAccessToken, ({ params, body, origin }) =>
      session.renewToken(body, origin, params.embedType),
    )
    .handle(Call.frontLoad, ({ body, origin }) => {
      void session.frontLoad(body, origin);
      return null;
    })
    .handle(Call.getCorrelationId, () => options.correlationId)
    .handle(Call.refresh, async () => {
      await controller.refresh();
      return null;
    })
    .handle(Call.updateSettings, ({ body }) => {
      controller.requireLoaded();
      if (typeof body !== 'object' || body === null) throw badRequest('Settings must be an object.');
      if ('customLayout' in body && (body as { customLayout?: unknown }).customLayout != null)
        throw notSupported();
      const panel = (body as IPaginatedReportSettings).commands?.parameterPanel;
      if (panel !== undefined) {
        const change: { enabled?: boolean; expanded?: boolean } = {};
        for (const key of ['enabled', 'expanded'] as const) {
          const value = panel[key];
          if (value === undefined) continue;
          if (typeof value !== 'boolean')
            throw badRequest(`commands.parameterPanel.${key} must be a boolean.`);
          change[key] = value;
        }
        controller.setPanel(change);
      }
      return null;
    });
}
