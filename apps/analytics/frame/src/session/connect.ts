/**
 * Connects an embed session to the parent window, the same way for every kind: the frame router behind the
 * session's origin gate (any parent until a load's token names the allowed origins, then only those; the CSP
 * `frame-ancestors` limits who may frame the page at all), the kind's answer to calls it has no route for, this
 * embed's uid, and `ready` for the kinds that arrive as their own chunk. The router stops on `pagehide`.
 */
import { createFrameRouter } from '@portico/frame';
import type { FrameHandler, FrameRouter } from '@portico/frame';
import type { EmbedSession } from './embed-session.ts';

export interface ConnectOptions {
  /** The session, read when a message arrives (the controller that holds it is made after the router). */
  readonly session: () => EmbedSession;
  /** The embed's uid from the frame's URL. */
  readonly uid: string | undefined;
  /** The answer to a call no route matches (see `@portico/frame`'s `unmatched`). */
  readonly unmatched: FrameHandler;
  /**
   * Raise `ready` once listening: a kind whose code arrives as its own chunk, possibly after the host posted its
   * load, makes the SDK send the configuration again (front-load; the session's load policy joins the two).
   */
  readonly announceReady: boolean;
  readonly window?: Window;
}

/** The embedding page's origin as the browser states it (Chromium's `ancestorOrigins`, else the referrer). */
export function parentOriginOf(win: Window): string | undefined {
  const ancestor = win.location.ancestorOrigins?.[0];
  if (ancestor) return ancestor;
  try {
    return win.document.referrer ? new URL(win.document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}

export function connectSession(options: ConnectOptions): FrameRouter {
  const win = options.window ?? window;
  const parentOrigin = parentOriginOf(win);
  const router = createFrameRouter({
    allowedOrigins: (origin) => options.session().acceptsOrigin(origin),
    unmatched: options.unmatched,
    ...(options.uid === undefined ? {} : { uid: options.uid }),
    // Where `ready` goes before any request; it carries nothing but the uid.
    ...(parentOrigin === undefined ? {} : { hostOrigin: parentOrigin }),
  });
  win.addEventListener('pagehide', () => router.destroy());
  if (options.announceReady && parentOrigin !== undefined) {
    void router.raise({ kind: 'ready' }).catch(() => undefined);
  }
  return router;
}
