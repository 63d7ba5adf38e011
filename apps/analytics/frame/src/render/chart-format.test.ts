import { describe, expect, it } from 'vitest';
import type { QueryAnswer, ReportVisual, ResultColumn } from '@portico/analytics-model';
import { visual } from '../test/sample.ts';
import { chartData, chartOption } from './chart-options.ts';
import { chartPoints } from './chart-points.ts';
import { DEFAULT_THEME, resolveTheme } from './theme.ts';
import { formatLocale, valueFormatter } from './value-format.ts';

const month = { table: 'Calendar', column: 'Month' };
const totalPages = { table: 'Meter readings', measure: 'Total pages' };
const monthColumn: ResultColumn = {
  field: { column: month },
  kind: 'column',
  queryName: 'Calendar.Month',
  displayName: 'Month',
  dataType: 'date',
  format: 'MMM yyyy',
};
const pagesColumn: ResultColumn = {
  field: { measure: totalPages },
  kind: 'measure',
  queryName: 'Meter readings.Total pages',
  displayName: 'Total pages',
  dataType: 'integer',
  format: '#,0',
};
const byMonth: QueryAnswer = {
  columns: [monthColumn, pagesColumn],
  rows: [
    ['2026-03-01', 7585653],
    ['2026-04-01', 1200],
  ],
  truncated: false,
};

type Tooltip = { tooltip: { formatter: (params: unknown) => string } };
type Axes = {
  xAxis: { axisLabel: { formatter: (v: string) => string } };
  yAxis: { axisLabel: { formatter: (v: number) => string } };
};

const columnChart = visual('v', 'clusteredColumnChart', {
  dataRoles: { category: [{ column: month }], values: [{ measure: totalPages }] },
} as Partial<ReportVisual>);

describe('chart text in the embed’s locale', () => {
  it('writes a tooltip’s category as the axis writes it, and its values with their format', () => {
    const option = chartOption(columnChart, byMonth, DEFAULT_THEME, {
      animation: false,
    }) as unknown as Tooltip & Axes;
    const axisText = option.xAxis.axisLabel.formatter('2026-03-01');
    expect(axisText).toBe('Mar 2026');
    const tooltip = option.tooltip.formatter([
      { name: '2026-03-01', seriesName: 'Total pages', value: 7585653, marker: '' },
    ]);
    expect(tooltip).toBe('Mar 2026<br/>Total pages <b>7,585,653</b>');
    expect(tooltip).not.toContain('2026-03-01');
  });

  it('writes axes, tooltips and keyboard points in German for a German embed', () => {
    const formatter = valueFormatter('de');
    const option = chartOption(columnChart, byMonth, DEFAULT_THEME, {
      animation: false,
      formatter,
    }) as unknown as Tooltip & Axes;
    expect(option.xAxis.axisLabel.formatter('2026-03-01')).toBe('März 2026');
    expect(option.yAxis.axisLabel.formatter(7585653)).toBe('7,6\u00a0Mio.');
    expect(
      option.tooltip.formatter([{ name: '2026-03-01', seriesName: 'Total pages', value: 7585653 }]),
    ).toBe('März 2026<br/>Total pages <b>7.585.653</b>');
    expect(chartPoints(columnChart, byMonth, formatter)[0]?.text).toBe('März 2026: Total pages 7.585.653');
  });

  it('writes a month axis and its tooltip in Japanese order for a Japanese embed', () => {
    const formatter = valueFormatter('ja');
    const option = chartOption(columnChart, byMonth, DEFAULT_THEME, {
      animation: false,
      formatter,
    }) as unknown as Tooltip & Axes;
    expect(option.xAxis.axisLabel.formatter('2026-03-01')).toBe('2026年3月');
    expect(
      option.tooltip.formatter([{ name: '2026-03-01', seriesName: 'Total pages', value: 7585653 }]),
    ).toBe('2026年3月<br/>Total pages <b>7,585,653</b>');
  });

  it('escapes names in tooltips, which are data', () => {
    const option = chartOption(columnChart, byMonth, DEFAULT_THEME, {
      animation: false,
    }) as unknown as Tooltip;
    expect(option.tooltip.formatter([{ name: '<img src=x>', seriesName: 'a&b', value: 1 }])).toBe(
      '&#60;img src=x&#62;<br/>a&#38;b <b>1</b>',
    );
  });

  it('groups value ticks the locale does not shorten as data labels and cards are grouped (4.000, not 4000)', () => {
    const de = valueFormatter('de');
    expect([1000, 2000, 3000, 4000].map((v) => de.axis(v))).toEqual(['1.000', '2.000', '3.000', '4.000']);
    expect(de.axis(4000)).toBe(de.value(4000, '#,0'));
    expect(de.axis(1_600_000)).toBe('1,6\u00a0Mio.');
    expect(de.axis(2.5)).toBe('2,5');
    expect(valueFormatter('ja').axis(4000)).toBe('4,000');
    expect(valueFormatter('ja').axis(12_000)).toBe('1.2万');
    expect(valueFormatter('en').axis(4000)).toBe('4K');
    expect(valueFormatter('fr').axis(-1500)).toBe('-1,5\u00a0k');
  });

  it('writes every tick of an axis in the unit its top is shortened to, never 800.000 under 1,2 Mio.', () => {
    const de = valueFormatter('de');
    const top = 1_490_000;
    expect([0, 400_000, 800_000, 1_200_000].map((v) => de.axis(v, undefined, top))).toEqual([
      '0',
      '0,4\u00a0Mio.',
      '0,8\u00a0Mio.',
      '1,2\u00a0Mio.',
    ]);
    expect(de.axis(250_000, undefined, top)).toBe('0,25\u00a0Mio.');
    expect(de.axis(-800_000, undefined, top)).toBe('-0,8\u00a0Mio.');
    // Data that stops short of a million under an axis that reaches it reads in millions too.
    expect(de.axis(800_000, undefined, 950_000)).toBe('0,8\u00a0Mio.');
    // An axis whose top the locale writes in full keeps its ticks grouped.
    expect(de.axis(4000, undefined, 8000)).toBe('4.000');
    expect(valueFormatter('ja').axis(4000, undefined, 12_000)).toBe('0.4万');
    // Languages that shorten thousands too write them in the top's unit: never 800K under 1.2M, 900 тыс. under 1,5 млн.
    expect(valueFormatter('en').axis(800_000, undefined, top)).toBe('0.8M');
    expect(valueFormatter('ru').axis(900_000, undefined, top)).toBe('0,9\u00a0млн');
    expect(valueFormatter('en').axis(40_000, undefined, 65_000)).toBe('40K');
  });

  it('gives a German month chart in millions one unit on its value axis', () => {
    const formatter = valueFormatter('de');
    const option = chartOption(columnChart, byMonth, DEFAULT_THEME, {
      animation: false,
      formatter,
    }) as unknown as Axes;
    expect(option.yAxis.axisLabel.formatter(800_000)).toBe('0,8\u00a0Mio.');
  });

  it('writes an axis in the measure’s unit, compact but never without its currency or unit', () => {
    const en = valueFormatter('en');
    expect(en.axis(1_200_000, '$#,0.00', 1_200_000)).toBe('$1.2M');
    expect(en.axis(800_000, '$#,0', 1_200_000)).toBe('$0.8M');
    expect(en.axis(-4000, '$#,0', 8000)).toBe('-$4K');
    expect(valueFormatter('de').axis(1_600_000, '#,0 "€"')).toBe('1,6\u00a0Mio. €');
    expect(en.axis(200, '#,0.0 "h"', 400)).toBe('200 h');
    // No unit: as before.
    expect(en.axis(4000, '#,0')).toBe('4K');
    // A 0.25M step's ticks keep their second decimal.
    expect(en.axis(1_250_000, '#,0', 1_500_000)).toBe('1.25M');
    expect(en.axis(2.5, '0.00E+00')).toBe('2.5');
    // Tables and cards keep the measure's own format.
    expect(en.value(1_200_000, '$#,0.00')).toBe('$1,200,000.00');
  });

  it('labels a share axis in percent and falls back to en-US for an unknown language', () => {
    expect(valueFormatter('en').axis(0.25, '0.0%')).toBe('25%');
    // A level already in percent (`0.0"%"`, 59.1 % on its card) keeps its sign on the axis: 0%–70%, never 0–70.
    expect(valueFormatter('en').axis(59.4, '0.0"%"')).toBe('59.4%');
    expect([0, 10, 70].map((v) => valueFormatter('en').axis(v, '0.0"%"', 70))).toEqual(['0%', '10%', '70%']);
    expect(valueFormatter('de').axis(60, '0.0"%"', 70)).toBe('60%');
    expect(valueFormatter('en').axis(0.5, 'Percent')).toBe('50%');
    expect(formatLocale('not a language')).toBe('en-US');
    expect(formatLocale(undefined)).toBe('en-US');
    expect(formatLocale('ja')).toBe('ja');
  });
});

describe('chart series', () => {
  const year = { table: 'Calendar', column: 'Year' };
  const seasonality: QueryAnswer = {
    columns: [
      { ...monthColumn, field: { column: { table: 'Calendar', column: 'Month name' } }, format: 'General' },
      { ...monthColumn, field: { column: year }, dataType: 'integer', format: '0' },
      pagesColumn,
    ],
    // As the service sorts them: by month, then year; 2024's data starts in July.
    rows: [
      ['Jan', 2025, 10],
      ['Jan', 2026, 11],
      ['Jul', 2024, 5],
      ['Jul', 2025, 6],
      ['Jul', 2026, 7],
    ],
    truncated: false,
  };
  const lines = visual('v', 'lineChart', {
    dataRoles: {
      category: [{ column: { table: 'Calendar', column: 'Month name' } }],
      series: [{ column: year }],
      values: [{ measure: { table: 'Meter readings', measure: 'Total pages' } }],
    },
  } as Partial<ReportVisual>);

  it('come in the series column’s sort order, so a legend reads 2024, 2025, 2026', () => {
    expect(chartData(lines, seasonality).series.map((s) => s.name)).toEqual(['2024', '2025', '2026']);
  });

  it('take their colour from the visual’s per-value map, then the theme’s, else the palette', () => {
    const severities = visual('v', 'donutChart', { formatting: { dataColors: { Berlin: '#C62828' } } });
    const colours = (theme = DEFAULT_THEME, v = severities) =>
      (
        chartOption(v, byMonthAsSites, theme, { animation: false }) as unknown as {
          series: { data: { itemStyle: { color?: string } }[] }[];
        }
      ).series[0]?.data.map((d) => d.itemStyle.color);
    expect(colours()).toEqual(['#C62828', '#EF6C00']);
    expect(colours(resolveTheme({ valueColors: { Paris: '#F9A825', Rome: 'red' } }))).toEqual([
      '#C62828',
      '#F9A825',
    ]);
    expect(colours(DEFAULT_THEME, visual('v', 'donutChart'))).toEqual(['#00796B', '#EF6C00']);
  });

  it('bind a measure’s colour to its name in the model, so it keeps it in every language', () => {
    const mono = { measure: { table: 'Meter readings', measure: 'Total mono pages' } };
    const colour = { measure: { table: 'Meter readings', measure: 'Total colour pages' } };
    const area = visual('v', 'areaChart', {
      formatting: { dataColors: { 'Total colour pages': '#00796B', 'Total mono pages': '#EF6C00' } },
    });
    const colours = (monoCaption: string, colourCaption: string) =>
      (
        chartOption(
          area,
          {
            ...byMonth,
            columns: [
              monthColumn,
              { ...pagesColumn, field: mono, displayName: monoCaption },
              { ...pagesColumn, field: colour, displayName: colourCaption },
            ],
            rows: [['2026-03-01', 9, 4]],
          },
          DEFAULT_THEME,
          { animation: false },
        ) as unknown as { series: { name: string; color?: string }[] }
      ).series.map((s) => [s.name, s.color]);
    expect(colours('Total mono pages', 'Total colour pages')).toEqual([
      ['Total mono pages', '#EF6C00'],
      ['Total colour pages', '#00796B'],
    ]);
    expect(colours('モノクロ総枚数', 'カラー総枚数')).toEqual([
      ['モノクロ総枚数', '#EF6C00'],
      ['カラー総枚数', '#00796B'],
    ]);
  });

  it('bind palette colours to values, so Colour and Mono read alike in every chart however it is sorted', () => {
    const mode = {
      ...monthColumn,
      field: { column: { table: 'Devices', column: 'Colour or mono' } },
      dataType: 'string' as const,
      format: 'General',
      values: [
        { value: 'Colour', caption: 'Colour' },
        { value: 'Mono', caption: 'Mono' },
      ],
    };
    // A pie sorted by its measure, Mono (the larger) first.
    const pie = chartOption(
      visual('v', 'pieChart', {
        sort: [{ measure: { table: 'Meter readings', measure: 'Total pages' } }],
      } as never),
      {
        ...byMonth,
        columns: [mode, pagesColumn],
        rows: [
          ['Mono', 9],
          ['Colour', 4],
        ],
      },
      DEFAULT_THEME,
      { animation: false },
    ) as unknown as { series: { data: { name: string; itemStyle: { color?: string } }[] }[] };
    const slices = Object.fromEntries((pie.series[0]?.data ?? []).map((d) => [d.name, d.itemStyle.color]));
    // An area of one series per value, Mono alone in the first month.
    const area = chartOption(
      visual('v', 'areaChart', {
        dataRoles: {
          category: [{ column: { table: 'Calendar', column: 'Month' } }],
          series: [{ column: { table: 'Devices', column: 'Colour or mono' } }],
          values: [{ measure: { table: 'Meter readings', measure: 'Total pages' } }],
        },
      } as Partial<ReportVisual>),
      {
        ...byMonth,
        columns: [monthColumn, mode, pagesColumn],
        rows: [
          ['2026-01-01', 'Mono', 5],
          ['2026-02-01', 'Colour', 2],
          ['2026-02-01', 'Mono', 6],
        ],
      },
      DEFAULT_THEME,
      { animation: false },
    ) as unknown as { series: { name: string; color?: string }[] };
    const lines = Object.fromEntries(area.series.map((s) => [s.name, s.color]));
    expect(slices).toEqual({ Colour: '#00796B', Mono: '#EF6C00' });
    expect(lines).toEqual(slices);
  });
});

const byMonthAsSites: QueryAnswer = {
  ...byMonth,
  columns: [{ ...monthColumn, dataType: 'string', format: 'General' }, pagesColumn],
  rows: [
    ['Berlin', 3],
    ['Paris', 2],
  ],
};
