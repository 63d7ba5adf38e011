/**
 * What a tile shows and where it leads: the pinned visual (or the card a card tile makes) looked up in the report's
 * latest version, the query it runs, and the report URLs a click names.
 */
import { VisualContainerDisplayMode } from '@portico/models';
import type { ContentStore } from '../../content/store.ts';
import type {
  Dashboard,
  DashboardTile,
  Dataset,
  Report,
  ReportPage,
  ReportVisual,
  ResolvedDashboard,
  ResolvedTile,
  VisualQuery,
} from '@portico/analytics-model';
import { visualQuery } from '@portico/analytics-model';

/** A data tile whose report and visual exist: what it shows and the query behind it. */
export interface TileSource {
  readonly report: Report;
  readonly dataset: Dataset;
  readonly page: ReportPage | undefined;
  readonly visual: ReportVisual;
  readonly query: VisualQuery;
}

/** Why a tile has no source, as a sentence for the viewer. */
export class TileSourceMissing extends Error {
  override readonly name = 'TileSourceMissing';
}

/** The page of a card tile pinned from no page: no filters, no slicers. */
const NO_PAGE: Pick<ReportPage, 'name' | 'filters' | 'visuals'> = { name: '', filters: [], visuals: [] };

/** A card visual for a card tile: one measure, no header of its own (the tile shows the title). */
function cardVisual(tile: Extract<DashboardTile, { kind: 'card' }>): ReportVisual {
  return {
    name: tile.id,
    type: 'card',
    title: tile.title,
    layout: {
      x: 0,
      y: 0,
      z: 0,
      width: 0,
      height: 0,
      displayState: { mode: VisualContainerDisplayMode.Visible },
    },
    dataRoles: { values: [tile.measure] },
    filters: [],
    formatting: {},
  };
}

/**
 * The source of a data tile; throws TileSourceMissing when its report, page or visual is gone and a plain Error for
 * a text tile (which has no data).
 */
export function tileSource(content: ContentStore, tile: DashboardTile): TileSource {
  if (tile.kind === 'text') throw new Error('a text tile has no data');
  const report = content.report(tile.reportId);
  const dataset = report === undefined ? undefined : content.dataset(report.datasetId);
  if (report === undefined || dataset === undefined) {
    throw new TileSourceMissing(`The report this tile was pinned from no longer exists.`);
  }
  const page =
    tile.pageName === undefined ? undefined : report.definition.pages.find((p) => p.name === tile.pageName);
  if (tile.pageName !== undefined && page === undefined) {
    throw new TileSourceMissing(`The page '${tile.pageName}' of '${report.name}' no longer exists.`);
  }
  if (tile.kind === 'card') {
    const visual = cardVisual(tile);
    // The card's own filters are the tile's; the report's and its page's (slicers included) reach it as any visual.
    const query = visualQuery(report.definition, page ?? NO_PAGE, { ...visual, filters: tile.filters ?? [] });
    return { report, dataset, page, visual, query };
  }
  const visual = page?.visuals.find((v) => v.name === tile.visualName);
  if (page === undefined || visual === undefined) {
    throw new TileSourceMissing(`The visual '${tile.visualName}' of '${report.name}' no longer exists.`);
  }
  // The same filters the report frame applies to the visual (no cross-highlight: a tile has no selection).
  return { report, dataset, page, visual, query: visualQuery(report.definition, page, visual) };
}

/** The URLs of the service's embed pages, from its public URL. */
export interface EmbedLinks {
  readonly publicUrl: string;
}

const withQuery = (base: string, path: string, params: Record<string, string | undefined>): string => {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, value);
  return `${base}/${path}?${query.toString()}`;
};

/** `${publicUrl}/dashboardEmbed?dashboardId=…&groupId=…` */
export const dashboardEmbedUrl = (
  links: EmbedLinks,
  dashboard: Pick<Dashboard, 'id' | 'workspaceId'>,
): string =>
  withQuery(links.publicUrl, 'dashboardEmbed', { dashboardId: dashboard.id, groupId: dashboard.workspaceId });

/** `${publicUrl}/tileEmbed?dashboardId=…&tileId=…&groupId=…` */
export const tileEmbedUrl = (
  links: EmbedLinks,
  dashboard: Pick<Dashboard, 'id' | 'workspaceId'>,
  tileId: string,
): string =>
  withQuery(links.publicUrl, 'tileEmbed', {
    dashboardId: dashboard.id,
    tileId,
    groupId: dashboard.workspaceId,
  });

/** `reportEmbedUrl` (the report's embedUrl) and `navigationUrl` (the same, opened on the tile's page). */
export function tileLinks(
  links: EmbedLinks,
  report: Pick<Report, 'id' | 'workspaceId'>,
  pageName: string | undefined,
): { reportEmbedUrl: string; navigationUrl: string } {
  const reportEmbedUrl = withQuery(links.publicUrl, 'reportEmbed', {
    reportId: report.id,
    groupId: report.workspaceId,
  });
  return {
    reportEmbedUrl,
    navigationUrl:
      pageName === undefined ? reportEmbedUrl : `${reportEmbedUrl}&${new URLSearchParams({ pageName })}`,
  };
}

/** A dashboard as the frame receives it: every tile with what it shows and where a click leads. */
export function resolveDashboard(
  content: ContentStore,
  links: EmbedLinks,
  dashboard: Dashboard,
  /** The viewer's language: the pinned visual's title and its report's name come in it. */
  language?: string,
): ResolvedDashboard {
  const tiles = dashboard.definition.tiles.map((tile): ResolvedTile => {
    if (tile.kind === 'text') return tile;
    try {
      const { report, visual } = tileSource(content, tile);
      // The frame needs the visual's shape, not its filters (the query runs on the server).
      const title = content.reportCaptions(report, language).visuals[tile.pageName ?? '']?.[visual.name];
      return {
        ...tile,
        visual: { ...visual, filters: [], ...(title === undefined ? {} : { title }) },
        reportName: content.reportName(report, language),
        ...tileLinks(links, report, tile.pageName),
      };
    } catch (error) {
      if (error instanceof TileSourceMissing) return { ...tile, problem: error.message };
      throw error;
    }
  });
  return {
    id: dashboard.id,
    name: dashboard.name,
    workspaceId: dashboard.workspaceId,
    embedUrl: dashboardEmbedUrl(links, dashboard),
    columns: dashboard.definition.columns,
    tiles,
  };
}
