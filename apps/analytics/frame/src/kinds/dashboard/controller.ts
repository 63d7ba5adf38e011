/**
 * The dashboard (or single tile) behind the frame, free of React: loads it with the host's token, fetches each
 * tile's data, and raises the events the host listens to — `loaded`, `tileLoaded` per painted tile, `rendered` once
 * every tile of a dashboard is painted, `tileClicked`, and `error`. React renders its store; the routes call it.
 */
import { FrameError } from '@portico/frame';
import type { FrameEvent } from '@portico/frame';
import { CommonErrorCodes } from '@portico/models';
import type { IError } from '@portico/models';
import { isPageView, PAGE_VIEW_MESSAGE } from '@portico/analytics-model';
import type { PageView, ResolvedDashboard, ResolvedTile } from '@portico/analytics-model';
import { badRequest, errorBody, fromApiError } from '../../model/errors.ts';
import { EmbedSession } from '../../session/embed-session.ts';
import type { LoadRequest } from '../../session/embed-session.ts';
import type { VisualResult } from '../../model/state.ts';
import { createStore } from '../../model/store.ts';
import type { DashboardApi } from './dashboard-api.ts';

/** `dashboard` answers /dashboard/* and raises dashboard events; `tile` shows one tile and raises tile events. */
export type EmbedMode = 'dashboard' | 'tile';

export interface DashboardState {
  readonly status: 'waiting' | 'loading' | 'loaded' | 'failed';
  readonly message?: string;
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
  /** Raises an event to the host (the frame router's `raise`). */
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

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** True for a tile that fetches data (not text, and whose source still exists). */
export const hasData = (tile: ResolvedTile): boolean => tile.kind !== 'text' && tile.problem === undefined;

export class DashboardController {
  readonly store = createStore<DashboardState>(INITIAL_DASHBOARD_STATE);
  readonly api: DashboardApi;
  readonly mode: EmbedMode;
  /** The embed session: token, origin gate, load and front-load, guard, events (raised as `mode`'s). */
  readonly session: EmbedSession;
  private readonly url: NonNullable<DashboardControllerOptions['url']>;
  /** `${generation}/${tileId}` of every tile whose tileLoaded was raised; the last generation `rendered` was. */
  private readonly painted = new Set<string>();
  private renderedGeneration = 0;

  constructor(options: DashboardControllerOptions) {
    this.api = options.api;
    this.mode = options.mode;
    this.url = options.url ?? {};
    this.session = new EmbedSession({
      kind: options.mode,
      api: options.api,
      raise: options.raise,
      embed: {
        open: (request) => this.open(request),
        opened: () => {
          for (const tile of this.state.tiles) {
            if (tile.problem !== undefined) this.session.raise('error', tileError(tile, tile.problem));
          }
          this.refresh();
        },
        failed: (error) =>
          this.store.update((s) => ({
            ...s,
            status: 'failed',
            message: (error.body as IError).detailedMessage ?? '',
          })),
        tokenRenewed: (wasExpired) => {
          if (wasExpired) this.refresh();
        },
      },
    });
  }

  get state(): DashboardState {
    return this.store.getSnapshot();
  }

  /**
   * The dashboard's part of a load (`POST /dashboard/load`, `/tile/load`): the dashboard (and tile) id and the
   * page view, the grant, the dashboard.
   */
  private async open({ config, accessToken, origin }: LoadRequest): Promise<() => void> {
    const dashboardId =
      this.mode === 'dashboard'
        ? (text(config.id) ?? this.url.dashboardId)
        : (text(config.dashboardId) ?? this.url.dashboardId);
    const tileId = this.mode === 'tile' ? (text(config.id) ?? this.url.tileId) : undefined;
    if (dashboardId === undefined) throw badRequest('The load configuration needs a dashboard id.');
    if (this.mode === 'tile' && tileId === undefined)
      throw badRequest('The load configuration needs a tile id.');
    if (config.pageView !== undefined && !isPageView(config.pageView)) throw badRequest(PAGE_VIEW_MESSAGE);
    const pageView = isPageView(config.pageView) ? config.pageView : 'fitToWidth';

    this.store.update((s) => ({ ...s, status: 'loading' }));
    await this.session.authorize(accessToken, origin);
    const dashboard = await this.api.dashboard(dashboardId);
    const tiles = tileId === undefined ? dashboard.tiles : dashboard.tiles.filter((t) => t.id === tileId);
    if (tiles.length === 0) {
      throw new FrameError(
        404,
        errorBody('tileNotFound', `No tile '${tileId ?? ''}' on this dashboard.`, CommonErrorCodes.NotFound),
      );
    }
    return () =>
      this.store.update((s) => ({
        ...INITIAL_DASHBOARD_STATE,
        status: 'loaded',
        dashboard,
        tiles,
        pageView,
        generation: s.generation,
      }));
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
          this.session.raise('error', tileError(tile, message, body.errorCode));
          this.checkRendered(generation);
        },
      );
    }
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
    this.session.raise('tileLoaded', { tileId });
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
      this.session.raise('rendered');
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
    this.session.raise('tileClicked', body);
    return body;
  }
}

/** The `error` body of a tile that cannot show its data. */
function tileError(
  tile: ResolvedTile,
  message: string,
  errorCode: string = CommonErrorCodes.NotFound,
): IError {
  return errorBody('tileLoadFailed', `Tile '${tile.title || tile.id}': ${message}`, errorCode);
}
