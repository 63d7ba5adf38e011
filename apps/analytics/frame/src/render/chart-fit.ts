/**
 * How a chart adapts to the pixels it has: how wide a bar chart's category labels may be, whether a column chart's
 * labels turn, how many value ticks fit, whether a pie's labels go outside its slices and whether its legend fits
 * whole (a legend that would page is dropped: the slices carry their names). Sizes in, numbers out; a label's width
 * is measured in the chart's font (`text-width.ts`), so Japanese labels, an em per character, get their room.
 */
import { LEGEND_KEY_PX, LEGEND_PADDING, legendFit, legendHeight } from './legend-fit.ts';
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
  /**
   * Most pixels a category label takes before it is cut with an ellipsis (the tooltip names it whole); undefined
   * where none is cut.
   */
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
  // Turned labels get room for a date or a month name whole before they are cut (ja 2026年10月12日, about 80 px,
  // in a chart 180 px tall).
  const turnedRoom = Math.round(clamp(size.height * 0.45, 64, 110));
  return {
    // Turned labels that all fit their room are not cut, and get no width: a width is room reserved under the plot,
    // and one kept with a margin for the measure ("Sep" given 27 px) was a blank band under every turned axis (13 px
    // on a phone's seasonality chart).
    labelWidth: fits ? Math.max(Math.floor(per - 8), 24) : longest <= turnedRoom ? undefined : turnedRoom,
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

/** The inner radius of a donut, as a share of its outer one. */
const HOLE = 0.6;

/** What outside labels may cost a pie: past a quarter of the radius it would have with its shares inside, they go in. */
const OUTSIDE_KEEPS = 0.75;

/**
 * How a pie or donut lays out in its box, with its slices' `shares` as the labels write them. Labels outside the
 * slices (on lines) are read best, but each side of the pie gives up a label's width to them; so they are used only
 * where they leave the pie at least three quarters of the radius it would have with its shares inside the slices
 * (white with a dark edge), and a pie is never left small in a big box:
 * - **a legend on the right**, where the visual asks for one there and its entries fit the height: the slices carry
 *   their shares only (the legend names them), outside where that costs the pie little, else inside;
 * - else **names beside the pie** ("Colour 50.5%"), no legend, where they fit whole at that cost (a wide box);
 * - else **a legend across the top**, whole (never paged), and the shares inside the slices;
 * - else (a legend that would not fit, or one the visual hides) names beside the pie, cut with "…" where they must
 *   be (the tooltip names them whole).
 * A box under 200 × 110 px has its shares inside, under a legend across the top where one fits whole.
 *
 * @example pieFit(['Colour', 'Mono'], { width: 600, height: 240 }, undefined).labels // → 'outside'
 */
export function pieFit(
  labels: readonly string[],
  size: { width: number; height: number } | undefined,
  legend: { show?: boolean; position?: string } | undefined,
  shares: readonly string[] = ['50%'],
): PieFit {
  const width = size?.width ?? 400;
  const height = size?.height ?? 300;
  // A legend across the top, whole, and the shares inside: what every other layout is measured against.
  const top = size === undefined || legend?.show === false ? undefined : legendFit(labels, width);
  const topPx = top && !top.scroll ? legendHeight(top.rows) : undefined;
  const insideRadius = (w: number, h: number) => Math.max(24, Math.floor(Math.min(w, h) / 2 - 10));
  const topRadius = topPx === undefined ? undefined : insideRadius(width, height - topPx);
  const topLegend = (legendPx: number, outer: number): PieFit => ({
    labels: 'inside',
    legend: 'Top',
    outer,
    inner: Math.round(outer * 0.55),
    center: ['50%', Math.round(legendPx + (height - legendPx) / 2)],
    truncate: (label) => label,
  });
  if (!(width >= 200 && height >= 110)) {
    // Too small for names beside it: its shares inside, and a legend on top where one fits whole above a pie of
    // some size (a 180-pixel colour and mono pie read 59% and 41% with nothing saying which was which).
    if (topPx !== undefined && topRadius !== undefined && height - topPx >= 90)
      return topLegend(topPx, topRadius);
    return {
      labels: 'inside',
      legend: undefined,
      outer: '85%',
      inner: '50%',
      center: ['50%', '52%'],
      truncate: () => '',
    };
  }
  const whole = labels.reduce((most, l) => Math.max(most, textPx(l)), 0);
  // The widest share after a name (" 50.5%") as the label font writes it.
  const sharePx = shares.reduce((most, share) => Math.max(most, textPx(` ${share}`)), 0);
  // A pie with outside labels keeps a line above and below it for the topmost and lowest slices' labels.
  const outsideCap = (h: number) => Math.max(h / 2 - 24, 12);

  if (size !== undefined && legend?.show === true && legend.position === 'Right') {
    const plot = width - (LEGEND_PADDING * 2 + LEGEND_KEY_PX + Math.ceil(whole) + 8);
    const inside = insideRadius(plot, height);
    const outside = Math.round(Math.min(outsideCap(height), plot / 2 - sharePx - LABEL_LINE_PX));
    const roomy = topRadius === undefined ? inside >= 40 : inside >= OUTSIDE_KEEPS * topRadius;
    if (legendHeight(labels.length) <= height && roomy) {
      const out = outside >= OUTSIDE_KEEPS * inside;
      const outer = out ? outside : inside;
      return {
        labels: out ? 'outside' : 'inside',
        legend: 'Right',
        outer,
        inner: Math.round(outer * (out ? HOLE : 0.55)),
        center: [Math.round(plot / 2), '52%'],
        truncate: () => '',
      };
    }
  }

  // Names beside the pie: it is as big as its cap, but no bigger than leaves each side a label's width; it keeps
  // at least 45 % of its cap, and names that then do not fit beside it are cut.
  const most = outsideCap(height);
  const maxPx = Math.max(6 * CHAR_PX, width * 0.22);
  const radius = Math.round(Math.min(most, width / 2 - Math.min(whole, maxPx) - sharePx - LABEL_LINE_PX));
  const kept = Math.max(radius, Math.round(most * 0.45));
  // A pixel to spare: the radius is rounded, and a name that took exactly its room would read as cut.
  const cut = Math.min(maxPx, Math.max(4 * CHAR_PX, width / 2 - kept - LABEL_LINE_PX - sharePx + 1));
  const besideWhole = cut >= whole;

  if (topPx !== undefined && topRadius !== undefined && !(besideWhole && kept >= OUTSIDE_KEEPS * topRadius)) {
    return topLegend(topPx, topRadius);
  }
  return {
    labels: 'outside',
    legend: undefined,
    outer: kept,
    inner: Math.round(kept * HOLE),
    center: ['50%', '52%'],
    truncate: (label) => truncateToPx(label, cut),
  };
}

/** A value axis' ends and step, as `valueScale` chooses them. */
export interface ValueScale {
  readonly min: number;
  readonly max: number;
  readonly interval: number;
}

/** Nice steps: 1, 2, 2.5 and 5 times a power of ten (2.5 only from 25 shown units: a "2.5%" tick would read "3%"). */
const STEP_DIGITS = [1, 2, 2.5, 5] as const;

/**
 * The value axis' ends and step: the nice step (1, 2, 2.5 or 5 × 10ⁿ) whose ends overshoot the data least, among
 * those giving from two steps (one where `steps` is 2) to one more than `steps`, so an axis never runs a whole step
 * past its data where a tighter nice end exists. ECharts picks its step from the data's range over `splitNumber` first (1, 2, 3 or 5 × 10ⁿ) and then
 * rounds the end up to it: shares up to 95.9 % in three steps ran to 120 % (0.3 a step); here they end at 100 %.
 * Within a twentieth of the range of the least overshoot, the step count nearest `steps` wins, then the fewer steps.
 * `integer` (counts) takes whole steps only; `shown` is what a tick is multiplied by when written (100 for a
 * percentage), so a 2.5 step is taken only where its ticks are whole. Undefined where the data span nothing.
 *
 * @example valueScale(0, 0.959, 3, { shown: 100 }) // → { min: 0, max: 1, interval: 0.5 }
 */
export function valueScale(
  low: number,
  high: number,
  steps: number | undefined,
  options: { readonly integer?: boolean; readonly shown?: number } = {},
): ValueScale | undefined {
  const lo = Math.min(0, low);
  const hi = Math.max(0, high);
  const span = hi - lo;
  if (!Number.isFinite(span) || span <= 0) return undefined;
  const target = Math.max(steps ?? 5, 1);
  const shown = options.shown ?? 1;
  const power = Math.floor(Math.log10(span / target));
  const candidates: { scale: ValueScale; overshoot: number; count: number }[] = [];
  for (let p = power - 1; p <= power + 1; p += 1) {
    for (const digit of STEP_DIGITS) {
      // Rounded to the step's own precision, so 0.1 × 3 is 0.3, not 0.30000000000000004.
      const step = Number((digit * 10 ** p).toPrecision(2));
      if (options.integer && !Number.isInteger(step)) continue;
      if (digit === 2.5 && step * shown < 25 - 1e-9) continue;
      const max = Number((Math.ceil(hi / step - 1e-9) * step).toPrecision(12));
      const min = Number((Math.floor(lo / step + 1e-9) * step).toPrecision(12)) + 0;
      const count = Math.round((max - min) / step);
      if (count < Math.max(1, Math.min(2, target - 1)) || count > target + 1) continue;
      candidates.push({ scale: { min, max, interval: step }, overshoot: max - hi + (lo - min), count });
    }
  }
  if (candidates.length === 0) return undefined;
  const least = Math.min(...candidates.map((c) => c.overshoot));
  const close = candidates.filter((c) => c.overshoot <= least + span / 20 + 1e-12);
  close.sort((a, b) => Math.abs(a.count - target) - Math.abs(b.count - target) || a.count - b.count);
  return close[0]?.scale;
}
