/**
 * Chart options as ECharts lays them out: the frame's tree-shaken build renders each option server-side (no DOM) with
 * the frame's own text measure, and the test reads where ECharts put every text it draws.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { QueryAnswer, ReportVisual } from '@portico/analytics-model';
import { answer, visual } from '../test/sample.ts';
import { chartOption } from './chart-options.ts';
import { echarts } from './echarts.ts';
import { DEFAULT_THEME } from './theme.ts';
import { textPx } from './text-width.ts';
import { valueFormatter } from './value-format.ts';

// ECharts measures its labels as the frame's fitting code does, so both see the same widths.
echarts.setPlatformAPI({ measureText: (text: string) => ({ width: textPx(text) }) });

interface DrawnText {
  readonly text: string;
  readonly top: number;
  readonly bottom: number;
}

let charts: ReturnType<typeof echarts.init>[] = [];
afterEach(() => {
  for (const chart of charts) chart.dispose();
  charts = [];
});

/** Every text line ECharts draws for the option in a box of `size`, with its extent (turned labels' turned box). */
function drawnTexts(
  type: ReportVisual['type'],
  data: QueryAnswer,
  size: { width: number; height: number },
  language = 'en',
): DrawnText[] {
  const option = chartOption(visual('v', type), data, DEFAULT_THEME, {
    animation: false,
    size,
    formatter: valueFormatter(language),
  });
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, ...size });
  charts.push(chart);
  chart.setOption(option);
  return chart
    .getZr()
    .storage.getDisplayList(true)
    .filter((el) => el.type === 'tspan' && !el.invisible && !el.ignore)
    .map((el) => {
      const rect = el.getBoundingRect().clone();
      const transform = el.getComputedTransform();
      if (transform) rect.applyTransform(transform);
      const text = String((el.style as { text?: unknown }).text ?? '');
      return { text, top: rect.y, bottom: rect.y + rect.height };
    })
    .filter((t) => t.text !== '');
}

/** How far the lowest text ends over the chart's bottom edge (negative: cut by it). */
const blankUnder = (texts: readonly DrawnText[], height: number): number =>
  height - Math.max(...texts.map((t) => t.bottom));

const byCategory = (categories: readonly string[]): QueryAnswer => ({
  ...answer,
  rows: categories.map((category, i) => [category, 1000 + ((i * 377) % 900)]),
});

const MONTHS: Record<string, string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  de: ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.'],
  ja: Array.from({ length: 12 }, (_, i) => `${i + 1}月`),
  ru: ['янв.', 'февр.', 'март', 'апр.', 'май', 'июнь', 'июль', 'авг.', 'сент.', 'окт.', 'нояб.', 'дек.'],
};

/** A phone's chart (390×844), 200 % zoom's and a desktop's, as the frame sizes them. */
const PHONE = { width: 347, height: 224 };
const SIZES = [PHONE, { width: 533, height: 224 }, { width: 669, height: 388 }];

/** Where ECharts puts a chart's lowest text: its descenders and a pixel to spare over the bottom edge. */
const LOWEST_TEXT_BELOW = 3;

describe('the lowest text of a chart', () => {
  it('ends 3 px over the bottom edge under turned month labels with no year title, in every language and size', () => {
    for (const [language, months] of Object.entries(MONTHS)) {
      for (const size of SIZES) {
        for (const type of [
          'lineChart',
          'clusteredColumnChart',
          'stackedColumnChart',
          'areaChart',
        ] as const) {
          const texts = drawnTexts(type, byCategory(months), size, language);
          const where = `${type} of ${language} months at ${size.width}×${size.height}`;
          expect(texts.length, where).toBeGreaterThan(12);
          expect(blankUnder(texts, size.height), where).toBeCloseTo(LOWEST_TEXT_BELOW, 0);
        }
      }
    }
  });

  it('ends 3 px over the bottom edge under labels cut to their turned room (long site names on a phone)', () => {
    const sites = Array.from({ length: 12 }, (_, i) => `Distribution centre number ${i + 1}`);
    const texts = drawnTexts('clusteredColumnChart', byCategory(sites), PHONE);
    expect(texts.some((t) => t.text.endsWith('…'))).toBe(true);
    expect(blankUnder(texts, PHONE.height)).toBeCloseTo(LOWEST_TEXT_BELOW, 0);
  });

  it('ends 3 px over the bottom edge under level labels, a bar chart’s values and a year title', () => {
    const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
    expect(blankUnder(drawnTexts('clusteredColumnChart', byCategory(days), PHONE), PHONE.height)).toBeCloseTo(
      LOWEST_TEXT_BELOW,
      0,
    );
    expect(blankUnder(drawnTexts('clusteredBarChart', byCategory(days), PHONE), PHONE.height)).toBeCloseTo(
      LOWEST_TEXT_BELOW,
      0,
    );
    const daily: QueryAnswer = {
      ...answer,
      columns: answer.columns.map((c, i) => (i === 0 ? { ...c, dataType: 'date', format: 'd MMM yyyy' } : c)),
      rows: Array.from({ length: 90 }, (_, i) => [
        new Date(Date.parse('2026-08-29T00:00:00Z') + i * 86_400_000).toISOString().slice(0, 10),
        100 + i,
      ]),
    };
    for (const language of ['en', 'ja']) {
      const texts = drawnTexts('lineChart', daily, PHONE, language);
      const lowest = texts.reduce((low, t) => (t.bottom > low.bottom ? t : low));
      expect(lowest.text).toMatch(/^2026/);
      expect(blankUnder(texts, PHONE.height)).toBeCloseTo(LOWEST_TEXT_BELOW, 0);
    }
  });
});
