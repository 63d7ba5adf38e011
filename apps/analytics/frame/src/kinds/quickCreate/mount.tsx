/**
 * Boots a quick-create frame (`/quickCreate`): the report controller on the draft-aware API, the `/quickcreate`
 * route, then every report route (so the draft answers pages, filters, saveAs…, and the SDK's re-embed as a report
 * loads in this same frame), and the page: the automatic report with a "Save as" bar while it is a draft.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createFrameRouter } from '@portico/frame';
import type { FrameUrl } from '../../boot.ts';
import { createDraftFrameApi } from '../../create/draft-api.ts';
import { ReportController } from '../../model/controller.ts';
import { registerRoutes } from '../../routes/index.ts';
import { QuickCreateApp } from './QuickCreateApp.tsx';
import { quickCreateRoutes } from './quick-create-route.ts';

export function mount(root: HTMLElement, url: FrameUrl): void {
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
  const controller = new ReportController({ api, raise: (event) => router.raise(event) });
  raise = (eventName, body) => controller.raise(eventName, body);
  const router = createFrameRouter({
    allowedOrigins: (origin) => controller.acceptsOrigin(origin),
    ...(url.uid === undefined ? {} : { uid: url.uid }),
  });
  // First: the routes' catch-all would otherwise answer /quickcreate with 501.
  quickCreateRoutes(router, controller);
  registerRoutes(router, controller, { print: () => window.print(), correlationId: crypto.randomUUID() });
  window.addEventListener('pagehide', () => router.destroy());

  createRoot(root).render(
    <StrictMode>
      <QuickCreateApp controller={controller} />
    </StrictMode>,
  );
}
