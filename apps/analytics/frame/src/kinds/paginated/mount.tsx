/**
 * Boots a paginated-report frame (`/rdlEmbed?reportId=…`): the controller, its embed session connected to the parent
 * (`session/connect.ts`), the RDL routes, and the view.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { FrameUrl } from '../../boot.ts';
import { saveFile } from '../../components/save-file.ts';
import { connectSession } from '../../session/connect.ts';
import { PaginatedController } from './controller.ts';
import { createPaginatedApi } from './paginated-api.ts';
import type { ExportFile } from './paginated-api.ts';
import { PaginatedApp } from './PaginatedView.tsx';
import { registerPaginatedRoutes, unsupportedCall } from './routes.ts';
import './paginated.css';

export function mount(root: HTMLElement, url: FrameUrl): void {
  const api = createPaginatedApi({
    onTokenExpired: (error) => controller.session.tokenExpired(error),
    language: new URLSearchParams(window.location.search).get('language') ?? undefined,
  });
  // Its own chunk, so the host's load may have gone out before the router listened: `ready` asks for it again.
  const router = connectSession({
    session: () => controller.session,
    uid: url.uid,
    unmatched: unsupportedCall,
    announceReady: true,
  });
  // Declared after the closures above that use it; none of them runs before this line.
  const controller = new PaginatedController({
    api,
    reportId: url.reportId,
    raise: (event) => router.raise(event),
    download: ({ blob, fileName }: ExportFile) => saveFile(blob, fileName),
  });
  registerPaginatedRoutes(router, controller, { correlationId: crypto.randomUUID() });

  createRoot(root).render(
    <StrictMode>
      <PaginatedApp controller={controller} print={() => window.print()} />
    </StrictMode>,
  );
}
