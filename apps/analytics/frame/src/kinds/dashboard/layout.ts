/**
 * Where each tile of a dashboard goes for a `pageView`, in CSS pixels. Pure, for the view and its tests.
 *
 * - `actualSize`: every grid cell is CELL.width × CELL.height with CELL.gap between; the frame scrolls if it is
 *   smaller than the grid.
 * - `fitToWidth`: the same grid scaled, gaps included, so its width is the frame's width; in a frame narrower than
 *   0.7 of the grid, one column as `oneColumn`.
 * - `oneColumn`: tiles one under another in reading order (row, then column), each the frame's width and its
 *   natural height — but a one-row tile that shows a single number (a card) gets NUMBER_TILE_HEIGHT: in a column,
 *   four cards at the grid's row height filled a phone's first screen with four numbers. In the one column that
 *   fit to width falls back to, consecutive number tiles share rows where each keeps at least the grid's cell width
 *   (two in a 640 px frame, 200 % zoom of a laptop; one on a phone, where two would cut their titles), a run of them
 *   shared out evenly over the rows it needs, as on a report page (`shareIntoRows`: four where three fit are two and
 *   two, not three and one); `oneColumn` asked by the host is one column.
 */
import type { PageView, ResolvedTile } from '@portico/analytics-model';
import { shareIntoRows } from '../../model/card-rows.ts';

export const CELL = { width: 240, height: 160, gap: 8 } as const;
/**
 * A card tile's height in one column: the tile's header (36 px), the number at its full size (32 px, 40 % of the
 * body's height: 80 px) and the visual's bottom inset (6 px).
 */
export const NUMBER_TILE_HEIGHT = 122;
/** The smallest scale fit to width shrinks the grid to; a narrower frame gets one column. */
export const NARROWEST_FIT = 0.7;

export interface TileBox {
  readonly tile: ResolvedTile;
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

export interface Arrangement {
  /** The tiles in reading order. */
  readonly boxes: readonly TileBox[];
  readonly width: number;
  readonly height: number;
}

const span = (cells: number, size: number): number => cells * size + (cells - 1) * CELL.gap;

/** True for a tile that shows one number: a card tile, or a pinned card visual. */
const showsOneNumber = (tile: ResolvedTile): boolean =>
  tile.kind === 'card' || (tile.kind === 'visual' && tile.visual?.type === 'card');

/** The tiles in reading order: by row, then by column. */
export function readingOrder<T extends { row: number; col: number }>(tiles: readonly T[]): T[] {
  return [...tiles].sort((a, b) => a.row - b.row || a.col - b.col);
}

/**
 * `arrangeTiles({ columns: 4, tiles }, 'fitToWidth', 1000)` → boxes whose right edges reach 1000 at most.
 * `available` is the frame's width (0 before it is measured: the grid is then shown at its actual size).
 */
export function arrangeTiles(
  dashboard: { readonly columns: number; readonly tiles: readonly ResolvedTile[] },
  pageView: PageView,
  available: number,
): Arrangement {
  const tiles = readingOrder(dashboard.tiles);
  const naturalWidth = dashboard.columns * (CELL.width + CELL.gap) + CELL.gap;
  // Fit to width in a frame under 0.7 of the grid (a phone, 200 % zoom) would shrink tiles until their charts and
  // numbers cannot be read: the tiles stack in one column instead.
  const tooNarrow = pageView === 'fitToWidth' && available > 0 && available / naturalWidth < NARROWEST_FIT;
  if (pageView === 'oneColumn' || tooNarrow) {
    const width = Math.max(available, CELL.width + 2 * CELL.gap);
    const inner = width - 2 * CELL.gap;
    // Fit to width in a narrow frame: number tiles side by side where each keeps the grid's own width (2 at 200 %
    // zoom, 1 on a phone), a run of them shared out evenly over its rows (`shareIntoRows`, the report page's rule
    // too). A host that asks for `oneColumn` gets one column.
    const perRow =
      pageView === 'oneColumn' ? 1 : Math.max(1, Math.floor((inner + CELL.gap) / (CELL.width + CELL.gap)));
    const boxes: TileBox[] = [];
    let top = CELL.gap;
    let run: ResolvedTile[] = [];
    const flushRun = () => {
      for (const row of shareIntoRows(run, perRow)) {
        const each = (inner - (row.length - 1) * CELL.gap) / row.length;
        row.forEach((numberTile, k) => {
          boxes.push({
            tile: numberTile,
            left: CELL.gap + k * (each + CELL.gap),
            top,
            width: each,
            height: NUMBER_TILE_HEIGHT,
          });
        });
        top += NUMBER_TILE_HEIGHT + CELL.gap;
      }
      run = [];
    };
    for (const tile of tiles) {
      if (tile.rowSpan === 1 && showsOneNumber(tile)) {
        run.push(tile);
        continue;
      }
      flushRun();
      boxes.push({ tile, left: CELL.gap, top, width: inner, height: span(tile.rowSpan, CELL.height) });
      top += span(tile.rowSpan, CELL.height) + CELL.gap;
    }
    flushRun();
    return { boxes, width, height: top };
  }
  const scale = pageView === 'fitToWidth' && available > 0 ? available / naturalWidth : 1;
  const rows = tiles.reduce((most, tile) => Math.max(most, tile.row + tile.rowSpan), 0);
  const boxes = tiles.map((tile) => ({
    tile,
    left: (CELL.gap + tile.col * (CELL.width + CELL.gap)) * scale,
    top: (CELL.gap + tile.row * (CELL.height + CELL.gap)) * scale,
    width: span(tile.colSpan, CELL.width) * scale,
    height: span(tile.rowSpan, CELL.height) * scale,
  }));
  return { boxes, width: naturalWidth * scale, height: (rows * (CELL.height + CELL.gap) + CELL.gap) * scale };
}
