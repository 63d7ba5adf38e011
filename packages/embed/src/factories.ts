/**
 * The three factories powerbi-client's `Service` constructor takes, rebuilt on the protocol: `wpmpFactory`
 * makes the one window listener (checking source window and origin), `routerFactory` the table of
 * frame → host routes, and `hpmFactory` the holder of the `x-sdk-*` default headers. Apps pass them
 * through unchanged: `new service.Service(factories.hpmFactory, factories.wpmpFactory, factories.routerFactory)`.
 */
import {
  compileRoute,
  sdkHeaders,
  type IRequest,
  type RequestHeaders,
  type Route,
  type WireHeaders,
} from '@portico/protocol';

/** One embed's line: messages from the window `source()` at exactly `origin` are handed to `receive`. */
export interface IConnection {
  source(): unknown;
  readonly origin: string;
  receive(data: unknown): void;
}

/** The window listener (powerbi-client's WindowPostMessageProxy, with origin and source checks). */
export interface IWindowPostMessageProxy {
  readonly name: string | undefined;
  logMessages: boolean;
  /** Delivers messages from one iframe window and origin; returns the function that stops delivering them. */
  connect(connection: IConnection): () => void;
  /** Removes the window listener; the next `connect` adds it again. */
  stop(): void;
}

/** What powerbi-client's HttpPostMessage exposed to the service: the headers every request carries. */
export interface IHttpPostMessage {
  defaultHeaders: RequestHeaders;
}

export interface IExtendedRequest<S = unknown> {
  params: Record<string, string>;
  body: unknown;
  headers: WireHeaders;
  /** The embed whose iframe sent the request. */
  source: S;
}

export interface IExtendedResponse {
  send(statusCode: number, body?: unknown): void;
}

export type RouteHandler<S = unknown> = (req: IExtendedRequest<S>, res: IExtendedResponse) => unknown;

/** The table of routes the frame may POST to (events and hooks). */
export interface IRouter<S = unknown> {
  post(pattern: string, handler: RouteHandler<S>): IRouter<S>;
  /** Runs the handler of the first route matching `request`; false when none does. */
  handle(request: IRequest, res: IExtendedResponse, source: S): boolean;
}

export type IWpmpFactory = (
  name?: string,
  logMessages?: boolean,
  eventSourceOverrideWindow?: Window,
) => IWindowPostMessageProxy;
export type IHpmFactory = (
  wpmp: IWindowPostMessageProxy,
  targetWindow?: Window | null,
  version?: string,
  type?: string,
  sdkWrapperVersion?: string,
) => IHttpPostMessage;
export type IRouterFactory = (wpmp: IWindowPostMessageProxy) => IRouter;

/** Listens on `eventSourceOverrideWindow` (the global window by default) only while an embed is connected. */
export const wpmpFactory: IWpmpFactory = (name, logMessages = false, eventSourceOverrideWindow) => {
  // Each connection with the window its iframe had when last read: reading `contentWindow` on every
  // message costs more than the comparison, and it is read again whenever the cached one does not match.
  const connections = new Map<IConnection, unknown>();
  let target: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined;
  const onMessage = (event: MessageEvent): void => {
    for (const [connection, cached] of connections) {
      let source = cached;
      if (!source || event.source !== source) connections.set(connection, (source = connection.source()));
      if (source && event.source === source && event.origin === connection.origin) {
        connection.receive(event.data);
        return;
      }
    }
    if (proxy.logMessages) console.info(`${name ?? 'portico-embed'}: ignored a message from ${event.origin}`);
  };
  const proxy: IWindowPostMessageProxy = {
    name,
    logMessages,
    connect(connection) {
      connections.set(connection, undefined);
      if (!target) {
        target = eventSourceOverrideWindow ?? (globalThis as { window?: Window }).window;
        target?.addEventListener('message', onMessage);
      }
      return () => {
        connections.delete(connection);
        if (!connections.size) proxy.stop();
      };
    },
    stop() {
      target?.removeEventListener('message', onMessage);
      target = undefined;
    },
  };
  return proxy;
};

export const hpmFactory: IHpmFactory = (_wpmp, _targetWindow, version, type, sdkWrapperVersion) => ({
  defaultHeaders: sdkHeaders({ type, version, wrapperVersion: sdkWrapperVersion }),
});

export const routerFactory: IRouterFactory = () => {
  const routes: [Route, RouteHandler][] = [];
  const router: IRouter = {
    post(pattern, handler) {
      routes.push([compileRoute(pattern), handler]);
      return router;
    },
    handle(request, res, source) {
      if (request.method !== 'POST') return false;
      for (const [route, handler] of routes) {
        const params = route.match(request.url);
        if (params) {
          handler({ params, body: request.body, headers: request.headers, source }, res);
          return true;
        }
      }
      return false;
    },
  };
  return router;
};
