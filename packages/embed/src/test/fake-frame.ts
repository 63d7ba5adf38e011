/**
 * Test doubles: a fake embed frame built on `@portico/frame`, wired to the host page's real `window` by
 * `MessageEvent`s with an explicit `origin` and `source` (jsdom's own `postMessage` sets no source), and a
 * helper that embeds into a fresh element and gives its iframe the fake frame as `contentWindow`.
 */
import { createFrameRouter, type FrameRouter } from '@portico/frame';
import { Call, isRequest, type IRequest } from '@portico/protocol';
import type { Embed } from '../embed.ts';
import { hpmFactory, routerFactory, wpmpFactory } from '../factories.ts';
import { Service, type IServiceConfiguration } from '../service.ts';
import type { IComponentEmbedConfiguration } from '../types.ts';

/** jsdom's page origin. */
export const HOST = window.location.origin;
export const FRAME_ORIGIN = 'https://app.powerbi.com';
export const REPORT_URL = `${FRAME_ORIGIN}/reportEmbed?reportId=r1&groupId=g1`;

export interface Posted {
  message: unknown;
  targetOrigin: string;
}

export interface FakeFrame {
  /** What the iframe's `contentWindow` is in the tests. */
  window: Window;
  router: FrameRouter;
  /** Everything the host posted to the frame, as the frame would receive it (structured clones). */
  posted: Posted[];
  /** The requests among `posted`. */
  requests(): IRequest[];
  /** Posts `data` to the host as this frame (or as `from`), e.g. a forged event. */
  send(data: unknown, from?: { origin?: string; source?: unknown }): void;
}

/** Lets queued messages, handlers and promise callbacks run. */
export const flush = async (rounds = 3): Promise<void> => {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

export function fakeFrame(options: { origin?: string; uid?: string } = {}): FakeFrame {
  const origin = options.origin ?? FRAME_ORIGIN;
  const listeners = new Set<(event: MessageEvent) => void>();
  const posted: Posted[] = [];
  const parent = {
    postMessage(message: unknown, targetOrigin: string) {
      // A browser delivers only to the named origin.
      if (targetOrigin === HOST || targetOrigin === '*') frame.send(structuredClone(message));
    },
  };
  const frameWindow = {
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MessageEvent) => void) =>
      listeners.delete(listener),
    location: { search: '' },
    postMessage(message: unknown, targetOrigin: string) {
      posted.push({ message: structuredClone(message), targetOrigin });
      if (targetOrigin !== origin && targetOrigin !== '*') return;
      const data = structuredClone(message);
      setTimeout(() => {
        const event = new MessageEvent('message', { data, origin: HOST, source: parent as never });
        for (const listener of listeners) listener(event);
      });
    },
  } as unknown as Window;
  const router = createFrameRouter({
    allowedOrigins: [HOST],
    window: frameWindow as never,
    parent,
    hostOrigin: HOST,
    ...(options.uid === undefined ? {} : { uid: options.uid }),
  });
  // Loads and creates succeed unless a test says otherwise.
  for (const call of [
    Call.reportLoad,
    Call.reportPrepare,
    Call.dashboardLoad,
    Call.tileLoad,
    Call.qnaLoad,
    Call.frontLoad,
    Call.createReport,
    Call.quickCreate,
  ]) {
    router.handle(call, () => null);
  }
  const frame: FakeFrame = {
    window: frameWindow,
    router,
    posted,
    requests: () => posted.map((entry) => entry.message).filter(isRequest),
    send(data, from = {}) {
      const init = {
        data,
        origin: from.origin ?? origin,
        source: ('source' in from ? from.source : frameWindow) as never,
      };
      setTimeout(() => window.dispatchEvent(new MessageEvent('message', init)));
    },
  };
  return frame;
}

/** Makes `frame` the iframe's window, as if the embed URL had loaded in it. */
export function attach(iframe: HTMLIFrameElement, frame: FakeFrame): void {
  Object.defineProperty(iframe, 'contentWindow', { configurable: true, get: () => frame.window });
}

export const newService = (config: IServiceConfiguration = {}): Service =>
  new Service(hpmFactory, wpmpFactory, routerFactory, { onError: () => undefined, ...config });

export const newElement = (attributes: Record<string, string> = {}): HTMLElement => {
  const element = document.createElement('div');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
};

export const reportConfig = {
  type: 'report',
  id: 'r1',
  embedUrl: REPORT_URL,
  accessToken: 'token-1',
  uniqueId: 'u1',
} as const;

export interface Embedded<T extends Embed> {
  service: Service;
  element: HTMLElement;
  embed: T;
  frame: FakeFrame;
  /** Fires the iframe's `load` event and waits for what it triggers. */
  loaded(): Promise<void>;
}

/** Embeds `config` (a report by default) with a fake frame behind its iframe. */
export function embedWithFrame<T extends Embed = Embed>(
  config: IComponentEmbedConfiguration = reportConfig,
  options: { service?: Service; serviceConfig?: IServiceConfiguration; frameOrigin?: string } = {},
): Embedded<T> {
  const service = options.service ?? newService(options.serviceConfig);
  const element = newElement();
  const embed = service.embed(element, { ...config }) as unknown as T;
  const frame = fakeFrame({
    ...(options.frameOrigin === undefined ? {} : { origin: options.frameOrigin }),
    uid: embed.config.uniqueId ?? '',
  });
  attach(embed.iframe, frame);
  const loaded = async () => {
    embed.iframe.dispatchEvent(new Event('load'));
    await flush();
  };
  return { service, element, embed, frame, loaded };
}
