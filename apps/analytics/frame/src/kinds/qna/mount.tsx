/**
 * Boots a Q&A frame (`/qnaEmbed`): the controller, the frame router (any parent until a load's token names the
 * allowed origins), the routes and the view.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createFrameRouter } from '@portico/frame';
import { TraceType } from '@portico/models';
import type { FrameUrl } from '../../boot.ts';
import { createQnaApi } from './api.ts';
import { QnaController } from './controller.ts';
import { registerQnaRoutes } from './routes.ts';
import { QnaView } from './QnaView.tsx';

export function mount(root: HTMLElement, url: FrameUrl): void {
  let raise: (eventName: string, body: unknown) => void = () => undefined;
  const api = createQnaApi({
    onTokenExpired: (error) =>
      raise('error', {
        message: 'TokenExpired',
        detailedMessage: error.message,
        errorCode: 'TokenExpired',
        level: TraceType.Error,
      }),
  });
  const controller = new QnaController({ api, raise: (event) => router.raise(event) });
  raise = (eventName, body) => controller.raise(eventName, body);
  // The parent's exact origin as the browser states it (Chromium, WebKit), so `ready` can be raised before any
  // request; it carries nothing, and the CSP limits who may frame us.
  const parentOrigin = window.location.ancestorOrigins?.[0];
  const router = createFrameRouter({
    allowedOrigins: (origin) => controller.acceptsOrigin(origin),
    ...(url.uid === undefined ? {} : { uid: url.uid }),
    ...(parentOrigin === undefined ? {} : { hostOrigin: parentOrigin }),
  });
  registerQnaRoutes(router, controller, { correlationId: crypto.randomUUID() });
  window.addEventListener('pagehide', () => router.destroy());
  // This code may arrive after the iframe's load event, and with it the SDK's load message: say we are ready, so
  // the SDK sends the config again (front-load).
  router.raise({ kind: 'ready' }).catch(() => undefined);

  createRoot(root).render(
    <StrictMode>
      <QnaView controller={controller} />
    </StrictMode>,
  );
}
