import { describe, expect, it } from 'vitest';
import { answer, visual } from '../test/sample.ts';
import { chartPoints, movePoint } from './chart-points.ts';

describe('a chart’s data points for the keyboard', () => {
  it('lists one point per category in the chart’s order, with its values formatted as the labels are', () => {
    expect(chartPoints(visual('v', 'clusteredColumnChart'), answer)).toEqual([
      { category: 'Berlin', text: 'Berlin: Total pages 1,200' },
      { category: 'Paris', text: 'Paris: Total pages 800' },
    ]);
  });

  it('names a blank category (Blank) and leaves out series without a value', () => {
    const blank = { ...answer, rows: [[null, null]] };
    expect(chartPoints(visual('v', 'pieChart'), blank)).toEqual([{ category: '(Blank)', text: '(Blank)' }]);
  });

  it('steps with the arrows, stops at the ends, jumps with Home and End and ignores other keys', () => {
    expect(movePoint('ArrowRight', -1, 3)).toBe(0);
    expect(movePoint('ArrowDown', 1, 3)).toBe(2);
    expect(movePoint('ArrowRight', 2, 3)).toBe(2);
    expect(movePoint('ArrowLeft', 0, 3)).toBe(0);
    expect(movePoint('ArrowUp', 2, 3)).toBe(1);
    expect(movePoint('End', 0, 3)).toBe(2);
    expect(movePoint('Home', 2, 3)).toBe(0);
    expect(movePoint('a', 0, 3)).toBeUndefined();
    expect(movePoint('ArrowRight', -1, 0)).toBeUndefined();
  });
});
