import { describe, expect, it } from 'vitest';
import { legendFit, legendHeight, seriesLegend, widestCut } from './legend-fit.ts';
import { textPx } from './text-width.ts';

const SUPPLIES = ['Black toner', 'Cyan toner', 'Magenta toner', 'Yellow toner', 'Drum'];

describe('legend fit', () => {
  it('wraps a legend over up to three lines in a narrow chart, and calls a longer one too long to show whole', () => {
    const supplies = ['black toner', 'cyan toner', 'drum', 'magenta toner', 'yellow toner'];
    expect(legendFit(supplies, 900)).toEqual({ rows: 1, scroll: false });
    expect(legendFit(supplies, 340)).toEqual({ rows: 2, scroll: false });
    expect(legendFit(supplies, 200)).toEqual({ rows: 3, scroll: false });
    const many = Array.from({ length: 20 }, (_, i) => `Series number ${i}`);
    expect(legendFit(many, 300)).toEqual({ rows: 1, scroll: true });
    // Japanese names take an em per character: five of them need two lines where as many Latin letters take one.
    expect(legendFit(['イエロートナー', 'マゼンタトナー', 'シアントナー'], 300)).toEqual({
      rows: 2,
      scroll: false,
    });
    expect(legendFit(['Yellow ', 'Magenta', 'Cyan  '], 300)).toEqual({ rows: 1, scroll: false });
  });

  it('wraps a legend where ECharts does: an entry moves down when its end passes the width less 10 px', () => {
    // The five supplies in Japanese take 512 px (keys 30 px each, 8 px apart): one line in a 524-pixel chart, as
    // ECharts draws them (the plot started a line lower, under an empty one), two in a 520-pixel one.
    const supplies = ['ブラックトナー', 'シアントナー', 'マゼンタトナー', 'イエロートナー', 'ドラム'];
    expect(legendFit(supplies, 524)).toEqual({ rows: 1, scroll: false });
    expect(legendFit(supplies, 520)).toEqual({ rows: 2, scroll: false });
    expect(legendHeight(1)).toBe(25);
    expect(legendHeight(2)).toBe(48);
  });
});

describe('series legend', () => {
  it('keeps the legend where the visual asks, names whole, where the plot keeps its height', () => {
    expect(seriesLegend(SUPPLIES, { width: 800, height: 300 }, 'Top', 60)).toEqual({
      position: 'Top',
      rows: 1,
      nameWidth: undefined,
      extent: legendHeight(1),
    });
    expect(seriesLegend(SUPPLIES, { width: 800, height: 300 }, 'Bottom', 60).position).toBe('Bottom');
  });

  it('wraps whole names over two lines on a phone, the plot keeping at least 100 px', () => {
    // The supplies' stacked chart on a phone: 346 × 224, its turned months and year title taking 69 px.
    const legend = seriesLegend(SUPPLIES, { width: 346, height: 224 }, 'Top', 69);
    expect(legend).toMatchObject({ position: 'Top', rows: 2, nameWidth: undefined });
    expect(224 - 69 - legend.extent).toBeGreaterThanOrEqual(100);
  });

  it('cuts the longer names to one width in a short narrow box, so the legend takes one line and the plot keeps half', () => {
    const toners = SUPPLIES.slice(0, 4);
    const legend = seriesLegend(toners, { width: 346, height: 170 }, 'Top', 69);
    expect(legend.rows).toBe(1);
    expect(legend.nameWidth).toBeGreaterThanOrEqual(36);
    expect(legend.nameWidth).toBeLessThan(Math.ceil(textPx('Magenta toner')));
    // Whole, the names took two lines, and the plot less than half the box.
    expect(legendFit(toners, 346).rows).toBe(2);
    expect(170 - 69 - legendHeight(2)).toBeLessThan(85);
  });

  it('cuts names to the widest whole pixel that keeps the lines: one pixel more and the last entry wraps', () => {
    const toners = SUPPLIES.slice(0, 4);
    const legend = seriesLegend(toners, { width: 370, height: 150 }, 'Top', 41);
    expect(legend).toMatchObject({ position: 'Top', rows: 1, nameWidth: 54 });
    // One line of four entries (a 30-pixel key and the name, 8 px apart) within the width less the padding.
    const lineAt = (cap: number) =>
      toners.reduce((sum, name) => sum + 30 + Math.min(Math.ceil(textPx(name)), cap), 0) + 3 * 8;
    expect(lineAt(54)).toBeLessThanOrEqual(370 - 10);
    expect(lineAt(55)).toBeGreaterThan(370 - 10);
  });

  it('finds the widest cut that fits by halving, the least where none fits', () => {
    const calls: number[] = [];
    const upTo = (most: number) => (cap: number) => (calls.push(cap), cap <= most);
    expect(widestCut(upTo(57), 48, 90)).toBe(57);
    expect(calls.length).toBeLessThanOrEqual(7);
    expect(widestCut(upTo(90), 48, 90)).toBe(90);
    expect(widestCut(upTo(48), 48, 90)).toBe(48);
    expect(widestCut(upTo(20), 48, 90)).toBe(48);
    // Names no longer than the least cut stay as they are.
    expect(widestCut(upTo(20), 48, 40)).toBe(40);
  });

  it('keeps names whole on a line more where one line would cut them under six letters', () => {
    // Five supplies in one line of a short phone chart would read "Bl…", "Cy…": two lines of whole names instead.
    const legend = seriesLegend(SUPPLIES, { width: 346, height: 170 }, 'Top', 69);
    expect(legend).toMatchObject({ rows: 2, nameWidth: undefined });
  });

  it('stands beside the plot, names whole, in a wide short box where lines across would crowd the plot', () => {
    const six = [...SUPPLIES, 'Maintenance kit'];
    const legend = seriesLegend(six, { width: 500, height: 150 }, 'Top', 41);
    expect(legend).toMatchObject({ position: 'Right', nameWidth: undefined });
    expect(legend.extent).toBeLessThanOrEqual(500 * 0.3);
    expect(legend.extent).toBeGreaterThanOrEqual(Math.ceil(textPx('Maintenance kit')) + 40);
  });

  it('never scrolls: twenty series wrap over the lines they need, cut to about six letters', () => {
    const many = Array.from({ length: 20 }, (_, i) => `Series number ${i}`);
    const legend = seriesLegend(many, { width: 300, height: 400 }, 'Top', 60);
    expect(legend.position).toBe('Top');
    expect(legend.nameWidth).toBe(48);
    expect(legend.rows).toBeGreaterThan(3);
  });

  it('cuts names on a side the visual asks for to 30 % of the width', () => {
    const legend = seriesLegend(
      ['Total colour pages', 'Total mono pages'],
      { width: 400, height: 300 },
      'Right',
      40,
    );
    expect(legend).toMatchObject({ position: 'Right', nameWidth: 120 - 40 });
    expect(legend.extent).toBe(120);
  });
});
