/**
 * Boots a paginated-report frame (`/rdlEmbed?reportId=…`): the controller, a frame router that accepts any parent
 * until a load's token names the allowed origins, the RDL routes, and the view.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createFrameRouter } from '@portico/frame';
import type { FrameUrl } from '../../boot.ts';
import { saveFile } from '../../components/save-file.ts';
import { PaginatedController } from './controller.ts';
import { createPaginatedApi } from './paginated-api.ts';
import type { ExportFile } from './paginated-api.ts';
import { PaginatedApp } from './PaginatedView.tsx';
import { registerPaginatedRoutes, unsupportedCall } from './routes.ts';
import './paginated.css';

export function mount(root: HTMLElement, url: FrameUrl): void {
  // The parent's exact origin as the browser states it (Chromium, WebKit); the CSP limits who may frame us.
  const parentOrigin = window.location.ancestorOrigins?.[0];
  const api = createPaginatedApi({
    onTokenExpired: (error) =>
      controller.raise('error', {
        message: 'TokenExpired',
        detailedMessage: error.message,
        errorCode: 'TokenExpired',
        level: 3,
      }),
  });
  const router = createFrameRouter({
    allowedOrigins: (origin) => controller.acceptsOrigin(origin),
    unmatched: unsupportedCall,
    ...(url.uid === undefined ? {} : { uid: url.uid }),
    ...(parentOrigin === undefined ? {} : { hostOrigin: parentOrigin }),
  });
  // Declared after the closures above that use it; none of them runs before this line.
  const controller = new PaginatedController({
    api,
    reportId: url.reportId,
    raise: (event) => router.raise(event),
    download: ({ blob, fileName }: ExportFile) => saveFile(blob, fileName),
  });
  registerPaginatedRoutes(router, controller, { correlationId: crypto.randomUUID() });
  // This chunk may start listening after the host posted its load (on the iframe's load event); `ready` makes the
  // host send the configuration again (front-load), which then loads. It tells the parent nothing but the uid.
  if (url.uid !== undefined && parentOrigin !== undefined) {
    void router.raise({ kind: 'ready', uniqueId: url.uid }).catch(() => undefined);
  }
  window.addEventListener('pagehide', () => router.destroy());

  createRoot(root).render(
    <StrictMode>
      <PaginatedApp controller={controller} print={() => window.print()} />
    </StrictMode>,
  );
}
