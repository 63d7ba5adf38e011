/**
 * A chart's legend in the room its box leaves: how many lines it wraps over as ECharts wraps it, and for a series
 * chart (bars, columns, lines) where it stands and how far its names may run before they are cut with "…".
 *
 * A series chart's legend yields to its plot: the plot keeps a readable height (`MIN_PLOT_PX`, or half of a box too
 * short for that), and a legend whose whole names would take more moves beside the plot where the box is wide, else
 * takes fewer lines with its longer names cut (each with an ellipsis; hovering the entry names it whole). It never
 * scrolls: ECharts' scrolling legend clips the names past its page without an ellipsis ("Magenta tor" on a phone).
 */
import { textPx } from './text-width.ts';

/** ECharts' legend (6.x defaults): 5 px padding, entries 8 px apart, each a 25-pixel key, 5 pixels and its name. */
export const LEGEND_PADDING = 5;
const LEGEND_GAP = 8;
export const LEGEND_KEY_PX = 25 + 5;
/** An entry's height: its 14-pixel key, or its 11-pixel name's line, whichever is taller (as drawn, about 15 px). */
const LEGEND_ROW_PX = 15;

/**
 * The height in pixels of a legend of `rows` lines across the top (or of `rows` entries down the side), its padding
 * included: where a chart's plot or a pie can start below it (a row is an entry and the gap to the next).
 *
 * @example legendHeight(2) // → 48
 */
export function legendHeight(rows: number): number {
  return 2 * LEGEND_PADDING + Math.max(rows, 1) * (LEGEND_ROW_PX + LEGEND_GAP) - LEGEND_GAP;
}

/** A name's width as ECharts lays it out: measured in the label font and rounded up, as its own text boxes are. */
const namePx = (name: string): number => Math.ceil(textPx(name));

/**
 * How many lines entries whose names take `nameWidths` pixels wrap over in `width`, as ECharts wraps a plain legend:
 * an entry goes on the next line when its right end would pass the legend's width (the chart's less its padding).
 */
function wrappedRows(nameWidths: readonly number[], width: number): number {
  const room = width - 2 * LEGEND_PADDING;
  let rows = 1;
  let used = 0;
  for (const name of nameWidths) {
    const item = LEGEND_KEY_PX + name;
    if (used > 0 && used + LEGEND_GAP + item > room) {
      rows += 1;
      used = item;
    } else {
      used += (used > 0 ? LEGEND_GAP : 0) + item;
    }
  }
  return rows;
}

/**
 * How many lines a legend across the top takes in `width` pixels, wrapped as ECharts wraps a plain legend, its names
 * whole (a Japanese name measured a fraction of a pixel short put five supplies on two lines where ECharts drew one,
 * and the plot started a line too low). `scroll` where it would take more than three lines: too long to show whole.
 *
 * @example legendFit(['black toner', 'cyan toner', 'drum'], 200) // → { rows: 2, scroll: false }
 */
export function legendFit(
  names: readonly string[],
  width: number | undefined,
): { readonly rows: number; readonly scroll: boolean } {
  if (width === undefined || width <= 0) return { rows: 1, scroll: true };
  const rows = wrappedRows(names.map(namePx), width);
  return rows > 3 ? { rows: 1, scroll: true } : { rows, scroll: false };
}

/** The plot's least height beside its legend: four value steps 25 px apart, bars a reader can compare. */
const MIN_PLOT_PX = 100;
/** In a box too short for `MIN_PLOT_PX`, the share of its height the plot keeps. */
const MIN_PLOT_SHARE = 0.5;
/** The most of a chart's width a legend beside its plot takes (the plot keeps the larger part). */
const BESIDE_SHARE = 0.3;
/** The least a cut name keeps: about six letters and the ellipsis ("Black…", "Cyan t…"; 36 px drew "Cya…"). */
const MIN_NAME_PX = 48;
/** The most lines a legend across wraps over. */
const MAX_ROWS = 3;

/**
 * The widest whole-pixel cut from `least` to `most` at which the names `fit`, by binary search: a wider cut never
 * takes fewer lines (every entry is as wide or wider, and ECharts' line-filling wraps no sooner), so the cuts that
 * fit are the ones up to a boundary. `least` where none fits (or `most` is not above it).
 *
 * @example widestCut((cap) => cap <= 57, 48, 90) // → 57
 */
export function widestCut(fit: (cap: number) => boolean, least: number, most: number): number {
  if (most <= least || fit(most)) return most;
  // `fits` fits (or is `least`), `over` does not: halve the span between them until they touch.
  let fits = least;
  let over = most;
  while (over - fits > 1) {
    const middle = Math.floor((fits + over) / 2);
    if (fit(middle)) fits = middle;
    else over = middle;
  }
  return fits;
}

export type LegendPosition = 'Top' | 'Bottom' | 'Left' | 'Right';

/** Where a series chart's legend stands and what it takes from the plot. */
export interface SeriesLegend {
  readonly position: LegendPosition;
  /** Lines across the top or bottom; entries down the side beside the plot. */
  readonly rows: number;
  /** The most pixels a name takes before it is cut with "…" (its entry's tooltip names it whole); undefined: all whole. */
  readonly nameWidth: number | undefined;
  /** The pixels it takes from the plot: its height across, its width beside. */
  readonly extent: number;
}

/**
 * The legend of a series chart in a box of `size`, where the axes, their labels and the grid's margins take
 * `reservedPx` of its height (the plot and the legend share the rest). The visual's `position` is kept where the
 * plot keeps its least height (`MIN_PLOT_PX`, or half of a shorter box) with every name whole over up to three lines;
 * else, in a box wide enough that whole names beside the plot take at most 30 % of its width, the legend stands on
 * the right; else it takes as many lines as leave the plot its height (at least one) and its longer names are cut to
 * one width, the widest that fits those lines, but never under about six letters: where that is too short, it takes
 * a line more, and at the lines whole names take, they are whole again. A legend asked for on a side stands there,
 * its names cut to 30 % of the width.
 *
 * @example seriesLegend(['Black toner', 'Cyan toner'], { width: 900, height: 300 }, 'Top', 60).rows // → 1
 */
export function seriesLegend(
  names: readonly string[],
  size: { readonly width: number; readonly height: number } | undefined,
  position: LegendPosition,
  reservedPx: number,
): SeriesLegend {
  const widths = names.map(namePx);
  const longest = Math.max(0, ...widths);
  const beside = (side: LegendPosition, cap: number | undefined): SeriesLegend => ({
    position: side,
    rows: names.length,
    nameWidth: cap !== undefined && cap < longest ? cap : undefined,
    extent: 2 * LEGEND_PADDING + LEGEND_KEY_PX + Math.min(longest, cap ?? longest),
  });
  if (!size || size.width <= 0 || size.height <= 0) {
    return position === 'Left' || position === 'Right'
      ? beside(position, undefined)
      : { position, rows: 1, nameWidth: undefined, extent: legendHeight(1) };
  }
  const sideRoom = Math.floor(size.width * BESIDE_SHARE) - 2 * LEGEND_PADDING - LEGEND_KEY_PX;
  if (position === 'Left' || position === 'Right') return beside(position, Math.max(sideRoom, MIN_NAME_PX));

  const minPlot = Math.min(MIN_PLOT_PX, size.height * MIN_PLOT_SHARE);
  const plotBeside = (legendPx: number) => size.height - reservedPx - legendPx >= minPlot;
  const plotKept = (rows: number) => plotBeside(legendHeight(rows));
  const across = (rows: number, cap: number | undefined): SeriesLegend => ({
    position,
    rows,
    nameWidth: cap,
    extent: legendHeight(rows),
  });

  const whole = wrappedRows(widths, size.width);
  if (whole <= MAX_ROWS && plotKept(whole)) return across(whole, undefined);
  // Beside the plot, names whole, where the box is wide enough and tall enough for the entries down its side.
  if (longest <= sideRoom && legendHeight(names.length) <= size.height && plotBeside(0)) {
    return beside('Right', undefined);
  }
  // As many lines as keep the plot its height (at least one), the longer names cut to one width, the widest that
  // fits them; where that would cut names under about six letters, a line more (here the plot yields: names cut
  // to "Bl…" tell nothing), up to the lines whole names take.
  const rowsAt = (cap: number) =>
    wrappedRows(
      widths.map((w) => Math.min(w, cap)),
      size.width,
    );
  let lines = 1;
  while (lines < MAX_ROWS && plotKept(lines + 1)) lines += 1;
  for (; lines <= MAX_ROWS; lines += 1) {
    const cap = widestCut((cap) => rowsAt(cap) <= lines, MIN_NAME_PX, longest);
    const rows = rowsAt(cap);
    if (rows <= lines) return across(rows, cap < longest ? cap : undefined);
  }
  // More names than three lines hold even cut: as many lines as they take at the shortest cut.
  return across(rowsAt(MIN_NAME_PX), MIN_NAME_PX);
}
