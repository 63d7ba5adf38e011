import { describe, expect, it } from 'vitest';
import type { ResultColumn } from '@portico/analytics-model';
import { answer, visual } from '../test/sample.ts';
import { chartData, chartOption, LABEL_TEXT } from './chart-options.ts';
import { DEFAULT_THEME, resolveTheme, themeJsonOf } from './theme.ts';
import { valueFormatter } from './value-format.ts';

type Option = {
  color: string[];
  xAxis: { type: string; data?: string[] };
  yAxis: { type: string; inverse?: boolean };
  series: { type: string; stack?: string; radius?: unknown; data: unknown[] }[];
};

const optionOf = (type: Parameters<typeof visual>[1], theme = DEFAULT_THEME, selected?: string) =>
  chartOption(visual('v', type), answer, theme, { animation: false, selectedCategory: selected }) as Option;

describe('chart options', () => {
  it('maps a column chart to categories on the x axis and one bar series per measure', () => {
    const option = optionOf('clusteredColumnChart');
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['Berlin', 'Paris'] });
    expect(option.series).toHaveLength(1);
    expect(option.series[0]).toMatchObject({ type: 'bar', data: [{ value: 1200 }, { value: 800 }] });
  });

  it('lays a bar chart out horizontally, first category on top', () => {
    const option = optionOf('clusteredBarChart');
    expect(option.xAxis.type).toBe('value');
    expect(option.yAxis).toMatchObject({ type: 'category', inverse: true });
  });

  it('stacks a stacked column chart and fills an area chart', () => {
    expect(optionOf('stackedColumnChart').series[0]?.stack).toBe('total');
    expect(optionOf('areaChart').series[0]).toMatchObject({ type: 'line', areaStyle: { opacity: 0.35 } });
  });

  it('labels every slice of a pie with its share beside a legend on the right that names them whole, never paged', () => {
    const option = chartOption(
      visual('v', 'donutChart', { formatting: { legend: { show: true, position: 'Right' } } }),
      answer,
      DEFAULT_THEME,
      {
        animation: false,
        size: { width: 260, height: 200 },
      },
    ) as {
      legend: { show: boolean; type: string; orient: string };
      series: { label: { show: boolean; formatter: (p: object) => string } }[];
    };
    expect(option.legend).toMatchObject({ show: true, type: 'plain', orient: 'vertical' });
    expect(option.series[0]?.label.show).toBe(true);
    // Berlin has 1,200 of 2,000: its share from the data, with the one decimal every slice of every pie has.
    expect(option.series[0]?.label.formatter({ name: 'Berlin', dataIndex: 0, percent: 61.4 })).toBe('60.0%');
  });

  it('writes a slice’s share with one decimal, on the slice and in its tooltip, where whole percents read the same', () => {
    const colourAndMono = {
      ...answer,
      rows: [
        ['Colour', 101],
        ['Mono', 99],
      ],
    };
    const option = chartOption(visual('v', 'pieChart'), colourAndMono, DEFAULT_THEME, {
      animation: false,
      size: { width: 400, height: 300 },
      formatter: valueFormatter('de'),
    }) as {
      tooltip: { formatter: (p: object) => string };
      series: { label: { formatter: (p: object) => string } }[];
    };
    const label = option.series[0]?.label.formatter;
    expect([0, 1].map((dataIndex) => label?.({ name: ['Colour', 'Mono'][dataIndex], dataIndex }))).toEqual([
      'Colour 50,5%',
      'Mono 49,5%',
    ]);
    // ECharts' own percent (rounded to two decimals) is not what the tooltip writes.
    expect(
      option.tooltip.formatter({
        name: 'Mono',
        seriesName: 'Total pages',
        value: 99,
        dataIndex: 1,
        percent: 49.5,
      }),
    ).toBe('Mono<br/>Total pages <b>99 (49,5%)</b>');
  });

  it('draws a donut as a pie with a hole', () => {
    const donut = optionOf('donutChart').series[0];
    const [inner, outer] = (donut as { radius: [number, number] }).radius;
    expect(inner).toBeGreaterThan(0);
    expect(inner).toBeLessThan(outer);
    expect(donut?.data).toHaveLength(2);
  });

  it('dims the categories that are not selected', () => {
    const [berlin, paris] = optionOf('pieChart', DEFAULT_THEME, 'Paris').series[0]?.data as {
      itemStyle: { opacity: number };
    }[];
    expect(berlin?.itemStyle.opacity).toBeLessThan(1);
    expect(paris?.itemStyle.opacity).toBe(1);
  });

  it('cuts the longer legend names with an ellipsis where whole ones would crowd a short plot, the tooltip naming them whole', () => {
    const toners = ['Black toner', 'Cyan toner', 'Magenta toner', 'Yellow toner'];
    const measure = answer.columns[1];
    const tonerAnswer = {
      ...answer,
      columns: [
        answer.columns[0],
        ...toners.map((name) => ({ ...measure, displayName: name, queryName: name })),
      ],
      rows: [
        ['Berlin', 1, 2, 3, 4],
        ['Paris', 4, 3, 2, 1],
      ],
    } as typeof answer;
    type Legend = {
      legend: {
        type: string;
        data?: { name: string; textStyle?: { width: number; overflow: string; ellipsis: string } }[];
        tooltip?: { show: boolean; formatter: (p: { name: string }) => string };
      };
      grid: { top: number };
    };
    const optionIn = (width: number, height: number) =>
      chartOption(visual('v', 'stackedColumnChart'), tonerAnswer, DEFAULT_THEME, {
        animation: false,
        size: { width, height },
      }) as unknown as Legend;
    // A short phone tile: one line of entries, each longer name cut to one width with "…".
    const short = optionIn(346, 170);
    expect(short.legend.type).toBe('plain');
    const cut = short.legend.data?.filter((d) => d.textStyle !== undefined) ?? [];
    expect(cut.length).toBeGreaterThan(0);
    expect(cut[0]?.textStyle).toMatchObject({ overflow: 'truncate', ellipsis: '…' });
    expect(short.legend.tooltip?.show).toBe(true);
    expect(short.legend.tooltip?.formatter({ name: 'Magenta toner' })).toBe('Magenta toner');
    expect(short.grid.top).toBe(25 + 8);
    // A wide chart: names whole, no tooltip needed.
    const wide = optionIn(900, 300);
    expect(wide.legend).toMatchObject({ type: 'plain' });
    expect(wide.legend.data).toBeUndefined();
    expect(wide.legend.tooltip).toBeUndefined();
  });

  it('turns the values of a series column into one series each', () => {
    const series = { column: { table: 'Devices', column: 'Model' } } as const;
    const withSeries = {
      ...answer,
      columns: [
        answer.columns[0],
        { ...answer.columns[0], field: series, queryName: 'Devices.Model', displayName: 'Model' },
        answer.columns[1],
      ],
      rows: [
        ['Berlin', 'M1', 5],
        ['Berlin', 'M2', 7],
        ['Paris', 'M1', 3],
      ],
    } as typeof answer;
    const data = chartData({ dataRoles: { series: [series] } }, withSeries);
    expect(data.series).toEqual([
      { name: 'M1', values: [5, 3], format: '#,0' },
      { name: 'M2', values: [7, null], format: '#,0' },
    ]);
  });
});

describe('chart labels', () => {
  const months = {
    ...answer,
    columns: answer.columns.map((c, i) =>
      i === 0 ? { ...c, dataType: 'date' as const, format: 'MMM yyyy' } : c,
    ),
    rows: [
      ['2024-03-01', 12],
      ['2024-04-01', 7],
    ],
  };

  it('formats category labels with the column’s format but keeps the raw value a click filters by', () => {
    const option = chartOption(visual('v', 'clusteredColumnChart'), months, DEFAULT_THEME, {
      animation: false,
    }) as Option & { xAxis: { axisLabel: { formatter: (v: string) => string } } };
    expect(option.xAxis.data).toEqual(['2024-03-01', '2024-04-01']);
    expect(option.xAxis.axisLabel.formatter('2024-03-01')).toBe('Mar 2024');
  });

  const days = (count: number, from: string) =>
    Array.from({ length: count }, (_, i) => {
      const date = new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000);
      return [date.toISOString().slice(0, 10), 100 + i];
    });
  const daily = (count: number, from: string) => ({
    ...answer,
    columns: answer.columns.map((c, i) =>
      i === 0 ? { ...c, dataType: 'date' as const, format: 'd MMM yyyy' } : c,
    ),
    rows: days(count, from),
  });
  type DateAxis = Option & {
    xAxis: { name?: string; axisLabel: { formatter: (v: string, i: number) => string } };
  };
  const dateAxis = (count: number, from: string, language: string, width: number) =>
    chartOption(visual('v', 'lineChart'), daily(count, from), DEFAULT_THEME, {
      animation: false,
      size: { width, height: 240 },
      formatter: valueFormatter(language),
    }) as DateAxis;

  it('writes 90 days on a phone-wide axis without their year and names the year once as the axis title', () => {
    const ja = dateAxis(90, '2026-08-29', 'ja', 350);
    expect(ja.xAxis.axisLabel.formatter('2026-09-19', 21)).toBe('9月19日');
    expect(ja.xAxis.name).toBe('2026年');
    const de = dateAxis(90, '2026-08-29', 'de', 350);
    expect(de.xAxis.axisLabel.formatter('2026-09-19', 21)).toBe('19. Sept.');
    const en = dateAxis(90, '2026-08-29', 'en', 350);
    expect(en.xAxis.axisLabel.formatter('2026-09-19', 21)).toBe('19 Sep');
    expect(en.xAxis.name).toBe('2026');
  });

  it("keeps only the year title's line under a narrow date axis, ECharts placing it right under the labels it drew", () => {
    type Titled = DateAxis & {
      xAxis: { nameMoveOverlap?: boolean; nameTextStyle?: { textMargin?: number[] } };
      grid: { bottom: number };
    };
    const en = dateAxis(90, '2026-08-29', 'en', 350) as Titled;
    expect(en.xAxis.nameMoveOverlap).toBe(true);
    expect(en.xAxis.nameTextStyle?.textMargin).toEqual([4, 0, 0, 0]);
    // The title's 4-pixel gap, its 11-pixel line and 3 pixels under it: no margin of the labels' under it too.
    expect(en.grid.bottom).toBe(4 + 11 + 3);
    // Without a title, the labels are the lowest text and keep the same 3 pixels under them.
    expect((dateAxis(3, '2026-09-18', 'en', 1200) as Titled).grid.bottom).toBe(3);
  });

  it('marks each point of a line of months but none of a line of 90 days', () => {
    type Marked = { series: { showSymbol?: boolean }[] };
    expect((dateAxis(90, '2026-08-29', 'en', 900) as unknown as Marked).series[0]?.showSymbol).toBe(false);
    expect((dateAxis(12, '2026-08-29', 'en', 900) as unknown as Marked).series[0]?.showSymbol).toBe(true);
  });

  it('names both years when the days cross a new year', () => {
    expect(dateAxis(90, '2025-11-15', 'ja', 350).xAxis.name).toBe('2025年 – 2026年');
  });

  it('keeps whole dates where a label without its year would name two dates (400 days)', () => {
    const long = dateAxis(400, '2025-09-01', 'ja', 350);
    expect(long.xAxis.axisLabel.formatter('2025-09-19', 18)).toBe('2025年9月19日');
    expect(long.xAxis.name).toBeUndefined();
  });

  it('keeps whole dates on two years of weeks, whose days differ from year to year', () => {
    const weekly = {
      ...daily(0, '2024-11-24'),
      rows: Array.from({ length: 104 }, (_, i) => [
        new Date(Date.parse('2024-11-24T00:00:00Z') + i * 7 * 86_400_000).toISOString().slice(0, 10),
        50,
      ]),
    };
    const option = chartOption(visual('v', 'lineChart'), weekly, DEFAULT_THEME, {
      animation: false,
      size: { width: 350, height: 240 },
      formatter: valueFormatter('ja'),
    }) as DateAxis;
    expect(option.xAxis.axisLabel.formatter('2024-11-24', 0)).toBe('2024年11月24日');
    expect(option.xAxis.name).toBeUndefined();
  });

  it('keeps whole dates where they fit side by side', () => {
    const wide = dateAxis(3, '2026-09-18', 'ja', 1200);
    expect(wide.xAxis.axisLabel.formatter('2026-09-19', 1)).toBe('2026年9月19日');
    expect(wide.xAxis.name).toBeUndefined();
  });

  it('gives counts whole-number steps on the value axis', () => {
    const option = chartOption(visual('v', 'clusteredBarChart'), months, DEFAULT_THEME, {
      animation: false,
    }) as Option & { xAxis: { minInterval?: number } };
    expect(option.xAxis.minInterval).toBe(1);
  });
});

describe('labels in small charts', () => {
  type Labelled = {
    legend: { textStyle: { lineHeight?: number } };
    xAxis: { axisLabel: { lineHeight?: number; hideOverlap?: boolean } };
    yAxis: { axisLabel: { lineHeight?: number; hideOverlap?: boolean } };
    series: { label: { show: boolean; lineHeight?: number }; labelLayout?: { hideOverlap?: boolean } }[];
  };
  const withLabels = (type: Parameters<typeof visual>[1], show: boolean) =>
    chartOption(visual('v', type, { formatting: { dataLabels: { show } } }), answer, DEFAULT_THEME, {
      animation: false,
    }) as unknown as Labelled;

  it('hides the data labels that would overlap another, on every bar and line series that shows them', () => {
    for (const type of [
      'clusteredBarChart',
      'clusteredColumnChart',
      'stackedColumnChart',
      'lineChart',
    ] as const) {
      const option = withLabels(type, true);
      expect(option.series.length).toBeGreaterThan(0);
      for (const series of option.series) {
        expect(series.label.show).toBe(true);
        expect(series.labelLayout).toEqual({ hideOverlap: true });
      }
    }
    expect(withLabels('clusteredBarChart', false).series[0]?.labelLayout).toBeUndefined();
  });

  it('writes data labels in the theme foreground, at least 4.5:1 on its background, never in a series colour', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const c = parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a: string, b: string) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    expect(contrast(DEFAULT_THEME.foreground, DEFAULT_THEME.background)).toBeGreaterThanOrEqual(4.5);
    // The palette's orange is for marks (3:1), not for text.
    expect(contrast('#EF6C00', DEFAULT_THEME.background)).toBeLessThan(4.5);
    for (const type of ['clusteredBarChart', 'clusteredColumnChart', 'lineChart'] as const) {
      for (const series of (withLabels(type, true) as unknown as { series: { label: { color?: string } }[] })
        .series) {
        expect(series.label.color).toBe(DEFAULT_THEME.foreground);
      }
    }
  });

  it('gives data, axis and legend labels a line as tall as their font, so overlap checks see their real height', () => {
    const option = withLabels('clusteredBarChart', true);
    const heights = [
      option.series[0]?.label.lineHeight,
      option.xAxis.axisLabel.lineHeight,
      option.yAxis.axisLabel.lineHeight,
      option.legend.textStyle.lineHeight,
    ];
    expect(heights).toEqual(heights.map(() => LABEL_TEXT.fontSize));
    // Both axes hide the labels that would overlap (a short value axis has more steps than room).
    expect([option.xAxis.axisLabel.hideOverlap, option.yAxis.axisLabel.hideOverlap]).toEqual([true, true]);
  });
});

describe('themes', () => {
  it('paints the series with the theme’s data colours', () => {
    const theme = resolveTheme({ name: 'Red', dataColors: ['#FF0000', '#00FF00'] });
    expect(optionOf('clusteredColumnChart', theme).color).toEqual(['#FF0000', '#00FF00']);
  });

  it('falls back to the default for missing or malformed colours', () => {
    const theme = resolveTheme({ dataColors: ['red', 42], background: 'nope' });
    expect(theme.colors).toEqual(DEFAULT_THEME.colors);
    expect(theme.background).toBe(DEFAULT_THEME.background);
  });

  it('reads an empty theme (the SDK’s reset) as the default', () => {
    expect(themeJsonOf({})).toBeUndefined();
    expect(themeJsonOf({ themeJson: {} })).toBeUndefined();
    expect(themeJsonOf({ themeJson: { name: 'x' } })).toEqual({ name: 'x' });
  });
});

describe('value axis', () => {
  const shares = {
    ...answer,
    columns: answer.columns.map((c, i) =>
      i === 1 ? { ...c, displayName: 'Solved share', dataType: 'decimal' as const, format: '0.0%' } : c,
    ),
    rows: [
      ['Login', 0.959],
      ['Performance', 0.948],
      ['Reporting', 0.947],
      ['Billing', 0.941],
      ['Integrations', 0.919],
    ],
  };
  type AxisOption = {
    xAxis: { min?: number; max?: number; interval?: number; axisLabel: { formatter: (v: number) => string } };
  };

  it('ends a share axis at 100 % on a phone, not a step past it (120 %)', () => {
    const option = chartOption(visual('v', 'clusteredBarChart'), shares, DEFAULT_THEME, {
      animation: false,
      size: { width: 358, height: 240 },
    }) as AxisOption;
    expect(option.xAxis.max).toBe(1);
    expect(option.xAxis.min).toBe(0);
    const { max = Number.NaN, interval = Number.NaN } = option.xAxis;
    const ticks = Array.from({ length: Math.round(max / interval) + 1 }, (_, i) => i * interval);
    expect(ticks.map((v) => option.xAxis.axisLabel.formatter(v)).at(-1)).toBe('100%');
  });
});

describe('small bars', () => {
  const hours = {
    ...answer,
    columns: answer.columns.map((c, i) =>
      i === 1 ? { ...c, displayName: 'Average hours', dataType: 'decimal' as const, format: '#,0.0' } : c,
    ),
    rows: [
      ['Firmware update', 368],
      ['Tray empty', 4.1],
      ['Paper jam', 0.77],
      ['Door open', 0.26],
      ['Nothing', 0],
    ],
  };
  type BarOption = {
    series: {
      barMinHeight?: number;
      label: { show: boolean };
      data: { value: number; label?: { show: boolean }; itemStyle: { opacity: number } }[];
    }[];
  };

  it('draws a small non-zero bar at least 2 px long and writes its value, so it never reads as zero', () => {
    const option = chartOption(visual('v', 'clusteredBarChart'), hours, DEFAULT_THEME, {
      animation: false,
      size: { width: 500, height: 380 },
    }) as BarOption;
    const [bars] = option.series;
    expect(bars?.label.show).toBe(false);
    expect(bars?.barMinHeight).toBe(2);
    const labelled = bars?.data.map((d) => d.label?.show === true);
    expect(labelled).toEqual([false, true, true, true, false]);
    // A zero draws nothing (a 2-pixel bar would say it is more).
    expect(bars?.data[4]?.itemStyle.opacity).toBe(0);
  });

  it('measures a small bar against the value axis the legend leaves, beside a bar chart or above a column chart', () => {
    const [code, average] = hours.columns as [ResultColumn, ResultColumn];
    const jam = (hoursOfJam: number, measures = ['Average hours']) => ({
      ...hours,
      columns: [code, ...measures.map((name) => ({ ...average, displayName: name }))],
      rows: [
        ['Firmware update', ...measures.map(() => 368)],
        ['Paper jam', ...measures.map(() => hoursOfJam)],
      ],
    });
    const jamLabelled = (
      type: 'clusteredBarChart' | 'clusteredColumnChart',
      legend: { show: boolean; position?: string },
      data: typeof hours,
      size: { width: number; height: number },
    ) => {
      const option = chartOption(visual('v', type, { formatting: { legend } }), data, DEFAULT_THEME, {
        animation: false,
        size,
      }) as BarOption;
      return option.series[0]?.data[1]?.label?.show === true;
    };
    // 9 h of a 400 h axis: about 8 px of a 500-pixel bar chart's plot, about 6 beside a legend on its right.
    const bars = { width: 500, height: 200 };
    expect(jamLabelled('clusteredBarChart', { show: false }, jam(9), bars)).toBe(false);
    expect(jamLabelled('clusteredBarChart', { show: true, position: 'Right' }, jam(9), bars)).toBe(true);
    // 18 h: above 6 px of a 200-pixel column chart's plot, under them below a legend of five supplies over two
    // lines (a phone's width).
    const supplies = ['Black toner', 'Cyan toner', 'Magenta toner', 'Yellow toner', 'Drum'];
    const columns = { width: 346, height: 200 };
    expect(jamLabelled('clusteredColumnChart', { show: false }, jam(18, supplies), columns)).toBe(false);
    expect(jamLabelled('clusteredColumnChart', { show: true }, jam(18, supplies), columns)).toBe(true);
  });

  it('leaves stacked bars as they are', () => {
    const option = chartOption(visual('v', 'stackedColumnChart'), hours, DEFAULT_THEME, {
      animation: false,
      size: { width: 500, height: 380 },
    }) as BarOption;
    expect(option.series[0]?.barMinHeight).toBeUndefined();
    expect(option.series[0]?.data.some((d) => d.label)).toBe(false);
  });
});
