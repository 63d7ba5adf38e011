import { describe, expect, it } from 'vitest';
import type { ResolvedTile } from '@portico/analytics-model';
import { arrangeTiles, CELL, NUMBER_TILE_HEIGHT } from './layout.ts';

const tile = (id: string, row: number, col: number, rowSpan = 1, colSpan = 1): ResolvedTile => ({
  id,
  kind: 'text',
  title: id,
  text: '',
  row,
  col,
  rowSpan,
  colSpan,
});

/** A number tile in the grid's first row. */
const card = (id: string, col: number): ResolvedTile => ({
  id,
  kind: 'card',
  title: id,
  reportId: 'r',
  measure: { measure: { table: 'Devices', measure: 'Devices' } },
  row: 0,
  col,
  rowSpan: 1,
  colSpan: 1,
});

// Given out of reading order on purpose.
const dashboard = { columns: 4, tiles: [tile('c', 1, 0, 2, 2), tile('b', 0, 1), tile('a', 0, 0)] };
const natural = 4 * (CELL.width + CELL.gap) + CELL.gap;

describe('arrangeTiles', () => {
  it('places tiles on the fixed grid at actual size, whatever the frame width', () => {
    const { boxes, width, height } = arrangeTiles(dashboard, 'actualSize', 500);
    expect(boxes.map((b) => b.tile.id)).toEqual(['a', 'b', 'c']);
    expect(boxes[1]).toMatchObject({
      left: CELL.gap + CELL.width + CELL.gap,
      top: CELL.gap,
      width: CELL.width,
    });
    expect(boxes[2]).toMatchObject({ width: 2 * CELL.width + CELL.gap, height: 2 * CELL.height + CELL.gap });
    expect(width).toBe(natural);
    expect(height).toBe(3 * (CELL.height + CELL.gap) + CELL.gap);
  });

  it('scales the grid to the frame width with fitToWidth', () => {
    const { boxes, width } = arrangeTiles(dashboard, 'fitToWidth', natural * 2);
    expect(width).toBe(natural * 2);
    expect(boxes[0]).toMatchObject({ left: 2 * CELL.gap, width: 2 * CELL.width, height: 2 * CELL.height });
    const narrow = arrangeTiles(dashboard, 'fitToWidth', natural / 2);
    expect(Math.max(...narrow.boxes.map((b) => b.left + b.width))).toBeLessThanOrEqual(natural / 2);
  });

  it('stacks the tiles in one column with fitToWidth in a frame under 0.7 of the grid (a phone)', () => {
    const phone = arrangeTiles(dashboard, 'fitToWidth', 390);
    expect(phone.boxes.map((b) => [b.left, b.width])).toEqual([
      [CELL.gap, 390 - 2 * CELL.gap],
      [CELL.gap, 390 - 2 * CELL.gap],
      [CELL.gap, 390 - 2 * CELL.gap],
    ]);
    expect(arrangeTiles(dashboard, 'fitToWidth', natural * 0.8).boxes[1]?.left).toBeGreaterThan(CELL.gap);
  });

  it('stacks the tiles in reading order, each the frame width, with oneColumn', () => {
    const { boxes } = arrangeTiles(dashboard, 'oneColumn', 600);
    expect(boxes.map((b) => [b.tile.id, b.left, b.width])).toEqual([
      ['a', CELL.gap, 600 - 2 * CELL.gap],
      ['b', CELL.gap, 600 - 2 * CELL.gap],
      ['c', CELL.gap, 600 - 2 * CELL.gap],
    ]);
    expect(boxes[1]?.top).toBe(CELL.gap + CELL.height + CELL.gap);
    expect(boxes[2]?.height).toBe(2 * CELL.height + CELL.gap);
  });

  it('shows the grid at actual size until the frame width is known', () => {
    expect(arrangeTiles(dashboard, 'fitToWidth', 0).width).toBe(natural);
  });

  it('gives a one-row card tile the height of its number in one column, and keeps the grid cell elsewhere', () => {
    const card: ResolvedTile = {
      id: 'n',
      kind: 'card',
      title: 'Printers',
      reportId: 'r',
      measure: { measure: { table: 'Devices', measure: 'Devices' } },
      row: 0,
      col: 2,
      rowSpan: 1,
      colSpan: 1,
    };
    const tall = { ...card, id: 't', row: 3, col: 0, rowSpan: 2 };
    const withCards = { columns: 4, tiles: [...dashboard.tiles, card, tall] };
    const column = arrangeTiles(withCards, 'oneColumn', 390);
    expect(column.boxes.map((b) => [b.tile.id, b.height])).toEqual([
      ['a', CELL.height],
      ['b', CELL.height],
      ['n', NUMBER_TILE_HEIGHT],
      ['c', 2 * CELL.height + CELL.gap],
      ['t', 2 * CELL.height + CELL.gap],
    ]);
    expect(column.boxes[3]?.top).toBe(3 * CELL.gap + 2 * CELL.height + NUMBER_TILE_HEIGHT + CELL.gap);
    expect(arrangeTiles(withCards, 'fitToWidth', 390).boxes[2]?.height).toBe(NUMBER_TILE_HEIGHT);
    expect(arrangeTiles(withCards, 'actualSize', 390).boxes[2]?.height).toBe(CELL.height);
  });

  it('puts number tiles side by side in a narrow fit to width when each keeps the grid cell width (200 % zoom: two, then the third alone), not on a phone nor in oneColumn', () => {
    const kpis = {
      columns: 4,
      tiles: [card('k1', 0), card('k2', 1), card('k3', 2), tile('chart', 1, 0, 2, 2)],
    };
    const zoomed = arrangeTiles(kpis, 'fitToWidth', 640);
    const half = (640 - 3 * CELL.gap) / 2;
    expect(zoomed.boxes.map((b) => [b.tile.id, b.left, b.top, b.width])).toEqual([
      ['k1', CELL.gap, CELL.gap, half],
      ['k2', 2 * CELL.gap + half, CELL.gap, half],
      ['k3', CELL.gap, 2 * CELL.gap + NUMBER_TILE_HEIGHT, 640 - 2 * CELL.gap],
      ['chart', CELL.gap, 3 * CELL.gap + 2 * NUMBER_TILE_HEIGHT, 640 - 2 * CELL.gap],
    ]);
    expect(half).toBeGreaterThanOrEqual(CELL.width);
    const phone = arrangeTiles(kpis, 'fitToWidth', 390);
    expect(phone.boxes.map((b) => b.width)).toEqual(Array(4).fill(390 - 2 * CELL.gap));
    const asked = arrangeTiles(kpis, 'oneColumn', 640);
    expect(asked.boxes.map((b) => b.width)).toEqual(Array(4).fill(640 - 2 * CELL.gap));
  });

  it('shares a run of number tiles evenly over the rows it needs in a narrow fit to width: four where three fit are two and two', () => {
    // Six columns (1,496 px) in an 800 px frame: under 0.7 of the grid, three tiles of the cell's width fit a row.
    const wide = {
      columns: 6,
      tiles: [card('k1', 0), card('k2', 1), card('k3', 2), card('k4', 3), tile('chart', 1, 0, 2, 6)],
    };
    const { boxes } = arrangeTiles(wide, 'fitToWidth', 800);
    const half = (800 - 3 * CELL.gap) / 2;
    expect(boxes.map((b) => [b.tile.id, b.left, b.top, b.width])).toEqual([
      ['k1', CELL.gap, CELL.gap, half],
      ['k2', 2 * CELL.gap + half, CELL.gap, half],
      ['k3', CELL.gap, 2 * CELL.gap + NUMBER_TILE_HEIGHT, half],
      ['k4', 2 * CELL.gap + half, 2 * CELL.gap + NUMBER_TILE_HEIGHT, half],
      ['chart', CELL.gap, 3 * CELL.gap + 2 * NUMBER_TILE_HEIGHT, 800 - 2 * CELL.gap],
    ]);
    // Three of them fit one row.
    const three = arrangeTiles({ ...wide, tiles: wide.tiles.slice(1) }, 'fitToWidth', 800);
    expect(three.boxes.slice(0, 3).map((b) => b.top)).toEqual([CELL.gap, CELL.gap, CELL.gap]);
  });
});
