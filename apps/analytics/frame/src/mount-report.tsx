/**
 * Boots a report frame (`/reportEmbed`): creates the report controller and the frame router (accepting any parent
 * until a load's token names the allowed origins), registers the routes and renders the app.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createFrameRouter } from '@portico/frame';
import { createDraftFrameApi } from './create/draft-api.ts';
import type { FrameUrl } from './boot.ts';
import { App } from './components/App.tsx';
import { ReportController } from './model/controller.ts';
import { notImplementedCall } from './model/errors.ts';
import { registerRoutes } from './routes/index.ts';

/**
 * The report controller on the draft-aware API (a TokenExpired raises the SDK's error event), with its frame router
 * and every report route registered; the report and quick-create frames render their app on it.
 */
export function startReportController(url: FrameUrl, reportId?: string): ReportController {
  let raise: (eventName: string, body: unknown) => void = () => undefined;
  const api = createDraftFrameApi({
    onTokenExpired: (error) =>
      raise('error', {
        message: 'TokenExpired',
        detailedMessage: error.message,
        errorCode: 'TokenExpired',
        level: 3,
      }),
  });
  const controller = new ReportController({ api, reportId, raise: (event) => router.raise(event) });
  raise = (eventName, body) => controller.raise(eventName, body);
  const router = createFrameRouter({
    allowedOrigins: (origin) => controller.acceptsOrigin(origin),
    unmatched: notImplementedCall,
    ...(url.uid === undefined ? {} : { uid: url.uid }),
  });
  registerRoutes(router, controller, { print: () => window.print(), correlationId: crypto.randomUUID() });
  window.addEventListener('pagehide', () => router.destroy());
  return controller;
}

export function mountReport(root: HTMLElement, url: FrameUrl): void {
  const controller = startReportController(url, url.reportId);
  createRoot(root).render(
    <StrictMode>
      <App controller={controller} kind={url.kind} />
    </StrictMode>,
  );
}
