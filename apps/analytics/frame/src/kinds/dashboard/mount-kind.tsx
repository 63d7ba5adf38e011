/**
 * Boots a dashboard or tile frame: reads `dashboardId` / `tileId` from the frame's URL, creates the controller and
 * the frame router (any parent until a load's token names the allowed origins, then only those), and renders.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createFrameRouter } from '@portico/frame';
import type { FrameUrl } from '../../boot.ts';
import { errorBody, notImplementedCall } from '../../model/errors.ts';
import { DashboardController } from './controller.ts';
import type { EmbedMode } from './controller.ts';
import { createDashboardApi } from './dashboard-api.ts';
import { DashboardApp } from './DashboardView.tsx';
import { registerDashboardRoutes } from './routes.ts';

/** The embedding page's origin as the browser reports it (Chromium's ancestorOrigins, else the referrer). */
function parentOriginOf(win: Window): string | undefined {
  const ancestor = win.location.ancestorOrigins?.[0];
  if (ancestor) return ancestor;
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}

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
  const parentOrigin = parentOriginOf(window);
  const router = createFrameRouter({
    allowedOrigins: (origin) => controller.acceptsOrigin(origin),
    unmatched: notImplementedCall,
    ...(url.uid === undefined ? {} : { uid: url.uid }),
    ...(parentOrigin === undefined ? {} : { hostOrigin: parentOrigin }),
  });
  registerDashboardRoutes(router, controller, { correlationId: crypto.randomUUID() });
  window.addEventListener('pagehide', () => router.destroy());
  // This module arrives as its own chunk, so the host's load, posted on the iframe's load event, can come before
  // the router listens and be lost. Saying `ready` makes the SDK send its config again (front-load), which the
  // routes take as the load when none came.
  if (parentOrigin !== undefined) void router.raise({ kind: 'ready' }).catch(() => undefined);

  createRoot(root).render(
    <StrictMode>
      <DashboardApp controller={controller} />
    </StrictMode>,
  );
}
