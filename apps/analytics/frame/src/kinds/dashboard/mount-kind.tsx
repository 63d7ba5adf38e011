/**
 * Boots a dashboard or tile frame: reads `dashboardId` / `tileId` from the frame's URL, creates the controller,
 * connects its embed session to the parent (`session/connect.ts`), and renders.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { FrameUrl } from '../../boot.ts';
import { notImplementedCall } from '../../model/errors.ts';
import { connectSession } from '../../session/connect.ts';
import { DashboardController } from './controller.ts';
import type { EmbedMode } from './controller.ts';
import { createDashboardApi } from './dashboard-api.ts';
import { DashboardApp } from './DashboardView.tsx';
import { registerDashboardRoutes } from './routes.ts';

export function mountDashboardKind(root: HTMLElement, url: FrameUrl, mode: EmbedMode): void {
  const params = new URL(window.location.href).searchParams;
  const api = createDashboardApi({
    onTokenExpired: (error) => controller.session.tokenExpired(error),
    language: params.get('language') ?? undefined,
  });
  // Its own chunk, so the host's load may have gone out before the router listened: `ready` asks for it again.
  const router = connectSession({
    session: () => controller.session,
    uid: url.uid,
    unmatched: notImplementedCall,
    announceReady: true,
  });
  // Declared after the closures above that use it; none of them runs before this line.
  const controller = new DashboardController({
    api,
    mode,
    url: { dashboardId: params.get('dashboardId') ?? undefined, tileId: params.get('tileId') ?? undefined },
    raise: (event) => router.raise(event),
  });
  registerDashboardRoutes(router, controller, { correlationId: crypto.randomUUID() });

  createRoot(root).render(
    <StrictMode>
      <DashboardApp controller={controller} />
    </StrictMode>,
  );
}
