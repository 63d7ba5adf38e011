/**
 * Maps a chart visual and its query answer to an ECharts option: bar, column (clustered and stacked), line, area,
 * pie and donut. Pure data, so it is tested without a canvas.
 */
import type { EChartsCoreOption } from 'echarts/core';
import type { QueryAnswer, ReportVisual, ResultColumn, VisualType } from '@portico/analytics-model';
import { inNaturalOrder, isPercentFormat, yearlessFormat } from '@portico/analytics-model';
import type { ResolvedTheme } from './theme.ts';
import { paletteColors } from './theme.ts';
import type { ValueFormatter } from './value-format.ts';
import { ENGLISH_VALUES } from './value-format.ts';
import { axisFit, pieFit, valueScale } from './chart-fit.ts';
import { seriesLegend } from './legend-fit.ts';
import type { LegendPosition, SeriesLegend } from './legend-fit.ts';
import type { AxisFit } from './chart-fit.ts';
import { textPx, truncateToPx } from './text-width.ts';
import { shareLabels } from './slice-shares.ts';

export const CHART_TYPES: ReadonlySet<VisualType> = new Set([
  'clusteredBarChart',
  'clusteredColumnChart',
  'stackedColumnChart',
  'lineChart',
  'areaChart',
  'pieChart',
  'donutChart',
]);

/** The categories of a chart and one series of values per measure (or per value of the series column). */
export interface ChartData {
  readonly categories: string[];
  readonly series: {
    readonly name: string;
    readonly values: (number | null)[];
    readonly format?: string;
    /**
     * A measure's name in the model, the same in every language (its `name` is its caption, `モノクロ総枚数` in
     * Japanese): what a visual's `dataColors` and a theme's `valueColors` bind its colour to.
     */
    readonly measure?: string;
  }[];
  /** The column whose values name the series (a series role), so legends and tooltips caption them. */
  readonly seriesColumn?: ResultColumn;
}

const label = (value: unknown): string =>
  value === null || value === undefined ? '(Blank)' : String(value as string | number);
const numeric = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/**
 * The series' names in the series column's sort order. The service sorts rows by category, then by the series
 * column (by its sort-by column where it has one), so within each category the series come in order; a series
 * missing from the first categories (a year that starts in July) goes before the first later series it precedes
 * somewhere, instead of last. Legends then read 2024, 2025, 2026, never 2025, 2026, 2024.
 */
export function seriesOrder(rows: QueryAnswer['rows'], categoryIndex: number, seriesIndex: number): string[] {
  const order: string[] = [];
  const byCategory = new Map<string, string[]>();
  for (const row of rows) {
    const key = label(categoryIndex >= 0 ? row[categoryIndex] : '');
    const names = byCategory.get(key) ?? [];
    names.push(label(row[seriesIndex]));
    byCategory.set(key, names);
  }
  for (const names of byCategory.values()) {
    names.forEach((name, i) => {
      if (order.includes(name)) return;
      const next = names.slice(i + 1).find((later) => order.includes(later));
      order.splice(next === undefined ? order.length : order.indexOf(next), 0, name);
    });
  }
  return order;
}

/**
 * Splits an answer into categories and series; with a series role, its column's values become the series. A column
 * whose model lists its values keeps their natural order (critical, warning, info): the series always, the categories
 * unless the visual is sorted (by a measure, say).
 */
export function chartData(
  visual: Pick<ReportVisual, 'dataRoles'> & { readonly sort?: ReportVisual['sort'] },
  answer: QueryAnswer,
): ChartData {
  const categoryIndex = answer.columns.findIndex((c) => c.kind === 'column');
  const measures = answer.columns.map((c, i) => ({ c, i })).filter(({ c }) => c.kind === 'measure');
  const seen = new Set<string>();
  for (const row of answer.rows) seen.add(label(categoryIndex >= 0 ? row[categoryIndex] : ''));
  const categories =
    visual.sort === undefined
      ? inNaturalOrder([...seen], answer.columns[categoryIndex]?.values, (c) => c)
      : [...seen];
  const position = new Map(categories.map((c, i) => [c, i]));
  const hasSeriesRole = (visual.dataRoles.series?.length ?? 0) > 0;
  const seriesIndex = hasSeriesRole
    ? answer.columns.findIndex((c, i) => c.kind === 'column' && i !== categoryIndex)
    : -1;
  const first = measures[0];
  if (seriesIndex >= 0 && first) {
    const byName = new Map<string, (number | null)[]>();
    for (const row of answer.rows) {
      const name = label(row[seriesIndex]);
      let values = byName.get(name);
      if (!values) byName.set(name, (values = categories.map(() => null)));
      values[position.get(label(categoryIndex >= 0 ? row[categoryIndex] : '')) ?? 0] = numeric(row[first.i]);
    }
    const format = first.c.format;
    const seriesColumn = answer.columns[seriesIndex];
    const order = inNaturalOrder(
      seriesOrder(answer.rows, categoryIndex, seriesIndex),
      seriesColumn?.values,
      (n) => n,
    );
    return {
      categories,
      series: order.map((name) => ({ name, values: byName.get(name) ?? [], ...(format ? { format } : {}) })),
      ...(seriesColumn ? { seriesColumn } : {}),
    };
  }
  return {
    categories,
    series: measures.map(({ c, i }) => {
      const values: (number | null)[] = categories.map(() => null);
      for (const row of answer.rows) {
        values[position.get(label(categoryIndex >= 0 ? row[categoryIndex] : '')) ?? 0] = numeric(row[i]);
      }
      return {
        name: c.displayName,
        values,
        ...(c.format ? { format: c.format } : {}),
        ...('measure' in c.field ? { measure: c.field.measure.measure } : {}),
      };
    }),
  };
}

/**
 * The size of every label the frame draws in a chart. The line height is explicit because ECharts measures a line as
 * the width of a CJK character ('国'), about 4 px at 11 px where the browser has no CJK font: every overlap check
 * (axis labels' `hideOverlap`, series' `labelLayout`) would then take 11-px labels for 4-px ones and hide nothing.
 * A line as tall as the font: two labels may touch, but their glyphs (about 10 px of ink at 11 px) never meet.
 */
export const LABEL_TEXT = { fontSize: 11, lineHeight: 11 } as const;

interface Formatting {
  legend?: { show?: boolean; position?: string };
  /** Colours by value: a category's slice or a series (`{ critical: '#C62828' }`), over the theme's. */
  dataColors?: Record<string, string>;
  dataLabels?: { show?: boolean };
  stacked?: boolean;
}

function legendOption(formatting: Formatting, theme: ResolvedTheme, defaultShow: boolean): object {
  const show = formatting.legend?.show ?? defaultShow;
  const position = formatting.legend?.position ?? 'Top';
  const side =
    position === 'Right'
      ? { right: 8, top: 'middle', orient: 'vertical' }
      : position === 'Bottom'
        ? { bottom: 0 }
        : position === 'Left'
          ? { left: 8, top: 'middle', orient: 'vertical' }
          : { top: 0 };
  return {
    show,
    // Never ECharts' scrolling legend: it clips the names past its page without an ellipsis ("Magenta tor"). A
    // legend wraps, and a series chart's cuts its longer names with "…" where whole ones would crowd the plot
    // (`seriesLegend`).
    type: 'plain',
    textStyle: { color: theme.foreground, ...LABEL_TEXT },
    ...side,
  };
}

const legendPosition = (position: string | undefined): LegendPosition =>
  position === 'Bottom' || position === 'Left' || position === 'Right' ? position : 'Top';

/**
 * A series chart's legend as `seriesLegend` lays it out: where it stands, and its longer names cut with "…" to its
 * `nameWidth` (each cut entry given that width; the others keep theirs, so short names leave no gaps), an entry's
 * tooltip naming it whole.
 */
function seriesLegendOption(
  formatting: Formatting,
  theme: ResolvedTheme,
  defaultShow: boolean,
  legend: SeriesLegend,
  series: readonly string[],
  name: (raw: string) => string,
): object {
  const base = {
    ...legendOption(
      { ...formatting, legend: { ...formatting.legend, position: legend.position } },
      theme,
      defaultShow,
    ),
    formatter: name,
  };
  const width = legend.nameWidth;
  if (width === undefined) return base;
  return {
    ...base,
    data: series.map((raw) =>
      Math.ceil(textPx(name(raw))) > width
        ? { name: raw, textStyle: { width, overflow: 'truncate', ellipsis: '…' } }
        : { name: raw },
    ),
    tooltip: { show: true, formatter: (p: { name?: string }) => escapeHtml(name(p.name ?? '')) },
  };
}

export interface ChartOptionSettings {
  readonly animation: boolean;
  /** The category the user selected (others are dimmed), if any. */
  readonly selectedCategory?: string | undefined;
  /** The chart's drawing size in pixels, when known: ticks, labels and legends adapt to it (`chart-fit.ts`). */
  readonly size?: { readonly width: number; readonly height: number } | undefined;
  /** Writes values in the embed's locale (`value-format.ts`); en-US without. */
  readonly formatter?: ValueFormatter | undefined;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A colour by value: the visual's own map, then the theme's, else the palette's colour bound to the value
 * (`paletteColors`; none for a series of measures, which take the palette in their order).
 */
function valueColor(
  formatting: Formatting,
  theme: ResolvedTheme,
  value: string,
  palette?: ReadonlyMap<string, string>,
): string | undefined {
  const own = formatting.dataColors?.[value];
  return typeof own === 'string' && /^#[0-9a-f]{3,8}$/i.test(own)
    ? own
    : (theme.valueColors[value] ?? palette?.get(value));
}

/** The listed values of a column, as the keys its palette colours are bound to. */
const listedValues = (column: ResultColumn | undefined): string[] | undefined =>
  column?.values?.map((v) => label(v.value));

const colorStyle = (color: string | undefined) => (color === undefined ? {} : { color });

/**
 * A category as the answer holds it (a number stays a number, so `0` formats a year as 2024, never "2,024"): the
 * chart keeps categories as text, the answer's first column has the raw value.
 */
export function categoryColumnValue(answer: QueryAnswer, category: string): string | number {
  const column = answer.columns.find((c) => c.kind === 'column');
  const numeric = column && ['integer', 'decimal'].includes(column.dataType);
  return numeric && category !== '' && Number.isFinite(Number(category)) ? Number(category) : category;
}

const DAY_MS = 86_400_000;

/** The most points a line marks each of. */
const MARKED_POINTS = 31;

/** The least length of a bar of a value other than zero. */
const MIN_BAR_PX = 2;
/** A bar drawn shorter than this carries its value even where the chart shows no data labels. */
const TINY_BAR_PX = 6;

/** ECharts' default gap between an axis and its labels. */
const AXIS_LABEL_MARGIN = 8;

/** The gap between a column chart's labels and the year title under them. */
const YEAR_TITLE_GAP = 4;
/**
 * The margin under a chart's lowest text, its year title or else its axis labels (level or turned): their
 * descenders (ja 年 reaches the line's foot) and a pixel to spare. More is a blank band under the chart.
 */
const LOWEST_TEXT_BELOW = 3;

/** How tall a category axis' labels stand: a line when level, the longest label's turned extent when turned. */
function labelsHeight(labels: readonly string[], fit: AxisFit): number {
  if (fit.rotate === 0) return LABEL_TEXT.lineHeight;
  const longest = Math.min(
    labels.reduce((most, l) => Math.max(most, textPx(l)), 0),
    fit.labelWidth ?? Number.POSITIVE_INFINITY,
  );
  const turn = (fit.rotate * Math.PI) / 180;
  return Math.ceil(longest * Math.sin(turn) + LABEL_TEXT.lineHeight * Math.cos(turn));
}

/**
 * A column chart's date labels and their fit. Whole dates (ja 2026年9月19日) that do not fit side by side are written
 * without their year (`yearlessFormat`: 9月19日, de 19. Sept., en 19 Sep), and the year (or the years, 2025 – 2026)
 * is named once, as the axis' title; the tooltip keeps the whole date. Any other axis keeps its labels, and so does
 * one spanning a year or more, where a label without its year would name two dates.
 */
export function dateAxisLabels(
  categories: readonly string[],
  categoryLabel: (value: string) => string,
  column: ResultColumn | undefined,
  fitOf: (labels: readonly string[]) => AxisFit,
  format: ValueFormatter,
  columns: boolean,
): { labels: string[]; fit: AxisFit; yearTitle?: string } {
  const labels = categories.map(categoryLabel);
  const fit = fitOf(labels);
  const short = column?.dataType === 'date' && column.format ? yearlessFormat(column.format) : undefined;
  const dates = categories.filter((c) => /^\d{4}-\d{2}-\d{2}/.test(c));
  const isDate = new Set(dates);
  if (!columns || short === undefined || dates.length === 0 || (fit.rotate === 0 && fit.interval === 0)) {
    return { labels, fit };
  }
  const shortLabels = categories.map((c, i) => (isDate.has(c) ? format.value(c, short) : (labels[i] ?? c)));
  // Over a year or more a yearless label would stand for two dates (Mar of 2025 and of 2026): keep whole dates.
  const first = dates[0] ?? '';
  const last = dates[dates.length - 1] ?? first;
  if (Date.parse(last.slice(0, 10)) - Date.parse(first.slice(0, 10)) >= 365 * DAY_MS) return { labels, fit };
  const year = (date: string) => format.value(`${date.slice(0, 4)}-01-01`, 'yyyy');
  const yearTitle = first.slice(0, 4) === last.slice(0, 4) ? year(first) : `${year(first)} – ${year(last)}`;
  return { labels: shortLabels, fit: fitOf(shortLabels), yearTitle };
}

/**
 * The ECharts option of a chart visual.
 *
 * @example chartOption(visual, answer, DEFAULT_THEME, { animation: false }).series
 */
export function chartOption(
  visual: ReportVisual,
  answer: QueryAnswer,
  theme: ResolvedTheme,
  settings: ChartOptionSettings,
): EChartsCoreOption {
  const data = chartData(visual, answer);
  // Categories and series names stay raw (a click names the value it filters by, colours are bound to it); only
  // their labels are formatted, a listed value shown by its caption.
  const categoryColumn = answer.columns.find((c) => c.kind === 'column');
  const format = settings.formatter ?? ENGLISH_VALUES;
  const categoryLabel = (value: string): string =>
    value === '(Blank)' ? value : format.value(categoryColumnValue(answer, value), categoryColumn);
  const seriesLabel = (name: string): string =>
    data.seriesColumn === undefined || name === '(Blank)' ? name : format.value(name, data.seriesColumn);
  const formatting = visual.formatting as Formatting;
  const seriesFormat = new Map(data.series.map((s) => [s.name, s.format]));
  // Tooltips write the category as the axis does and each value as its data label does (escaped: names are data).
  // A pie's slices: each one's share as its label and its tooltip write it (slice-shares.ts).
  const pie = visual.type === 'pieChart' || visual.type === 'donutChart';
  const shares = pie ? shareLabels(data.series[0]?.values ?? [], format) : [];
  const tooltipText = (
    params: { name?: string; seriesName?: string; value?: unknown; marker?: string; dataIndex?: number }[],
  ): string => {
    const head = params[0]?.name === undefined ? '' : escapeHtml(categoryLabel(params[0].name));
    const rows = params.map((p) => {
      const value =
        typeof p.value === 'number' ? format.value(p.value, seriesFormat.get(p.seriesName ?? '')) : '-';
      const shareText = pie && p.dataIndex !== undefined ? shares[p.dataIndex] : undefined;
      const share = shareText === undefined ? '' : ` (${shareText})`;
      return `${p.marker ?? ''}${escapeHtml(seriesLabel(p.seriesName ?? ''))} <b>${escapeHtml(value + share)}</b>`;
    });
    return [head, ...rows].filter((line) => line !== '').join('<br/>');
  };
  const labels = formatting.dataLabels?.show ?? false;
  const dim = (category: string): number =>
    settings.selectedCategory === undefined || settings.selectedCategory === category ? 1 : 0.35;
  const common = {
    animation: settings.animation,
    color: [...theme.colors],
    backgroundColor: 'transparent',
    textStyle: { color: theme.foreground },
    tooltip: {
      trigger: pie ? 'item' : 'axis',
      formatter: (params: unknown) => tooltipText((Array.isArray(params) ? params : [params]) as never[]),
    },
  };

  if (pie) {
    const series = data.series[0];
    const palette = paletteColors(data.categories, listedValues(categoryColumn), theme.colors);
    // Slices are labelled (name and share); a legend shows only where it fits whole, never paged.
    const fit = pieFit(data.categories.map(categoryLabel), settings.size, formatting.legend, shares);
    const legend = fit.legend
      ? {
          ...legendOption({ ...formatting, legend: { show: true, position: fit.legend } }, theme, true),
          formatter: categoryLabel,
        }
      : { show: false };
    return {
      ...common,
      legend,
      series: [
        {
          type: 'pie',
          name: series?.name ?? '',
          radius: visual.type === 'donutChart' ? [fit.inner, fit.outer] : fit.outer,
          center: fit.center,
          avoidLabelOverlap: true,
          minShowLabelAngle: 4,
          label: {
            show: true,
            position: fit.labels,
            // A share on a slice is white with a dark edge, readable on every slice colour.
            ...(fit.labels === 'inside'
              ? { color: '#FFFFFF', textBorderColor: 'rgba(0, 0, 0, 0.6)', textBorderWidth: 2 }
              : { color: theme.foreground }),
            ...LABEL_TEXT,
            formatter: (p: { name: string; dataIndex: number }) => {
              const share = shares[p.dataIndex] ?? '';
              const name = fit.labels === 'inside' ? '' : fit.truncate(categoryLabel(p.name));
              return name === '' ? share : `${name} ${share}`;
            },
          },
          labelLine: { show: fit.labels === 'outside', length: 8, length2: 6 },
          labelLayout: { hideOverlap: true },
          data: data.categories.map((name, i) => ({
            name,
            value: series?.values[i] ?? 0,
            itemStyle: { opacity: dim(name), ...colorStyle(valueColor(formatting, theme, name, palette)) },
          })),
        },
      ],
    };
  }

  const horizontal = visual.type === 'clusteredBarChart';
  const {
    labels: axisLabels,
    fit,
    yearTitle,
  } = dateAxisLabels(
    data.categories,
    categoryLabel,
    categoryColumn,
    (texts) => axisFit(texts, settings.size, horizontal),
    format,
    !horizontal,
  );
  // Turned labels are cut here, each to its own width, so ECharts reserves no more under the plot than they take.
  const turned = fit.rotate !== 0;
  const room = fit.labelWidth;
  const drawnLabels =
    turned && room !== undefined ? axisLabels.map((l) => truncateToPx(l, room)) : axisLabels;
  const stacked = visual.type === 'stackedColumnChart' || formatting.stacked === true;
  const line = visual.type === 'lineChart' || visual.type === 'areaChart';
  const categoryAxis = {
    type: 'category',
    data: data.categories,
    inverse: horizontal,
    // Dates written without their year (a narrow axis) name the year once, as the axis' title under its labels.
    ...(yearTitle
      ? {
          name: yearTitle,
          nameLocation: 'middle',
          // ECharts moves the name past the labels it drew (`nameMoveOverlap`), so it stands right under the
          // turned or level labels whatever their real extent; its top margin is the gap between them.
          nameGap: AXIS_LABEL_MARGIN,
          nameMoveOverlap: true,
          nameTextStyle: { color: theme.foreground, ...LABEL_TEXT, textMargin: [YEAR_TITLE_GAP, 0, 0, 0] },
        }
      : {}),
    axisLabel: {
      color: theme.foreground,
      hideOverlap: fit.hideOverlap,
      ...LABEL_TEXT,
      formatter: (_value: string, index: number) => drawnLabels[index] ?? categoryLabel(_value),
      // Long names (printer models) would take half a bar chart: cut them, the tooltip has them whole. Crowded
      // columns turn their labels (cut above, by the frame), with no width and without ECharts' 3-pixel margin at
      // each end of a label: ECharts reserves under the plot a turned label's whole width and margins, and the
      // room a label did not draw was a blank band under every turned axis (13 px on a phone's months).
      ...(turned
        ? { rotate: fit.rotate, textMargin: [0, 0] }
        : { width: fit.labelWidth, overflow: 'truncate', ellipsis: '…' }),
      interval: fit.interval,
    },
  };
  const counts = data.series.every((s) => s.values.every((v) => v === null || Number.isInteger(v)));
  /** Per category, the series' values taken through `part`: added up in a stack, else the `pick` of them and 0. */
  const perCategory = (part: (v: number) => number, pick: (...v: number[]) => number): number[] =>
    data.categories.map((_, i) => {
      const values = data.series.map((s) => part(s.values[i] ?? 0));
      return stacked ? values.reduce((sum, v) => sum + v, 0) : pick(0, ...values);
    });
  // The axis' largest value (stacked: the largest stack), whose unit every tick is written in.
  const magnitudes = perCategory(Math.abs, Math.max);
  // The lowest and highest values (stacked: the stacks of the negative and of the positive parts).
  const lows = perCategory((v) => Math.min(0, v), Math.min);
  const highs = perCategory((v) => Math.max(0, v), Math.max);
  // The axis' ends and step chosen here, not by ECharts, so its end is the nicest one nearest the data: shares up to
  // 95.9 % end at 100 %, not 120 % (`valueScale`).
  const scale = valueScale(Math.min(0, ...lows), Math.max(0, ...highs), fit.valueTicks, {
    integer: counts,
    shown: isPercentFormat(data.series[0]?.format) ? 100 : 1,
  });
  const axisTop = Math.max(0, ...magnitudes, scale?.max ?? 0);
  const valueAxis = {
    type: 'value',
    // Counts of printers have no half steps.
    ...(counts ? { minInterval: 1 } : {}),
    splitNumber: fit.valueTicks,
    ...(scale ? { min: scale.min, max: scale.max, interval: scale.interval } : {}),
    axisLabel: {
      color: theme.foreground,
      // A short value axis (a small frame) has more steps than room for their labels.
      hideOverlap: true,
      ...LABEL_TEXT,
      formatter: (v: number) => format.axis(v, data.series[0]?.format, axisTop),
    },
  };
  // Series of a column's values take the colours bound to them; series of measures the palette in their order.
  const seriesPalette = data.seriesColumn
    ? paletteColors(
        data.series.map((s) => s.name),
        listedValues(data.seriesColumn),
        theme.colors,
      )
    : undefined;
  const legendShown = formatting.legend?.show ?? data.series.length > 1;
  // Under a year title, only its own room (the gap above it, its line and its descenders); the labels' margin
  // under it as well had left a blank line under the title.
  const yearTitlePx = yearTitle ? YEAR_TITLE_GAP + LABEL_TEXT.lineHeight + LOWEST_TEXT_BELOW : 0;
  // The category labels' room: their margin and their height under a column chart's plot, or their width beside a
  // bar chart's.
  const categoryLabelsPx =
    AXIS_LABEL_MARGIN + (horizontal ? (fit.labelWidth ?? 100) : labelsHeight(axisLabels, fit));
  // What the axes take of the height, the legend aside: the grid's margins, the labels under the plot (a column
  // chart's categories, level or turned; a bar chart's values), the year title, and half the top tick's label.
  const axesPx =
    16 +
    (horizontal ? AXIS_LABEL_MARGIN + LABEL_TEXT.lineHeight : categoryLabelsPx) +
    yearTitlePx +
    (horizontal ? 0 : Math.ceil(LABEL_TEXT.lineHeight / 2));
  const legend = seriesLegend(
    data.series.map((s) => seriesLabel(s.name)),
    settings.size,
    legendPosition(formatting.legend?.position),
    axesPx,
  );
  const legendPx = (side: LegendPosition) => (legendShown && legend.position === side ? legend.extent : 0);
  // Room for the legend where it stands; on the right for the data labels at the end of horizontal bars.
  const grid = {
    left: 8 + legendPx('Left'),
    right: (horizontal && labels ? 56 : 16) + legendPx('Right'),
    top: legendPx('Top') > 0 ? legendPx('Top') + 8 : 16,
    // The year title under the labels is outside what `containLabel` counts.
    bottom:
      (legendPx('Bottom') > 0 ? legendPx('Bottom') + 4 : yearTitle ? 0 : LOWEST_TEXT_BELOW) + yearTitlePx,
  };
  // About how long the value axis is drawn, for the bars too short to see: the box less the grid's margins (the
  // legend's room among them, where it stands beside a bar chart's plot or above or under a column chart's) and
  // the category labels' room.
  const valueAxisPx = settings.size
    ? horizontal
      ? settings.size.width - grid.left - grid.right - categoryLabelsPx
      : settings.size.height - grid.top - grid.bottom - categoryLabelsPx
    : undefined;
  const tinyBar = (value: number | null): boolean => {
    if (value === null || value === 0 || scale === undefined) return false;
    const span = scale.max - scale.min;
    const px = (Math.abs(value) / span) * (valueAxisPx ?? 0);
    return valueAxisPx === undefined ? Math.abs(value) / span < 0.01 : px < TINY_BAR_PX;
  };
  return {
    ...common,
    legend: seriesLegendOption(
      formatting,
      theme,
      data.series.length > 1,
      legend,
      data.series.map((s) => s.name),
      seriesLabel,
    ),
    grid: { ...grid, containLabel: true },
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series: data.series.map((s) => ({
      type: line ? 'line' : 'bar',
      name: s.name,
      ...(stacked ? { stack: 'total' } : {}),
      ...(visual.type === 'areaChart' ? { areaStyle: { opacity: 0.35 } } : {}),
      // A point's marker on a long line (90 days) is noise, and ECharts drew only some of them (every few days, at
      // random-looking places): markers up to a month of points, none beyond (the tooltip still names each point).
      ...(line ? { showSymbol: data.categories.length <= MARKED_POINTS } : {}),
      // A measure's colour is bound to its name in the model, then to its caption: bound to the caption alone, the
      // page volume's mono and colour pages swapped colours in every language but English.
      ...colorStyle(
        (s.measure === undefined ? undefined : valueColor(formatting, theme, s.measure)) ??
          valueColor(formatting, theme, s.name, seriesPalette),
      ),
      label: {
        show: labels,
        position: horizontal ? 'right' : 'top',
        // Text in the theme's foreground, never the series colour (the palette's orange is 3:1 on white, under the
        // 4.5:1 text needs).
        color: theme.foreground,
        ...LABEL_TEXT,
        formatter: (p: { value: number | null }) => format.value(p.value, s.format),
      },
      // Where bars are thinner than a label (a small frame, a tile), a label that would overlap another is hidden,
      // the bigger bar keeping its own (ECharts ranks labels by their bar's area); a hidden label shows again while
      // its bar is hovered, and the tooltip has every value.
      ...(labels ? { labelLayout: { hideOverlap: true } } : {}),
      // A bar of a small value (Paper jam's 0.77 h beside Firmware update's 368 h) is drawn at least 2 px long and,
      // where it would be shorter than a label is tall, carries its value, so it never reads as zero; a zero draws
      // nothing. Not in a stack, where a lengthened piece would cover the next.
      ...(line || stacked ? {} : { barMinHeight: MIN_BAR_PX }),
      data: s.values.map((value, i) => ({
        value,
        itemStyle: { opacity: !line && !stacked && value === 0 ? 0 : dim(data.categories[i] ?? '') },
        ...(!labels && !line && !stacked && tinyBar(value) ? { label: { show: true } } : {}),
      })),
    })),
  };
}
