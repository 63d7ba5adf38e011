/**
 * Boots a dashboard or tile frame: reads `dashboardId` / `tileId` from the frame's URL, creates the controller and
 * the frame router (any parent until a load's token names the allowed origins, then only those), and renders.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createFrameRouter } from '@portico/frame';
import type { FrameUrl } from '../../boot.ts';
import { errorBody } from '../../model/errors.ts';
import { DashboardController } from './controller.ts';
import type { EmbedMode } from './controller.ts';
import { createDashboardApi } from './dashboard-api.ts';
import { DashboardApp } from './DashboardView.tsx';
import { registerDashboardRoutes } from './routes.ts';

export function mountDashboardKind(root: HTMLElement, url: FrameUrl, mode: EmbedMode): void {
  const params = new URL(window.location.href).searchParams;
  let raise: (eventName: string, body: unknown) => void = () => undefined;
  const api = createDashboardApi({
    onTokenExpired: (error) => raise('error', errorBody('TokenExpired', error.message, 'TokenExpired')),
  });
  const controller = new DashboardController({
    api,
    mode,
    url: { dashboardId: params.get('dashboardId') ?? undefined, tileId: params.get('tileId') ?? undefined },
    raise: (event) => router.raise(event),
  });
  raise = (eventName, body) => controller.raise(eventName, body);
  const router = createFrameRouter({
    allowedOrigins: (origin) => controller.acceptsOrigin(origin),
    ...(url.uid === undefined ? {} : { uid: url.uid }),
  });
  registerDashboardRoutes(router, controller, { correlationId: crypto.randomUUID() });
  window.addEventListener('pagehide', () => router.destroy());

  createRoot(root).render(
    <StrictMode>
      <DashboardApp controller={controller} />
    </StrictMode>,
  );
}
