/** Load, phased render, token refresh, settings, zoom, refresh, print and the session's small calls. */
import { Call, FrameError } from '@portico/frame';
import type { FrameRouter } from '@portico/frame';
import { validateSettings } from '@portico/models';
import type { ISettings } from '@portico/models';
import type { ReportController } from '../model/controller.ts';
import { badRequest } from '../model/errors.ts';
import { mergeSettings } from '../model/layout.ts';
import { loaded, pageNamed } from './context.ts';

export interface LoadRouteOptions {
  /** The browser's print dialog; `window.print` in the app. */
  readonly print: () => void;
  /** An id for this embed session, answered by getCorrelationId. */
  readonly correlationId: string;
}

export function loadRoutes(router: FrameRouter, controller: ReportController, options: LoadRouteOptions) {
  router
    .handle(Call.reportLoad, ({ body, origin }) => controller.load(body, origin, false))
    .handle(Call.reportPrepare, ({ body, origin }) => controller.load(body, origin, true))
    .handle(Call.render, ({ body }) => {
      const { definition } = loaded(controller);
      const pageName = (body as { pageName?: unknown } | null)?.pageName;
      if (typeof pageName === 'string') {
        pageNamed(definition, pageName);
        controller.update((s) => ({ ...s, activePage: pageName }));
      }
      controller.render();
      return null;
    })
    .handle(Call.setAccessToken, ({ params, body, origin }) =>
      controller.session.renewToken(body, origin, params.embedType),
    )
    .handle(Call.frontLoad, ({ body, origin }) => {
      void controller.frontLoad(body, origin);
      return null;
    })
    .handle(Call.getCorrelationId, () => options.correlationId)
    .handle(Call.refresh, () => {
      loaded(controller);
      controller.requery();
      return null;
    })
    .handle(Call.print, () => {
      loaded(controller);
      // After the reply: the dialog blocks the page until closed.
      setTimeout(options.print, 0);
      return null;
    })
    .handle(Call.updateSettings, ({ body }) => {
      loaded(controller);
      if (typeof body !== 'object' || body === null) throw badRequest('Settings must be an object.');
      // As the service does: the models' validator's IError list, so a bad value is never stored.
      const errors = validateSettings(body);
      if (errors !== undefined) throw new FrameError(400, errors);
      const patch = body as ISettings;
      if (patch.zoomLevel !== undefined && !(patch.zoomLevel >= 0.25 && patch.zoomLevel <= 4)) {
        throw badRequest('zoomLevel must be between 0.25 and 4.');
      }
      const layoutChanged = patch.customLayout !== undefined || patch.layoutType !== undefined;
      controller.updateSettings((settings) => mergeSettings(settings, patch));
      // A visual shown by a new layout needs its data.
      if (layoutChanged) controller.requery();
      return null;
    })
    .handle(Call.getZoom, () => loaded(controller).state.settings.zoomLevel ?? 1);
}
