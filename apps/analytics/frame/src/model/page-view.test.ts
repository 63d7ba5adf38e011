import { describe, expect, it } from 'vitest';
import { DisplayOption, LayoutType } from '@portico/models';
import { visual } from '../test/sample.ts';
import type { PlacedVisual } from './layout.ts';
import { pageView, panesOpenAt, stackVisuals, stacks, stretchToCanvas } from './page-view.ts';

const at = (name: string, type: PlacedVisual['visual']['type'], x: number, y: number, w = 400, h = 300) => ({
  visual: visual(name, type),
  x,
  y,
  z: 0,
  width: w,
  height: h,
  visible: true,
});

describe('the page view', () => {
  it('fits the width unless the viewer or the host chose otherwise, the host winning', () => {
    expect(pageView({}, undefined)).toBe(DisplayOption.FitToWidth);
    expect(pageView({}, DisplayOption.ActualSize)).toBe(DisplayOption.ActualSize);
    const host = { layoutType: LayoutType.Custom, customLayout: { displayOption: DisplayOption.FitToPage } };
    expect(pageView(host, DisplayOption.ActualSize)).toBe(DisplayOption.FitToPage);
  });

  it('stacks the report layout in a canvas narrower than half the page, never a custom or phone layout', () => {
    expect(stacks({}, 1280, 390)).toBe(true);
    expect(stacks({}, 1280, 700)).toBe(false);
    expect(stacks({ layoutType: LayoutType.Custom }, 1280, 390)).toBe(false);
    expect(stacks({ layoutType: LayoutType.MobilePortrait }, 1280, 390)).toBe(false);
    expect(stacks({}, 1280, 0)).toBe(false);
  });
});

describe('stacked visuals', () => {
  it('puts the shown visuals in one column in reading order, each the canvas wide less its margins', () => {
    const placed = [
      at('chart-right', 'clusteredColumnChart', 700, 130),
      at('card', 'tableEx', 0, 0, 240, 120),
      at('chart-left', 'clusteredColumnChart', 0, 130),
      { ...at('hidden', 'card', 0, 0), visible: false },
    ];
    const { placed: column, height } = stackVisuals(placed, 390);
    expect(column.map((p) => p.visual.name)).toEqual(['card', 'chart-left', 'chart-right']);
    expect(column.every((p) => p.x === 8 && p.width === 374)).toBe(true);
    for (let i = 1; i < column.length; i++) {
      const before = column[i - 1];
      expect(column[i]?.y).toBe((before?.y ?? 0) + (before?.height ?? 0) + 8);
    }
    expect(height).toBe((column.at(-1)?.y ?? 0) + (column.at(-1)?.height ?? 0) + 8);
  });

  it('gives a chart and a table room to draw, and lets cards share rows as far as they fit', () => {
    const cards = [0, 1, 2, 3].map((i) => at(`card-${i}`, 'card', i * 250, 0, 240, 120));
    const { placed } = stackVisuals(
      [...cards, at('bars', 'clusteredBarChart', 0, 200, 300, 300), at('table', 'tableEx', 0, 600, 970, 720)],
      390,
    );
    expect(placed.map((p) => [p.visual.name, Math.round(p.x), p.y, Math.round(p.width), p.height])).toEqual([
      ['card-0', 8, 8, 183, 112],
      ['card-1', 199, 8, 183, 112],
      ['card-2', 8, 128, 183, 112],
      ['card-3', 199, 128, 183, 112],
      ['bars', 8, 248, 374, 374],
      ['table', 8, 630, 374, 320],
    ]);
  });

  it('shares a run of cards out evenly over its rows: four where three fit are two and two, not three and one', () => {
    const cards = [0, 1, 2, 3].map((i) => at(`card-${i}`, 'card', i * 250, 0, 240, 120));
    const { placed } = stackVisuals(cards, 560);
    expect(placed.map((p) => [p.visual.name, Math.round(p.x), p.y, Math.round(p.width)])).toEqual([
      ['card-0', 8, 8, 268],
      ['card-1', 284, 8, 268],
      ['card-2', 8, 128, 268],
      ['card-3', 284, 128, 268],
    ]);
    // A run of one row keeps the strip's widths (two cards where three fit: a third each).
    const two = stackVisuals(cards.slice(0, 2), 560).placed.map((p) => Math.round(p.width));
    expect(two).toEqual([176, 176]);
  });
});

describe('the panes at the start', () => {
  it('open beside the page only where both leave it room, and the page tabs always on a phone', () => {
    expect(panesOpenAt(1440)).toEqual({ filters: true, pages: true });
    expect(panesOpenAt(1024)).toEqual({ filters: false, pages: true });
    expect(panesOpenAt(800)).toEqual({ filters: false, pages: false });
    expect(panesOpenAt(390)).toEqual({ filters: false, pages: true });
  });
});

describe('a stacked list slicer', () => {
  it('is as tall as its values, up to nine rows', () => {
    const slicer = { ...at('site', 'slicer', 0, 0, 300, 100) };
    const list = { ...slicer, visual: { ...slicer.visual, formatting: { slicer: { mode: 'list' } } } };
    expect(stackVisuals([list], 390, () => 5).placed[0]?.height).toBe(44 + 6 * 22);
    expect(stackVisuals([list], 390, () => 40).placed[0]?.height).toBe(44 + 9 * 22 + 28);
    expect(stackVisuals([list], 390).placed[0]?.height).toBe(240);
  });
});

describe('a stacked page shorter than the canvas', () => {
  it('lets its last table grow to the foot of the canvas', () => {
    const { placed, height } = stackVisuals([at('table', 'tableEx', 0, 0, 1280, 720)], 390, undefined, 800);
    expect(height).toBe(800);
    expect(placed[0]?.height).toBe(800 - 16);
  });

  it('leaves a chart as it is', () => {
    const { height } = stackVisuals([at('bars', 'clusteredBarChart', 0, 0, 400, 300)], 390, undefined, 800);
    expect(height).toBeLessThan(800);
  });
});

describe('a stacked bar chart', () => {
  it('gives each bar a line of its own, from 260 up to 600 pixels', () => {
    const bars = at('bars', 'clusteredBarChart', 0, 0, 620, 420);
    expect(stackVisuals([bars], 390, () => 16).placed[0]?.height).toBe(16 * 18 + 70);
    expect(stackVisuals([bars], 390, () => 3).placed[0]?.height).toBe(260);
    expect(stackVisuals([bars], 390, () => 100).placed[0]?.height).toBe(600);
  });
});

describe('a short page at fit to width', () => {
  it('grows its visuals down to the canvas, at most 1.75 times, and leaves a tall page as it is', () => {
    const placed = [at('a', 'card', 0, 0, 1280, 100), at('b', 'tableEx', 0, 110, 1280, 610)];
    const grown = stretchToCanvas(placed, 720, 0.75, 871);
    expect(grown.height).toBeCloseTo(720 * (870 / 540));
    expect(grown.placed[1]?.y).toBeCloseTo(110 * (870 / 540));
    expect(grown.placed[1]?.width).toBe(1280);
    expect(stretchToCanvas(placed, 720, 0.5, 2000).height).toBe(720 * 1.75);
    expect(stretchToCanvas(placed, 720, 1, 500)).toEqual({ placed, height: 720 });
  });
});
