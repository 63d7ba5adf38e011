import { describe, expect, it } from 'vitest';
import { overview, visual } from '../test/sample.ts';
import { cloneLayout, cloneName, freeSpot, sortField } from './visual-edits.ts';

describe('visual edits', () => {
  it('finds the sort field among the fields the visual shows, and nothing else', () => {
    const chart = visual('by-site', 'clusteredColumnChart');
    expect(sortField(chart, { table: 'Devices', column: 'Site' })).toEqual({
      column: { table: 'Devices', column: 'Site' },
    });
    expect(sortField(chart, { table: 'Meter readings', measure: 'Total pages' })).toEqual({
      measure: { table: 'Meter readings', measure: 'Total pages' },
    });
    expect(sortField(chart, { table: 'Devices', column: 'Model' })).toBeUndefined();
    expect(sortField(chart, { table: 'Meter readings', column: 'Total pages' })).toBeUndefined();
  });

  it('names a clone after its source without taking a name of the page', () => {
    expect(cloneName(overview, 'share')).toBe('share-copy');
    const withCopy = { ...overview, visuals: [...overview.visuals, visual('share-copy', 'donutChart')] };
    expect(cloneName(withCopy, 'share')).toBe('share-copy-2');
  });

  it('puts a clone in the first free spot, or below everything when the page is full', () => {
    const taken = [{ x: 0, y: 0, width: 400, height: 300 }];
    expect(freeSpot({ width: 1280, height: 720 }, { width: 400, height: 300 }, taken)).toEqual({
      x: 400,
      y: 0,
    });
    const full = [{ x: 0, y: 0, width: 1280, height: 720 }];
    expect(freeSpot({ width: 1280, height: 720 }, { width: 400, height: 300 }, full)).toEqual({
      x: 0,
      y: 730,
    });
  });

  it('keeps the layout the request gives and fills the rest from the source', () => {
    const source = visual('share', 'donutChart');
    const layout = cloneLayout(overview, source, { x: 50, y: 60, width: 200 }, []);
    expect(layout).toEqual({ x: 50, y: 60, z: 1, width: 200, height: 300, displayState: { mode: 0 } });
  });
});
