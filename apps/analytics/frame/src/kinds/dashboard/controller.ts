/**
 * The dashboard (or single tile) behind the frame, free of React: loads it with the host's token, fetches each
 * tile's data, and raises the events the host listens to — `loaded`, `tileLoaded` per painted tile, `rendered` once
 * every tile of a dashboard is painted, `tileClicked`, and `error`. React renders its store; the routes call it.
 */
import { FrameError } from '@portico/frame';
import type { FrameEvent } from '@portico/frame';
import { CommonErrorCodes } from '@portico/models';
import type { IError } from '@portico/models';
import type { PageView, ResolvedDashboard, ResolvedTile } from '@portico/analytics-model';
import { isPageView, PAGE_VIEW_MESSAGE } from '@portico/analytics-model';
import type { Session } from '../../api/frame-api.ts';
import { badRequest, errorBody, forbidden, fromApiError } from '../../model/errors.ts';
import type { VisualResult } from '../../model/state.ts';
import { createStore } from '../../model/store.ts';
import type { DashboardApi } from './dashboard-api.ts';

/** `dashboard` answers /dashboard/* and raises dashboard events; `tile` shows one tile and raises tile events. */
export type EmbedMode = 'dashboard' | 'tile';

export interface DashboardState {
  readonly status: 'waiting' | 'loading' | 'loaded' | 'failed';
  readonly message?: string;
  readonly session?: Session;
  readonly dashboard?: ResolvedDashboard;
  /** The tiles shown: all of the dashboard's, or the one of a tile embed. */
  readonly tiles: readonly ResolvedTile[];
  readonly pageView: PageView;
  /** Each data tile's latest answer, by tile id. */
  readonly results: Readonly<Record<string, VisualResult>>;
  /** Increases with each pass over the tiles' data. */
  readonly generation: number;
}

export const INITIAL_DASHBOARD_STATE: DashboardState = {
  status: 'waiting',
  tiles: [],
  pageView: 'fitToWidth',
  results: {},
  generation: 0,
};

export interface DashboardControllerOptions {
  readonly api: DashboardApi;
  readonly mode: EmbedMode;
  /** `dashboardId` and `tileId` of the frame's URL, if any (the load config wins). */
  readonly url?: { readonly dashboardId?: string | undefined; readonly tileId?: string | undefined };
  /** Raises an event to the host; failures (no host listening) are ignored. */
  readonly raise: (event: FrameEvent) => Promise<void>;
}

/** A tile click's event body: the tile and the report (and page) it opens. */
export interface TileClickedBody {
  readonly tileId: string;
  readonly tileTitle: string;
  readonly dashboardId: string;
  readonly reportId?: string;
  readonly reportName?: string;
  readonly pageName?: string;
  readonly visualName?: string;
  readonly reportEmbedUrl?: string;
  readonly navigationUrl?: string;
}

/** How long after a front-loaded load the host's own load of the same config still joins it. */
const JOIN_MS = 5_000;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** True for a tile that fetches data (not text, and whose source still exists). */
export const hasData = (tile: ResolvedTile): boolean => tile.kind !== 'text' && tile.problem === undefined;

export class DashboardController {
  readonly store = createStore<DashboardState>(INITIAL_DASHBOARD_STATE);
  readonly api: DashboardApi;
  readonly mode: EmbedMode;
  private readonly url: NonNullable<DashboardControllerOptions['url']>;
  private readonly raiseEvent: DashboardControllerOptions['raise'];
  /** `${generation}/${tileId}` of every tile whose tileLoaded was raised; the last generation `rendered` was. */
  private readonly painted = new Set<string>();
  private renderedGeneration = 0;
  /** A load started from the front-loaded config, which the host's own load of the same config then joins. */
  private frontLoaded:
    { readonly key: string; readonly done: Promise<void>; readonly at: number } | undefined;

  constructor(options: DashboardControllerOptions) {
    this.api = options.api;
    this.mode = options.mode;
    this.url = options.url ?? {};
    this.raiseEvent = options.raise;
  }

  get state(): DashboardState {
    return this.store.getSnapshot();
  }

  /** Before a session every parent may ask (the load checks it); afterwards only the token's origins. */
  acceptsOrigin(origin: string): boolean {
    const session = this.state.session;
    return session === undefined || session.allowedOrigins.includes(origin);
  }

  /** Raises an event of this embed's kind; a host that does not answer is ignored. */
  raise(eventName: string, body: unknown = null): void {
    void this.raiseEvent({ kind: this.mode, eventName, body }).catch(() => undefined);
  }

  /** Raises `error` and returns the error to answer with. */
  fail(error: unknown): Error {
    const frameError = fromApiError(error);
    this.raise('error', frameError.body);
    return frameError;
  }

  /**
   * `POST /frontload/config`: the config the SDK sends when the frame says `ready`. Loads with it unless a load
   * already came; a load request for the same config afterwards answers when this one is done.
   */
  frontLoad(body: unknown, origin: string): void {
    if (this.state.status !== 'waiting' || this.frontLoaded !== undefined) return;
    const done = this.load(body, origin);
    this.frontLoaded = { key: loadKey(body), done, at: Date.now() };
    done.catch(() => undefined);
  }

  /**
   * `POST /dashboard/load` (or `/tile/load`): checks the config and the token's grant against the asking origin,
   * loads the dashboard, raises `loaded` and fetches the tiles' data.
   */
  load(body: unknown, origin: string): Promise<void> {
    const front = this.frontLoaded;
    this.frontLoaded = undefined;
    // Only the load that follows the front-load joins it: a reload seconds later loads again.
    if (front !== undefined && front.key === loadKey(body) && Date.now() - front.at < JOIN_MS)
      return front.done;
    return this.loadNow(body, origin);
  }

  private async loadNow(body: unknown, origin: string): Promise<void> {
    const config = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const accessToken = text(config.accessToken);
    const dashboardId =
      this.mode === 'dashboard'
        ? (text(config.id) ?? this.url.dashboardId)
        : (text(config.dashboardId) ?? this.url.dashboardId);
    const tileId = this.mode === 'tile' ? (text(config.id) ?? this.url.tileId) : undefined;
    if (accessToken === undefined)
      throw this.fail(badRequest('The load configuration needs an accessToken.'));
    if (dashboardId === undefined)
      throw this.fail(badRequest('The load configuration needs a dashboard id.'));
    if (this.mode === 'tile' && tileId === undefined)
      throw this.fail(badRequest('The load configuration needs a tile id.'));
    if (config.pageView !== undefined && !isPageView(config.pageView))
      throw this.fail(badRequest(PAGE_VIEW_MESSAGE));
    const pageView = isPageView(config.pageView) ? config.pageView : 'fitToWidth';

    this.store.update((s) => ({ ...s, status: 'loading' }));
    try {
      this.api.setToken(accessToken);
      const session = await this.api.session();
      if (!session.allowedOrigins.includes(origin)) {
        throw forbidden(`The access token does not allow embedding from ${origin}.`);
      }
      const dashboard = await this.api.dashboard(dashboardId);
      const tiles = tileId === undefined ? dashboard.tiles : dashboard.tiles.filter((t) => t.id === tileId);
      if (tiles.length === 0) {
        throw new FrameError(
          404,
          errorBody(
            'tileNotFound',
            `No tile '${tileId ?? ''}' on this dashboard.`,
            CommonErrorCodes.NotFound,
          ),
        );
      }
      this.store.update((s) => ({
        ...INITIAL_DASHBOARD_STATE,
        status: 'loaded',
        session,
        dashboard,
        tiles,
        pageView,
        generation: s.generation,
      }));
    } catch (error) {
      const frameError = fromApiError(error);
      this.store.update((s) => ({
        ...s,
        status: 'failed',
        message: (frameError.body as IError).detailedMessage ?? '',
      }));
      throw this.fail(frameError);
    }
    this.raise('loaded');
    for (const tile of this.state.tiles) {
      if (tile.problem !== undefined) this.raise('error', tileError(tile, tile.problem));
    }
    this.refresh();
  }

  /** Fetches every data tile's answer again (a new pass); stale answers stay on screen meanwhile. */
  refresh(): void {
    const { dashboard, tiles } = this.state;
    if (this.state.status !== 'loaded' || dashboard === undefined) return;
    const generation = this.state.generation + 1;
    const results: Record<string, VisualResult> = {};
    for (const tile of tiles.filter(hasData)) {
      const previous = this.state.results[tile.id];
      const answer = previous && 'answer' in previous ? previous.answer : undefined;
      results[tile.id] = answer ? { status: 'loading', answer } : { status: 'loading' };
    }
    this.store.update((s) => ({ ...s, generation, results }));
    // A dashboard with nothing to paint (no tiles, or none that can show anything) is rendered at once.
    this.checkRendered(generation);
    for (const tile of tiles.filter(hasData)) {
      this.api.tileData(dashboard.id, tile.id).then(
        (answer) => this.settle(generation, tile.id, { status: 'ready', answer }),
        (error: unknown) => {
          // An expired token raised `error` already; the tile keeps waiting for setAccessToken.
          if (this.api.expired) return;
          const message = error instanceof Error ? error.message : String(error);
          this.settle(generation, tile.id, { status: 'error', message });
          const body = fromApiError(error).body as IError;
          this.raise('error', tileError(tile, message, body.errorCode));
          this.checkRendered(generation);
        },
      );
    }
  }

  /** `POST /:embedType/token`: swaps the token; after an expiry, fetches the tiles again. */
  setToken(token: string): void {
    const wasExpired = this.api.expired;
    this.api.setToken(token);
    if (wasExpired) this.refresh();
  }

  private settle(generation: number, tileId: string, result: VisualResult): void {
    this.store.update((s) =>
      s.generation === generation ? { ...s, results: { ...s.results, [tileId]: result } } : s,
    );
  }

  /**
   * Called by the view once a tile shows its content (its answer painted, or its text): raises `tileLoaded` once
   * per tile and pass, and for a dashboard `rendered` once every tile is shown.
   */
  tilePainted(generation: number, tileId: string): void {
    const state = this.state;
    const key = `${generation}/${tileId}`;
    if (generation !== state.generation || this.painted.has(key)) return;
    this.painted.add(key);
    this.raise('tileLoaded', { tileId });
    this.checkRendered(generation);
  }

  /** Raises a dashboard's `rendered` once per pass, when every tile is shown or cannot be. */
  private checkRendered(generation: number): void {
    const state = this.state;
    if (this.mode !== 'dashboard' || generation !== state.generation || generation <= this.renderedGeneration)
      return;
    // Every tile shown: painted, or unable to show anything (its source gone, its query failed).
    const done = state.tiles.every(
      (tile) =>
        tile.problem !== undefined ||
        this.painted.has(`${generation}/${tile.id}`) ||
        state.results[tile.id]?.status === 'error',
    );
    if (done) {
      this.renderedGeneration = generation;
      this.raise('rendered');
    }
  }

  /** A click on a tile: raises `tileClicked` naming the tile and the report (and page) it opens. */
  tileClicked(tileId: string): TileClickedBody | undefined {
    const { dashboard, tiles } = this.state;
    const tile = tiles.find((t) => t.id === tileId);
    if (dashboard === undefined || tile === undefined) return undefined;
    const body: TileClickedBody = {
      tileId: tile.id,
      tileTitle: tile.title,
      dashboardId: dashboard.id,
      ...(tile.kind === 'text'
        ? {}
        : {
            reportId: tile.reportId,
            ...(tile.pageName === undefined ? {} : { pageName: tile.pageName }),
            ...(tile.kind === 'visual' ? { visualName: tile.visualName } : {}),
            ...(tile.reportName === undefined ? {} : { reportName: tile.reportName }),
            ...(tile.reportEmbedUrl === undefined ? {} : { reportEmbedUrl: tile.reportEmbedUrl }),
            ...(tile.navigationUrl === undefined ? {} : { navigationUrl: tile.navigationUrl }),
          }),
    };
    this.raise('tileClicked', body);
    return body;
  }
}

/** What makes two load configs the same load: the token and the ids. */
function loadKey(body: unknown): string {
  const config = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  return JSON.stringify([config.accessToken, config.id, config.dashboardId, config.pageView]);
}

/** The `error` body of a tile that cannot show its data. */
function tileError(
  tile: ResolvedTile,
  message: string,
  errorCode: string = CommonErrorCodes.NotFound,
): IError {
  return errorBody('tileLoadFailed', `Tile '${tile.title || tile.id}': ${message}`, errorCode);
}
