/**
 * Dashboards: a grid of tiles, each pinned from a report visual, a single measure (card) or a line of text. Plain
 * data with no Node imports, so the frame app imports these types as they are.
 */
import type { IFilter } from '@portico/models';
import type { FieldRef, ReportVisual } from './content-types.ts';

/** The layouts a dashboard embed's `pageView` picks (the SDK validates the same three names). */
export const PAGE_VIEWS = ['fitToWidth', 'oneColumn', 'actualSize'] as const;
export type PageView = (typeof PAGE_VIEWS)[number];

/** The SDK's message for any other `pageView`. */
export const PAGE_VIEW_MESSAGE = 'pageView must be one of the followings: fitToWidth, oneColumn, actualSize';

/** Where a tile sits: its top-left grid cell (0-based) and how many cells it spans. */
export interface TilePlacement {
  readonly row: number;
  readonly col: number;
  readonly rowSpan: number;
  readonly colSpan: number;
}

interface TileBase extends TilePlacement {
  /** Unique in its dashboard; what `tileId` names. */
  readonly id: string;
  readonly title: string;
  readonly subtitle?: string;
}

/** A report visual pinned to the dashboard: it shows that visual's data under the report's and page's filters. */
export interface VisualTile extends TileBase {
  readonly kind: 'visual';
  readonly reportId: string;
  readonly pageName: string;
  readonly visualName: string;
}

/** One measure of the report's dataset, as a big number; clicking it opens the report (on `pageName` if given). */
export interface CardTile extends TileBase {
  readonly kind: 'card';
  readonly reportId: string;
  readonly pageName?: string;
  readonly measure: Extract<FieldRef, { measure: unknown }>;
  readonly filters?: readonly IFilter[];
}

/** Plain text (never HTML). */
export interface TextTile extends TileBase {
  readonly kind: 'text';
  readonly text: string;
}

export type DashboardTile = VisualTile | CardTile | TextTile;

export interface DashboardDefinition {
  /** Columns of the grid; every tile fits inside them. */
  readonly columns: number;
  readonly tiles: readonly DashboardTile[];
}

/** A dashboard as stored. */
export interface Dashboard {
  readonly id: string;
  readonly name: string;
  readonly workspaceId: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** `sample` for the built-in dashboards (updated when their definition changes), `user` for any other. */
  readonly source: 'sample' | 'user';
  readonly definition: DashboardDefinition;
}

/**
 * A tile as the frame receives it: the stored tile, what it shows (`visual`: the report's visual, or a card built
 * for a card tile) and where a click leads. `problem` says why a tile whose source is gone shows nothing.
 */
export type ResolvedTile = DashboardTile & {
  readonly visual?: ReportVisual;
  readonly reportName?: string;
  readonly reportEmbedUrl?: string;
  readonly navigationUrl?: string;
  readonly problem?: string;
};

/** `GET /frame-api/dashboards/:dashboardId`. */
export interface ResolvedDashboard {
  readonly id: string;
  readonly name: string;
  readonly workspaceId: string;
  readonly embedUrl: string;
  readonly columns: number;
  readonly tiles: readonly ResolvedTile[];
}

/** True for the three `pageView` names. */
export function isPageView(value: unknown): value is PageView {
  return typeof value === 'string' && (PAGE_VIEWS as readonly string[]).includes(value);
}
