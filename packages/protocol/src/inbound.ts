/**
 * Messages from the frame to the host (spec §2): events and event hooks, each a POST on one of
 * these routes. The table is data; the host matches it and the frame fills it.
 */
import { isRequest, type IRequest } from './envelope.ts';
import { compileRoute, fillRoute, type Route } from './route.ts';

/** The embed families an event can belong to (`ready` counts as a report event, as in powerbi-client). */
export type EventFamily = 'report' | 'dashboard' | 'tile' | 'qna';

/** The event hooks a frame may call; any other name is rejected by the host. */
export type HookName = 'preQuery' | 'newAccessToken';

export const InboundRoute = {
  report: '/reports/:uniqueId/events/:eventName',
  page: '/reports/:uniqueId/pages/:pageName/events/:eventName',
  visual: '/reports/:uniqueId/pages/:pageName/visuals/:visualName/events/:eventName',
  hook: '/reports/:uniqueId/eventHooks/:eventName',
  dashboard: '/dashboards/:uniqueId/events/:eventName',
  tile: '/tile/:uniqueId/events/:eventName',
  qna: '/qna/:uniqueId/events/:eventName',
  ready: '/ready/:uniqueId',
} as const;
type InboundRouteName = keyof typeof InboundRoute;

/** Where a frame raises an event. A `visualName` needs a `pageName`. */
export type EventAddress =
  | { kind: 'report'; uniqueId: string; eventName: string; pageName?: string; visualName?: string }
  | { kind: 'dashboard' | 'tile' | 'qna'; uniqueId: string; eventName: string }
  | { kind: 'ready'; uniqueId: string };

/** An inbound POST, recognised: an event for an embed, or a call of one of its hooks. */
export type InboundMessage =
  | {
      kind: 'event';
      family: EventFamily;
      uniqueId: string;
      eventName: string;
      pageName?: string;
      visualName?: string;
    }
  | { kind: 'hook'; uniqueId: string; eventName: string };

let compiled: [InboundRouteName, Route][] | undefined;
const inboundRoutes = (): [InboundRouteName, Route][] =>
  (compiled ??= Object.entries(InboundRoute).map(([name, pattern]) => [
    name as InboundRouteName,
    compileRoute(pattern),
  ]));

const familyOf = (name: Exclude<InboundRouteName, 'hook'>): EventFamily =>
  name === 'page' || name === 'visual' || name === 'ready' ? 'report' : name;

/**
 * Recognises an inbound request, or returns `null` when it is not a POST on a spec §2 route.
 *
 * @example matchInbound(req) // → { kind: 'event', family: 'report', uniqueId: 'r1', eventName: 'loaded' }
 */
export function matchInbound(request: IRequest): InboundMessage | null {
  if (request.method !== 'POST') return null;
  for (const [name, route] of inboundRoutes()) {
    const params = route.match(request.url) as Record<string, string> | null;
    if (!params) continue;
    const { uniqueId = '', eventName = 'ready', pageName, visualName } = params;
    if (name === 'hook') return { kind: 'hook', uniqueId, eventName };
    return {
      kind: 'event',
      family: familyOf(name),
      uniqueId,
      eventName,
      ...(pageName === undefined ? {} : { pageName }),
      ...(visualName === undefined ? {} : { visualName }),
    };
  }
  return null;
}

/** True when `data` is a request for one of the spec §2 routes (an event or a hook call). */
export function isEventRequest(data: unknown): data is IRequest & { method: 'POST' } {
  return isRequest(data) && matchInbound(data) !== null;
}

/**
 * The URL an event is raised on.
 *
 * @example eventUrl({ kind: 'report', uniqueId: 'r1', pageName: 'p1', eventName: 'dataSelected' })
 *   // → '/reports/r1/pages/p1/events/dataSelected'
 */
export function eventUrl(address: EventAddress): string {
  switch (address.kind) {
    case 'ready':
      return fillRoute(InboundRoute.ready, address);
    case 'report': {
      const { pageName, visualName } = address;
      if (pageName === undefined) {
        if (visualName !== undefined) throw new TypeError('A visual event needs the pageName of its visual');
        return fillRoute(InboundRoute.report, address);
      }
      return visualName === undefined
        ? fillRoute(InboundRoute.page, { ...address, pageName })
        : fillRoute(InboundRoute.visual, { ...address, pageName, visualName });
    }
    default:
      return fillRoute(InboundRoute[address.kind], address);
  }
}

/** The URL of a hook call, e.g. `hookUrl('r1', 'preQuery')` → `/reports/r1/eventHooks/preQuery`. */
export const hookUrl = (uniqueId: string, hook: HookName): string =>
  fillRoute(InboundRoute.hook, { uniqueId, eventName: hook });
