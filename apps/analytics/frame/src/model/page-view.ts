/**
 * How the page meets the canvas: the page view (fit to page, fit to width — the default, scrolling down — or actual
 * size), and, in a canvas too narrow for the page, one column of the page's visuals in reading order, each as wide
 * as the canvas and as tall as its kind needs, so no visual is shrunk until it draws nothing.
 */
import { DisplayOption, LayoutType } from '@portico/models';
import type { ISettings } from '@portico/models';
import { shareIntoRows } from './card-rows.ts';
import type { PlacedVisual } from './layout.ts';

/**
 * The page view: the host's (`customLayout.displayOption` with `layoutType: Custom`, as the SDK sends it) wins,
 * then the viewer's choice in the frame, then fit to width.
 *
 * @example pageView({}, undefined) // → DisplayOption.FitToWidth
 */
export function pageView(settings: ISettings, viewerChoice: DisplayOption | undefined): DisplayOption {
  const host = settings.layoutType === LayoutType.Custom ? settings.customLayout?.displayOption : undefined;
  return host ?? viewerChoice ?? DisplayOption.FitToWidth;
}

/** Below this many pixels per page unit at fit to width, the page's visuals stack in one column instead. */
export const STACK_BELOW_SCALE = 0.5;

/**
 * Whether the page stacks: the report's own layout (Master; a custom layout or a phone layout is the host's or the
 * author's choice and stays as it is) in a canvas narrower than half the page.
 */
export function stacks(settings: ISettings, pageWidth: number, canvasWidth: number): boolean {
  const layout = settings.layoutType ?? LayoutType.Master;
  if (layout !== LayoutType.Master || canvasWidth <= 0) return false;
  return canvasWidth / pageWidth < STACK_BELOW_SCALE;
}

/**
 * Whether the panes start open in a frame `width` pixels wide: the filters pane from 1200 pixels (beside a page
 * list and a page at least 0.6 of its size), the page list from 900; below 600 the panes stack under and over the
 * canvas, the page list as a strip of tabs (always shown) and the filters pane as a bar (collapsed).
 *
 * @example panesOpenAt(1024) // → { filters: false, pages: true }
 */
export function panesOpenAt(width: number): { filters: boolean; pages: boolean } {
  return { filters: width >= 1200, pages: width >= 900 || width < 600 };
}

const GAP = 8;
/** Cards narrower than this do not share a row. */
const CARD_MIN_WIDTH = 160;

/** The height, in pixels, a visual of a kind takes in the column at `width` pixels. */
export function stackedHeight(placed: PlacedVisual, width: number, rows?: number): number {
  const type = placed.visual.type;
  const aspect = placed.height / Math.max(placed.width, 1);
  if (type === 'card') return 112;
  if (type === 'multiRowCard') return 200;
  if (type === 'slicer') {
    const mode = (placed.visual.formatting.slicer as { mode?: string } | undefined)?.mode;
    if (mode === 'dropdown') return 84;
    // A list as tall as its values (and select all, and the search box from 7), up to 9 rows, then it scrolls.
    if (rows === undefined) return 240;
    return 44 + Math.min(rows + 1, 9) * 22 + (rows >= 7 ? 28 : 0);
  }
  // A bar chart gives each bar a line of its own (18 px) and room for its axis, up to 600 px.
  if (type === 'clusteredBarChart' && rows !== undefined)
    return Math.round(Math.min(Math.max(rows * 18 + 70, 260), 600));
  if (type === 'tableEx' || type === 'pivotTable')
    return Math.round(Math.min(Math.max(width * aspect, 320), 480));
  return Math.round(Math.min(Math.max(width * aspect, 260), Math.max(width, 260), 420));
}

/**
 * The shown visuals stacked in one column `width` pixels wide (page units of scale 1), in reading order: top to
 * bottom, then left to right. Returns the boxes and the column's height.
 *
 * @example stackVisuals(placed, 360).height
 */
export function stackVisuals(
  placed: readonly PlacedVisual[],
  width: number,
  rowsOf: (visualName: string) => number | undefined = () => undefined,
  canvasHeight = 0,
): { placed: PlacedVisual[]; height: number } {
  const shown = placed
    .filter((p) => p.visible)
    .map((p, index) => ({ p, index }))
    .sort((a, b) => a.p.y - b.p.y || a.p.x - b.p.x || a.index - b.index);
  let y = GAP;
  const inner = Math.max(width - 2 * GAP, 120);
  // Cards that follow one another share rows, as many as fit (at most four), so a KPI strip stays a strip; a run
  // that needs several rows is shared out evenly (`shareIntoRows`, the dashboards' rule too: four cards where three
  // fit are two and two, not three and one alone).
  const perRow = Math.min(Math.max(Math.floor((inner + GAP) / (CARD_MIN_WIDTH + GAP)), 1), 4);
  const boxes: PlacedVisual[] = [];
  let run: PlacedVisual[] = [];
  const flushRow = () => {
    const rows = shareIntoRows(run, perRow);
    for (const row of rows) {
      // A run of one row keeps the strip's widths (two cards where three fit: a third each).
      const columns = rows.length === 1 ? perRow : row.length;
      const cardWidth = (inner - GAP * (columns - 1)) / columns;
      row.forEach((p, i) => {
        boxes.push({ ...p, x: GAP + i * (cardWidth + GAP), y, z: 0, width: cardWidth, height: 112 });
      });
      y += 112 + GAP;
    }
    run = [];
  };
  for (const { p } of shown) {
    if (p.visual.type === 'card') {
      run.push(p);
      continue;
    }
    flushRow();
    const height = stackedHeight(p, inner, rowsOf(p.visual.name));
    boxes.push({ ...p, x: GAP, y, z: 0, width: inner, height });
    y += height + GAP;
  }
  flushRow();
  // A column shorter than the canvas lets its last table grow down to the canvas's foot (a page of one table).
  const last = boxes.at(-1);
  if (last && y < canvasHeight && (last.visual.type === 'tableEx' || last.visual.type === 'pivotTable')) {
    boxes[boxes.length - 1] = { ...last, height: last.height + canvasHeight - y };
    y = canvasHeight;
  }
  return { placed: boxes, height: y };
}

/** The most a short page's visuals grow in height to fill the canvas at fit to width (a 16:9 page on a 16:10 screen). */
export const STRETCH_MAX = 1.75;

/**
 * Fit to width on a canvas taller than the scaled page: the visuals' tops and heights grow by one factor (at most
 * `STRETCH_MAX`) so the page fills the canvas instead of leaving blank space under it — tables show more rows, charts
 * get taller plots. Widths stay; a page as tall as the canvas or taller is left as it is.
 *
 * @example stretchToCanvas(placed, 720, 0.78, 870).height // → 1114 (870 px at 0.78 pixels a unit, less a pixel)
 */
export function stretchToCanvas(
  placed: readonly PlacedVisual[],
  pageHeight: number,
  scale: number,
  canvasHeight: number,
): { placed: PlacedVisual[]; height: number } {
  const drawn = pageHeight * scale;
  // A pixel less than the canvas, so rounding never adds a scrollbar.
  const factor = drawn > 0 ? Math.min(Math.max((canvasHeight - 1) / drawn, 1), STRETCH_MAX) : 1;
  if (factor === 1) return { placed: [...placed], height: pageHeight };
  return {
    placed: placed.map((p) => ({ ...p, y: p.y * factor, height: p.height * factor })),
    height: pageHeight * factor,
  };
}
