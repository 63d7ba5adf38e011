// Test doubles: a recording parent window and a way to deliver messages as the browser would.
import { createFrameRouter, type FrameRouterOptions } from './router.ts';

export const HOST = 'https://portal.test';
export const ELSEWHERE = 'https://attacker.test';

export interface Posted {
  message: unknown;
  targetOrigin: string;
}

export function fakeWindow() {
  const posted: Posted[] = [];
  return {
    posted,
    postMessage(message: unknown, targetOrigin: string) {
      // Copy as the structured clone would, so later mutation cannot fake a result.
      posted.push({ message: structuredClone(message), targetOrigin });
    },
  };
}

export function setup(options: Partial<FrameRouterOptions> = {}) {
  const parent = fakeWindow();
  const router = createFrameRouter({ allowedOrigins: [HOST], window, parent, ...options });
  const deliver = (data: unknown, from: { origin?: string; source?: unknown } = {}) => {
    const source = ('source' in from ? from.source : parent) as Window | null;
    const init = { data, origin: from.origin ?? HOST, source };
    window.dispatchEvent(new MessageEvent('message', init));
  };
  let next = 0;
  const request = (method: string, url: string, extra: { body?: unknown; headers?: object } = {}) => {
    const id = `req-${++next}`;
    deliver({
      method,
      url,
      headers: { uid: 'r1', ...extra.headers, id },
      ...('body' in extra ? { body: extra.body } : {}),
    });
    return id;
  };
  return { parent, router, deliver, request };
}

/** Lets queued handlers and promise callbacks run. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
