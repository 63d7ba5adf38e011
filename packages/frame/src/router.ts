/**
 * The frame end of the protocol: answers the host SDK's requests by method and route, and raises
 * events and hook calls to the host. Listens only to its parent window, from allow-listed origins,
 * and replies to the exact origin that asked.
 */
import {
  EmbedError,
  ErrorCode,
  compileRoute,
  createChannel,
  eventUrl,
  hookUrl,
  isRequest,
  parseCall,
  respond,
  type CallPath,
  type CallSpec,
  type EventAddress,
  type HookName,
  type IRequest,
  type IResponse,
  type Method,
  type RequestOptions,
  type Route,
  type RouteParams,
  type WireHeaders,
} from '@portico/protocol';
import { FrameError, settle } from './replies.ts';

/** Anything a message can be posted to with an exact target origin (the parent window, or a test double). */
export interface PostTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** The frame's own window, as far as the router uses it. */
export interface MessageWindow {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  readonly parent?: PostTarget | null;
  readonly location?: { readonly search: string };
}

/** Why a message was dropped: not from the parent, from an origin not allowed, not a request, or unpostable reply. */
export type DropReason = 'source' | 'origin' | 'shape' | 'post';

export interface FrameRouterOptions {
  /** Exact origins (`'https://portal.example.com'`) the host may be on, or a predicate over the origin. */
  allowedOrigins: readonly string[] | ((origin: string) => boolean);
  /** Where to listen; the global `window` by default. */
  window?: MessageWindow;
  /** The only window requests are accepted from and events go to; `window.parent` by default. */
  parent?: PostTarget;
  /** Where events go before the first request names the host; the single allowed origin by default. */
  hostOrigin?: string;
  /** This embed's unique id for events and hooks; by default the first request's `uid` header, else `?uid=` of the frame URL. */
  uid?: string;
  /** Timeout of raised events and hook calls; 30 s by default. */
  timeoutMs?: number;
  /** Debug hook called for every message dropped; never needed for correct behaviour. */
  onDrop?: (reason: DropReason, data: unknown) => void;
  /**
   * Answers a request no route matches (any method, any number of segments), like a route handler with empty
   * `params`; by default it is 404 `{ message }`. A frame whose protocol answers unknown calls otherwise (501,
   * or 400 for calls its kind does not support) sets it once here.
   */
  unmatched?: FrameHandler;
}

export interface FrameRequest<P extends string = string> {
  method: Method;
  url: string;
  params: RouteParams<P>;
  headers: WireHeaders;
  body: unknown;
  /** The origin the request came from (one of the allowed origins). */
  origin: string;
}

/** Returns the reply body (or `reply(status, body)`), or throws (`FrameError` for a chosen status). */
export type FrameHandler<P extends string = string> = (request: FrameRequest<P>) => unknown;

type WithoutUid<T> = T extends unknown ? Omit<T, 'uniqueId'> : never;
/** An event to raise: its address (the unique id defaults to this embed's) and its body. */
export type FrameEvent = WithoutUid<EventAddress> & { uniqueId?: string; body?: unknown };

/** A hook call's answer: `handled: false` when the host has no such hook (404). */
export type HookAnswer<T> = { handled: false } | { handled: true; value: T };

export interface HostInfo {
  origin: string;
  uid: string | undefined;
}

export interface FrameRouter {
  get<P extends string>(pattern: P, handler: FrameHandler<P>): FrameRouter;
  post<P extends string>(pattern: P, handler: FrameHandler<P>): FrameRouter;
  put<P extends string>(pattern: P, handler: FrameHandler<P>): FrameRouter;
  patch<P extends string>(pattern: P, handler: FrameHandler<P>): FrameRouter;
  delete<P extends string>(pattern: P, handler: FrameHandler<P>): FrameRouter;
  /** Registers a handler for an entry of the protocol's call table, e.g. `router.handle(Call.getPages, …)`. */
  handle<C extends CallSpec>(call: C, handler: FrameHandler<CallPath<C>>): FrameRouter;
  /** Posts an event on its spec §2 route; resolves when the host acknowledges it. */
  raise(event: FrameEvent, options?: RequestOptions): Promise<void>;
  /** Calls a host event hook; rejects with the host's 400 as an `EmbedError` when the hook failed. */
  callHook<T = unknown>(hook: HookName, body?: unknown, options?: RequestOptions): Promise<HookAnswer<T>>;
  /** The host as learned from the first accepted request. */
  readonly host: HostInfo | undefined;
  /** Stops listening and rejects pending events and hook calls. Safe to call twice. */
  destroy(): void;
}

/** The error code of an event or hook call made before the host is known. */
export const HOST_UNKNOWN = 'HostUnknown';

interface Entry {
  method: Method;
  route: Route;
  handler: FrameHandler;
}

function originCheck(allowed: FrameRouterOptions['allowedOrigins']): (origin: string) => boolean {
  if (typeof allowed === 'function') return allowed;
  for (const origin of allowed) {
    // 'https://host.example/' or '*' would never equal an event's origin: say so now, not by silence later.
    let exact = false;
    try {
      exact = new URL(origin).origin === origin;
    } catch {
      // not a URL at all
    }
    if (!exact)
      throw new TypeError(
        `allowedOrigins must hold exact origins like 'https://host.example', not '${origin}'`,
      );
  }
  return (origin) => allowed.includes(origin);
}

/**
 * Creates the frame's router and starts listening.
 *
 * @example const router = createFrameRouter({ allowedOrigins: ['https://portal.example.com'] })
 *   .get('/report/pages', () => pages)
 *   .put('/report/pages/active', ({ body }) => activate(body));
 */
export function createFrameRouter(options: FrameRouterOptions): FrameRouter {
  const win = options.window ?? (globalThis as { window?: MessageWindow }).window;
  const parent = options.parent ?? win?.parent;
  if (!win || !parent) throw new TypeError('createFrameRouter needs a window and its parent');
  const isAllowed = originCheck(options.allowedOrigins);
  const locationUid = new URLSearchParams(win.location?.search ?? '').get('uid') ?? undefined;
  const entries: Entry[] = [];
  let host: HostInfo | undefined;
  let destroyed = false;

  const fallbackOrigin =
    options.hostOrigin ??
    (Array.isArray(options.allowedOrigins) && options.allowedOrigins.length === 1
      ? (options.allowedOrigins[0] as string)
      : undefined);
  const hostOrigin = (): string | undefined => host?.origin ?? fallbackOrigin;
  const uid = (): string | undefined => options.uid ?? host?.uid ?? locationUid;

  const channel = createChannel({
    post: (message) => parent.postMessage(message, hostOrigin() ?? ''),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });

  const drop = (reason: DropReason, data: unknown): void => {
    try {
      options.onDrop?.(reason, data);
    } catch {
      // a debug hook must not break the listener
    }
  };

  const find = (request: IRequest): [Entry, Record<string, string>] | undefined => {
    for (const entry of entries) {
      const params = entry.method === request.method ? entry.route.match(request.url) : null;
      if (params) return [entry, params];
    }
    return undefined;
  };

  const unmatched: FrameHandler =
    options.unmatched ??
    (({ method, url }) => {
      throw new FrameError(404, { message: `The frame has no route for ${method} ${url}` });
    });

  const answer = async (request: IRequest, origin: string): Promise<void> => {
    const found = find(request);
    const [statusCode, body] = await settle(() =>
      found
        ? found[0].handler({ ...request, body: request.body, params: found[1], origin })
        : unmatched({ ...request, body: request.body, params: {}, origin }),
    );
    if (destroyed) return;
    const id = request.headers.id;
    try {
      parent.postMessage(respond(id, statusCode, body), origin);
    } catch (error) {
      // Typically a body the structured clone cannot copy: tell the host instead of leaving it waiting.
      drop('post', body);
      const message = error instanceof Error ? error.message : 'The reply could not be posted';
      try {
        parent.postMessage(respond(id, 500, { message }), origin);
      } catch {
        // the target origin itself is unusable (e.g. an allowed 'null'); nothing more to do
      }
    }
  };

  const listener = (event: MessageEvent): void => {
    const data: unknown = event.data;
    if ((event.source as unknown) !== parent) return drop('source', data);
    let allowed = false;
    try {
      allowed = isAllowed(event.origin);
    } catch {
      // a throwing predicate allows nothing
    }
    if (!allowed) return drop('origin', data);
    if (channel.handleMessage(data)) return;
    if (!isRequest(data)) return drop('shape', data);
    host ??= { origin: event.origin, uid: undefined };
    if (host.uid === undefined && typeof data.headers.uid === 'string') host.uid = data.headers.uid;
    void answer(data, event.origin);
  };

  const send = (url: string, body: unknown, requestOptions?: RequestOptions): Promise<IResponse> => {
    if (destroyed) {
      return Promise.reject(
        new EmbedError('The frame router was destroyed', { errorCode: ErrorCode.Cancelled }),
      );
    }
    if (hostOrigin() === undefined) {
      const message = 'The host origin is not known yet: set hostOrigin, or wait for the first request';
      return Promise.reject(new EmbedError(message, { errorCode: HOST_UNKNOWN }));
    }
    return channel.request({ method: 'POST', url, body }, requestOptions);
  };

  const requireUid = (given: string | undefined): string => {
    const value = given ?? uid();
    if (value === undefined) {
      const message = 'The embed unique id is not known yet: set uid, or wait for the first request';
      throw new EmbedError(message, { errorCode: HOST_UNKNOWN });
    }
    return value;
  };

  const on =
    (method: Method) =>
    <P extends string>(pattern: P, handler: FrameHandler<P>): FrameRouter => {
      entries.push({ method, route: compileRoute(pattern), handler: handler as FrameHandler });
      return router;
    };

  const router: FrameRouter = {
    get: on('GET'),
    post: on('POST'),
    put: on('PUT'),
    patch: on('PATCH'),
    delete: on('DELETE'),
    handle(call, handler) {
      const { method, path } = parseCall(call);
      return on(method)(path, handler);
    },
    async raise({ body = null, uniqueId, ...address }, requestOptions) {
      const url = eventUrl({ ...address, uniqueId: requireUid(uniqueId) } as EventAddress);
      await send(url, body, requestOptions);
    },
    async callHook<T>(hook: HookName, body: unknown = {}, requestOptions?: RequestOptions) {
      try {
        const response = await send(hookUrl(requireUid(undefined), hook), body, requestOptions);
        return { handled: true, value: response.body as T };
      } catch (error) {
        if (error instanceof EmbedError && error.statusCode === 404) return { handled: false };
        throw error;
      }
    },
    get host() {
      return host && { ...host };
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      win.removeEventListener('message', listener);
      channel.rejectAll('The frame router was destroyed');
    },
  };

  win.addEventListener('message', listener);
  return router;
}
