/**
 * Boots a Q&A frame (`/qnaEmbed`): the controller, its embed session connected to the parent (`session/connect.ts`),
 * the routes and the view.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { FrameUrl } from '../../boot.ts';
import { notImplementedCall } from '../../model/errors.ts';
import { connectSession } from '../../session/connect.ts';
import { createQnaApi } from './api.ts';
import { QnaController } from './controller.ts';
import { registerQnaRoutes } from './routes.ts';
import { QnaView } from './QnaView.tsx';

export function mount(root: HTMLElement, url: FrameUrl): void {
  const api = createQnaApi({
    onTokenExpired: (error) => controller.session.tokenExpired(error),
    language: new URLSearchParams(window.location.search).get('language') ?? undefined,
  });
  // Its own chunk, so the host's load may have gone out before the router listened: `ready` asks for it again.
  const router = connectSession({
    session: () => controller.session,
    uid: url.uid,
    unmatched: notImplementedCall,
    announceReady: true,
  });
  // Declared after the closures above that use it; none of them runs before this line.
  const controller = new QnaController({ api, raise: (event) => router.raise(event) });
  registerQnaRoutes(router, controller, { correlationId: crypto.randomUUID() });

  createRoot(root).render(
    <StrictMode>
      <QnaView controller={controller} />
    </StrictMode>,
  );
}
