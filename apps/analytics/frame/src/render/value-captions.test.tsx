// Captions and natural order of listed values (a model's `values`, translated by a culture) wherever the frame draws a
// column's value: the formatter, chart axes, legends, labels and tooltips, matrices, tables, filter sentences. The
// data stays raw: chart categories, series names and colours keep the value the service sent.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { IFilter } from '@portico/models';
import type { ColumnValue, Dataset, QueryAnswer, ResultColumn } from '@portico/analytics-model';
import { visual } from '../test/sample.ts';
import { MatrixVisual, TableVisual } from '../components/TableVisuals.tsx';
import { SlicerVisual } from '../components/SlicerVisual.tsx';
import { filterTitle } from '../model/filter-text.ts';
import { answerText } from '../model/copy-text.ts';
import { canvasMessages } from '../model/canvas-messages.ts';
import { chartData, chartOption } from './chart-options.ts';
import { chartPoints } from './chart-points.ts';
import { DEFAULT_THEME, resolveTheme } from './theme.ts';
import { ENGLISH_VALUES, valueFormatter } from './value-format.ts';

afterEach(cleanup);

const GERMAN: readonly ColumnValue[] = [
  { value: 'critical', caption: 'Kritisch' },
  { value: 'warning', caption: 'Warnung' },
  { value: 'info', caption: 'Info' },
];
const severityField = { column: { table: 'Service alerts', column: 'Severity' } };
const severity: ResultColumn = {
  field: severityField,
  kind: 'column',
  queryName: 'Service alerts.Severity',
  displayName: 'Schweregrad',
  dataType: 'string',
  values: GERMAN,
};
const month: ResultColumn = {
  field: { column: { table: 'Calendar', column: 'Year-month' } },
  kind: 'column',
  queryName: 'Calendar.Year-month',
  displayName: 'Jahr-Monat',
  dataType: 'string',
};
const alerts: ResultColumn = {
  field: { measure: { table: 'Service alerts', measure: 'Alerts' } },
  kind: 'measure',
  queryName: 'Service alerts.Alerts',
  displayName: 'Meldungen',
  dataType: 'integer',
  format: '#,0',
};
// As the service sorts them: alphabetically.
const bySeverity: QueryAnswer = {
  columns: [severity, alerts],
  rows: [
    ['critical', 1200],
    ['info', 30],
    ['warning', 400],
  ],
  truncated: false,
};
// The first month has no critical alert: a header order by first appearance would put it last.
const byMonthAndSeverity: QueryAnswer = {
  columns: [month, severity, alerts],
  rows: [
    ['2026-01', 'info', 3],
    ['2026-01', 'warning', 4],
    ['2026-02', 'critical', 1],
    ['2026-02', 'info', 2],
  ],
  truncated: false,
};

describe('the value formatter with listed values', () => {
  it('writes a listed value by its caption, and anything else as its format writes it', () => {
    const de = valueFormatter('de');
    expect(de.value('critical', severity)).toBe('Kritisch');
    expect(de.value('unknown', severity)).toBe('unknown');
    expect(de.value(null, severity)).toBe('(Blank)');
    expect(de.value(7585653, { format: '#,0', values: GERMAN })).toBe('7.585.653');
    expect(de.value(7585653, '#,0')).toBe('7.585.653');
    expect(ENGLISH_VALUES.value('critical', { format: undefined })).toBe('critical');
  });
});

const pick = (...indexes: number[]) => indexes.map((i) => bySeverity.rows[i] ?? []);

describe('charts over a column with listed values', () => {
  it('put the donut’s slices in the natural order, labelled by caption, coloured by the raw value', () => {
    const donut = visual('d', 'donutChart', {
      dataRoles: { category: [severityField], values: [alerts.field] },
      formatting: { legend: { show: true, position: 'Right' } },
    });
    const theme = resolveTheme({ valueColors: { critical: '#C62828', warning: '#E0A100', info: '#5B7A99' } });
    const option = chartOption(donut, bySeverity, theme, {
      animation: false,
      formatter: valueFormatter('de'),
      size: { width: 600, height: 400 },
    }) as unknown as {
      series: {
        data: { name: string; value: number; itemStyle: { color?: string } }[];
        label: { formatter: (p: object) => string };
      }[];
      legend: { formatter?: (name: string) => string };
      tooltip: { formatter: (p: unknown) => string };
    };
    const slices = option.series[0]?.data ?? [];
    expect(slices.map((s) => [s.name, s.value, s.itemStyle.color])).toEqual([
      ['critical', 1200, '#C62828'],
      ['warning', 400, '#E0A100'],
      ['info', 30, '#5B7A99'],
    ]);
    // Beside the legend the slices carry their shares (1,200 of 1,630: whole percents would add up to 101); the legend
    // names them.
    expect(option.series[0]?.label.formatter({ name: 'critical', dataIndex: 0 })).toBe('73,6%');
    expect(option.legend.formatter?.('warning')).toBe('Warnung');
    // Without a legend, in a wide box, the slices carry their names.
    const named = chartOption({ ...donut, formatting: {} }, bySeverity, theme, {
      animation: false,
      formatter: valueFormatter('de'),
      size: { width: 700, height: 260 },
    }) as unknown as typeof option;
    expect(named.series[0]?.label.formatter({ name: 'critical', dataIndex: 0 })).toBe('Kritisch 73,6%');
    expect(
      option.tooltip.formatter({ name: 'info', seriesName: 'Meldungen', value: 30, percent: 2 }),
    ).toContain('Info');
  });

  it('keep a sorted visual’s order: the categories follow its sort, not the listed values', () => {
    const sorted = visual('b', 'clusteredBarChart', {
      dataRoles: { category: [severityField], values: [alerts.field] },
      sort: { field: alerts.field, direction: 'Descending' },
    });
    const descending = {
      ...bySeverity,
      rows: pick(0, 2, 1),
    };
    expect(chartData(sorted, descending).categories).toEqual(['critical', 'warning', 'info']);
    const ascending = {
      ...bySeverity,
      rows: pick(1, 2, 0),
    };
    expect(chartData(sorted, ascending).categories).toEqual(['info', 'warning', 'critical']);
    expect(chartData({ ...sorted, sort: undefined }, ascending).categories).toEqual([
      'critical',
      'warning',
      'info',
    ]);
  });

  it('order and caption a legend of severities as series, the series keeping their raw names', () => {
    const columns = visual('c', 'stackedColumnChart', {
      dataRoles: { category: [month.field], series: [severityField], values: [alerts.field] },
    });
    const data = chartData(columns, byMonthAndSeverity);
    expect(data.series.map((s) => s.name)).toEqual(['critical', 'warning', 'info']);
    const option = chartOption(columns, byMonthAndSeverity, DEFAULT_THEME, {
      animation: false,
      formatter: valueFormatter('de'),
    }) as unknown as { legend: { formatter: (name: string) => string }; series: { name: string }[] };
    expect(option.series.map((s) => s.name)).toEqual(['critical', 'warning', 'info']);
    expect(data.series.map((s) => option.legend.formatter(s.name))).toEqual(['Kritisch', 'Warnung', 'Info']);
    expect(chartPoints(columns, byMonthAndSeverity, valueFormatter('de'))[0]?.text).toBe(
      '2026-01: Warnung 4, Info 3',
    );
  });
});

describe('tables, matrices and filter sentences over listed values', () => {
  it('head a matrix’s columns critical → warning → info by caption, though the first month has no critical alert', () => {
    const matrix = visual('m', 'pivotTable', {
      dataRoles: { rows: [month.field], columns: [severityField], values: [alerts.field] },
    });
    const { container } = render(
      <MatrixVisual
        visual={matrix}
        answer={byMonthAndSeverity}
        theme={DEFAULT_THEME}
        formatter={valueFormatter('de')}
      />,
    );
    expect([...container.querySelectorAll('thead th')].map((h) => h.textContent)).toEqual([
      'Jahr-Monat',
      'Kritisch',
      'Warnung',
      'Info',
    ]);
    expect([...container.querySelectorAll('tbody tr')].map((r) => r.textContent)).toEqual([
      '2026-0143',
      '2026-0212',
    ]);
  });

  it('list a table’s rows in the first column’s natural order with captions, unless the visual is sorted', () => {
    const table = visual('t', 'tableEx', { dataRoles: { values: [severityField, alerts.field] } });
    const rows = (v: typeof table) => {
      const { container } = render(
        <TableVisual visual={v} answer={bySeverity} theme={DEFAULT_THEME} formatter={valueFormatter('de')} />,
      );
      const text = [...container.querySelectorAll('tbody tr')].map((r) => r.textContent);
      cleanup();
      return text;
    };
    expect(rows(table)).toEqual(['Kritisch1.200', 'Warnung400', 'Info30']);
    expect(rows({ ...table, sort: { field: alerts.field, direction: 'Ascending' } })).toEqual([
      'Kritisch1.200',
      'Info30',
      'Warnung400',
    ]);
    expect(answerText(bySeverity, valueFormatter('de')).split('\n')[1]).toBe('Kritisch\t1.200');
  });

  it('name a filter’s values by caption in its sentence, while the filter keeps the raw values', () => {
    const dataset = {
      tables: [
        {
          name: 'Service alerts',
          columns: [{ name: 'Severity', displayName: 'Schweregrad', dataType: 'string', values: GERMAN }],
          measures: [],
        },
      ],
    } as unknown as Dataset;
    const filter = {
      $schema: 'http://powerbi.com/product/schema#basic',
      target: severityField.column,
      operator: 'In' as const,
      values: ['critical', 'warning'],
      filterType: 1,
    };
    expect(filterTitle(filter, dataset, canvasMessages('de'), valueFormatter('de'))).toContain('Kritisch');
    expect(filterTitle(filter, dataset, canvasMessages('de'), valueFormatter('de'))).toContain('Warnung');
    expect(filter.values).toEqual(['critical', 'warning']);
  });
});

describe('a slicer over listed values', () => {
  const days: ResultColumn = {
    field: { column: { table: 'Calendar', column: 'Day of week' } },
    kind: 'column',
    queryName: 'Calendar.Day of week',
    displayName: 'Wochentag',
    dataType: 'string',
    values: [
      ['Mon', 'Mo'],
      ['Tue', 'Di'],
      ['Wed', 'Mi'],
      ['Thu', 'Do'],
      ['Fri', 'Fr'],
      ['Sat', 'Sa'],
      ['Sun', 'So'],
    ].map(([value = '', caption = '']) => ({ value, caption })),
  };
  // As the service sorts them: alphabetically.
  const answer: QueryAnswer = {
    columns: [days],
    rows: [['Fri'], ['Mon'], ['Sat'], ['Sun'], ['Thu'], ['Tue'], ['Wed']],
    truncated: false,
  };

  it('lists captions in the natural order, searches what the viewer reads and selects the raw value', () => {
    const chosen: IFilter[][] = [];
    const slicer = visual('days', 'slicer', { dataRoles: { values: [days.field] } });
    render(
      <SlicerVisual
        visual={slicer}
        answer={answer}
        onSelect={(filters) => chosen.push(filters)}
        formatter={valueFormatter('de')}
      />,
    );
    const labels = () => [...document.querySelectorAll('.slicer-list label')].map((l) => l.textContent);
    expect(labels()).toEqual(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'mi' } });
    expect(labels()).toEqual(['Mi']);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'wed' } });
    expect(labels()).toEqual([]);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'mi' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mi' }));
    expect(chosen.at(-1)).toMatchObject([{ operator: 'In', values: ['Wed'] }]);
  });
});
