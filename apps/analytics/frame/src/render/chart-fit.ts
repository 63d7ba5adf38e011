/**
 * How a chart adapts to the pixels it has: how wide a bar chart's category labels may be, whether a column chart's
 * labels turn, how many value ticks fit, whether a pie's labels go outside its slices and whether its legend fits
 * whole (a legend that would page is dropped: the slices carry their names). Sizes in, numbers out; a label's width
 * is measured in the chart's font (`text-width.ts`), so Japanese labels, an em per character, get their room.
 */
import { textPx, truncateToPx } from './text-width.ts';

/** About how wide an average Latin character of an 11-pixel label is: the room a slice's share ("50%") takes. */
const CHAR_PX = 5.8;

/**
 * What an outside pie label takes beside its text: its line (8 + 6 px), the gap to the text and the 10 px ECharts
 * keeps from the chart's edge (a label reaching into them is cut: ja "モノクロ 5…").
 */
const LABEL_LINE_PX = 34;
/** The line height of an 11-pixel label, with a pixel to spare. */
const LINE_PX = 14;
/** Degrees a column chart's crowded category labels turn. */
const TURN = 35;
/** The turns tried in order, the least first, until the turned labels clear each other. */
const TURNS = [TURN, 60, 90] as const;

export interface AxisFit {
  /** Most pixels a category label takes before it is cut with an ellipsis (the tooltip names it whole). */
  readonly labelWidth: number | undefined;
  /** Degrees a column chart's category labels turn when they do not fit side by side. */
  readonly rotate: number;
  /** 0 shows every category label; 'auto' lets ECharts skip some. */
  readonly interval: 0 | 'auto';
  /** How many steps the value axis aims for. */
  readonly valueTicks: number | undefined;
  /** Whether labels that would overlap are hidden (off where every bar has its line: then they only touch). */
  readonly hideOverlap: boolean;
}

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/**
 * @example axisFit(['Berlin', 'Paris'], { width: 300, height: 200 }, true).labelWidth // → 96
 */
export function axisFit(
  labels: readonly string[],
  size: { width: number; height: number } | undefined,
  horizontal: boolean,
): AxisFit {
  const longest = labels.reduce((most, l) => Math.max(most, textPx(l)), 0);
  if (!size || size.width <= 0 || size.height <= 0) {
    return {
      labelWidth: horizontal ? 140 : undefined,
      rotate: 0,
      interval: 'auto',
      valueTicks: undefined,
      hideOverlap: true,
    };
  }
  const count = Math.max(labels.length, 1);
  if (horizontal) {
    // The labels take at most 38 % of the width (190 px), so the bars keep the larger part.
    const labelWidth = Math.round(clamp(Math.min(longest + 4, size.width * 0.38), 40, 190));
    const plot = size.width - labelWidth - 24;
    const everyLine = size.height / count >= 11;
    return {
      labelWidth,
      rotate: 0,
      interval: everyLine ? 0 : 'auto',
      valueTicks: clamp(Math.floor(plot / 80), 2, 6),
      hideOverlap: !everyLine,
    };
  }
  const per = (size.width - 48) / count;
  // With a margin: the width per character is an estimate, and a label cut to its slot would read "Nov 2…".
  const fits = per >= longest * 1.1 + 10;
  if (!fits && size.height < 160) {
    // Too short a chart for turned labels (they would take its plot): level labels, as many as fit.
    return {
      labelWidth: undefined,
      rotate: 0,
      interval: 'auto',
      valueTicks: clamp(Math.floor(size.height / 48), 2, 6),
      hideOverlap: true,
    };
  }
  // Turned labels are parallel lines: they clear each other when the slots are a line apart measured across the
  // text (slot × sin 35°), however long each one is. ECharts' 'auto' interval measures their whole turned boxes
  // and dropped every other alert code of a 12-column chart 510 px wide, with room for all.
  // Where 35° leaves them closer than a line, a steeper turn (60°, then upright) spaces them further apart: 18 site
  // names on a phone all show, upright, instead of every other one.
  const turn = TURNS.find((degrees) => per * Math.sin((degrees * Math.PI) / 180) >= LINE_PX);
  const all = fits || turn !== undefined;
  return {
    // Turned labels get room for a date or a month name whole before they are cut (ja 2026年10月12日, about 80 px,
    // in a chart 180 px tall).
    labelWidth: fits ? Math.max(Math.floor(per - 8), 24) : Math.round(clamp(size.height * 0.45, 64, 110)),
    rotate: fits ? 0 : (turn ?? TURN),
    // Labels that fit side by side all show, each cut to its slot less a gap (so none can overlap another):
    // ECharts' own interval and overlap check count each label as wide as its whole slot and would drop every
    // other weekday or month.
    interval: all ? 0 : 'auto',
    valueTicks: clamp(Math.floor(size.height / 48), 2, 6),
    hideOverlap: !all,
  };
}

export interface PieFit {
  readonly labels: 'outside' | 'inside';
  readonly legend: 'Right' | 'Top' | undefined;
  /** Radii: a share of the pie's room, or pixels where outside labels need the room beside it. */
  readonly outer: string | number;
  readonly inner: string | number;
  readonly center: [string | number, string | number];
  /** A slice's name cut to the room beside the pie; '' beside a legend that names the slices. */
  readonly truncate: (label: string) => string;
}

/**
 * @example pieFit(['Colour', 'Mono'], { width: 300, height: 240 }, undefined).labels // → 'outside'
 */
export function pieFit(
  labels: readonly string[],
  size: { width: number; height: number } | undefined,
  legend: { show?: boolean; position?: string } | undefined,
  shares: readonly string[] = ['50%'],
): PieFit {
  const width = size?.width ?? 400;
  const height = size?.height ?? 300;
  const outside = width >= 200 && height >= 110;
  const whole = labels.reduce((most, l) => Math.max(most, textPx(l)), 0);
  const longest = whole + 12;
  // A legend to the right fits when every entry has its line and the pie keeps room for its labels.
  const rightLegend =
    size !== undefined &&
    legend?.show !== false &&
    legend?.show === true &&
    labels.length * 20 <= height - 8 &&
    width - longest - 24 >= 300;
  const maxPx = Math.max(6 * CHAR_PX, width * (rightLegend ? 0.16 : 0.22));
  const half = (rightLegend ? 0.4 : 0.5) * width;
  const share = (width < 320 || height < 200 ? 0.5 : 0.62) * (Math.min(width, height) / 2);
  // Outside labels ("Colour 50%") need their width beside the pie on both sides (ECharts cuts a label at the
  // chart's edge): the pie is as big as its share of the box, but no bigger than leaves that room. It keeps at least
  // 45 % of its share of the box; names that then do not fit beside it are cut ("…", the tooltip names them whole).
  // The widest share after a name (" 50.5%") as the label font writes it.
  const sharePx = shares.reduce((most, share) => Math.max(most, textPx(` ${share}`)), 0);
  const sized = (namePx: number) => {
    const labelPx = namePx + sharePx + LABEL_LINE_PX;
    const radius = Math.round(clamp(Math.min(share, half - labelPx), Math.min(24, share), share));
    const kept = Math.max(radius, Math.round(share * 0.45));
    // A pixel to spare: the radius is rounded, and a name that took exactly its room would read as cut.
    const roomPx = Math.max(4 * CHAR_PX, half - kept - LABEL_LINE_PX - sharePx + 1);
    return { kept, cut: Math.min(maxPx, roomPx) };
  };
  const named = sized(Math.min(whole, maxPx));
  // Beside a legend that names every slice whole, names that would be cut go: the slices carry their shares only
  // ("16%", not "Broth… 16%"), and the pie takes the room.
  const sharesOnly = rightLegend && named.cut < whole;
  const { kept, cut } = sharesOnly ? sized(0) : named;
  const top = size === undefined ? undefined : legendFit(labels, width);
  if (outside && !rightLegend && cut < whole && top && !top.scroll && legend?.show !== false) {
    // Names that would be cut beside the pie go whole in a legend across the top; the slices carry their shares.
    const legendHeight = top.rows * 20 + 8;
    const room = height - legendHeight;
    const outer = Math.max(24, Math.floor(Math.min(width / 2, room / 2) - 8));
    return {
      labels: 'inside',
      legend: 'Top',
      outer,
      inner: Math.round(outer * 0.55),
      center: ['50%', Math.round(legendHeight + room / 2)],
      truncate: (label) => label,
    };
  }
  return {
    labels: outside ? 'outside' : 'inside',
    legend: rightLegend ? 'Right' : undefined,
    outer: !outside ? '85%' : kept,
    inner: !outside ? '50%' : Math.round(kept * 0.6),
    center: [rightLegend ? '40%' : '50%', '52%'],
    truncate: sharesOnly ? () => '' : (label) => truncateToPx(label, cut),
  };
}

/**
 * How many lines a legend across the top takes in `width` pixels, each entry a 25-pixel key, 5 pixels and its name,
 * 10 pixels apart, wrapped as ECharts wraps a plain legend. Where it would take more than three lines the legend
 * scrolls instead (one line with paging arrows).
 *
 * @example legendFit(['black toner', 'cyan toner', 'drum'], 200) // → { rows: 2, scroll: false }
 */
export function legendFit(
  names: readonly string[],
  width: number | undefined,
): { readonly rows: number; readonly scroll: boolean } {
  if (width === undefined || width <= 0) return { rows: 1, scroll: true };
  const room = width - 16;
  let rows = 1;
  let used = 0;
  for (const name of names) {
    const item = 25 + 5 + textPx(name);
    if (used > 0 && used + 10 + item > room) {
      rows += 1;
      used = item;
    } else {
      used += (used > 0 ? 10 : 0) + item;
    }
  }
  return rows > 3 ? { rows: 1, scroll: true } : { rows, scroll: false };
}
