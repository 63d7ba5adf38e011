import { describe, expect, it } from 'vitest';
import { dashboardProblems, definitionProblems } from './schema.ts';
import type { DashboardTile } from '@portico/analytics-model';

const text = (id: string, col: number, colSpan: number): DashboardTile => ({
  id,
  kind: 'text',
  title: id,
  text: '',
  row: 0,
  col,
  rowSpan: 1,
  colSpan,
});

describe('definitionProblems', () => {
  it('accepts tiles that fit the grid and have unique ids', () => {
    expect(definitionProblems({ columns: 3, tiles: [text('a', 0, 2), text('b', 2, 1)] })).toEqual([]);
  });

  it('names a tile that reaches past the last column and a repeated id', () => {
    expect(definitionProblems({ columns: 3, tiles: [text('a', 2, 2), text('a', 0, 1)] })).toEqual([
      "tiles[0] ('a'): columns 2–3 lie outside the grid's 3",
      "tiles[1] ('a'): the id is used by an earlier tile",
    ]);
  });
});

describe('dashboardProblems', () => {
  it('reports the first schema error of a document, naming what is missing', () => {
    const problems = dashboardProblems({ id: 'b1d4a1f0-6a53-4c1e-9a51-5a0d1f3c2e01', name: 'x' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/workspaceId/);
  });

  it('passes a sound document on to the grid checks', () => {
    const document = {
      id: 'b1d4a1f0-6a53-4c1e-9a51-5a0d1f3c2e01',
      name: 'x',
      workspaceId: 'w',
      createdAt: '',
      updatedAt: '',
      source: 'user',
      definition: { columns: 1, tiles: [text('a', 0, 2)] },
    };
    expect(dashboardProblems(document)).toEqual(["tiles[0] ('a'): columns 0–1 lie outside the grid's 1"]);
  });
});
