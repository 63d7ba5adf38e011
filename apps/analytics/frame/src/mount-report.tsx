/**
 * Boots a report frame (`/reportEmbed`): creates the report controller, connects its embed session to the parent
 * (`session/connect.ts`), registers the routes and renders the app.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createDraftFrameApi } from './create/draft-api.ts';
import type { FrameUrl } from './boot.ts';
import { App } from './components/App.tsx';
import { ReportController } from './model/controller.ts';
import { notImplementedCall } from './model/errors.ts';
import { registerRoutes } from './routes/index.ts';
import { connectSession } from './session/connect.ts';

/**
 * The report controller on the draft-aware API (a TokenExpired raises the SDK's error event), with its frame router
 * and every report route registered; the report and quick-create frames render their app on it.
 */
export function startReportController(url: FrameUrl, reportId?: string): ReportController {
  const api = createDraftFrameApi({ onTokenExpired: (error) => controller.session.tokenExpired(error) });
  const router = connectSession({
    session: () => controller.session,
    uid: url.uid,
    unmatched: notImplementedCall,
    announceReady: false,
  });
  // Declared after the closures above that use it; none of them runs before this line.
  const language = new URLSearchParams(window.location.search).get('language') ?? undefined;
  const controller = new ReportController({ api, reportId, language, raise: (event) => router.raise(event) });
  registerRoutes(router, controller, { print: () => window.print(), correlationId: crypto.randomUUID() });
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
