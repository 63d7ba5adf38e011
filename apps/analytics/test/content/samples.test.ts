import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBookmarkState, visualQuery } from '@portico/analytics-model';
import { checkDefinition } from '../../src/content/definition-schema.ts';
import { PRINT_FLEET_DATASET } from '../../src/models/built-in.ts';
import { SAMPLE_REPORTS } from '../../src/models/built-in.ts';
import { openTestFleet } from '../helpers/fleet.ts';
import type { TestFleet } from '../helpers/fleet.ts';
import { queryRunner } from '../helpers/query.ts';

let data: TestFleet;
let run: ReturnType<typeof queryRunner>;
beforeAll(async () => {
  data = await openTestFleet();
  run = queryRunner(data);
});
afterAll(async () => data.close());

describe('the sample reports', () => {
  it('are the four the brief asks for, with two to four pages each', () => {
    expect(SAMPLE_REPORTS.map((r) => r.name)).toEqual([
      'Fleet overview',
      'Page volume',
      'Supplies',
      'Service alerts',
    ]);
    for (const report of SAMPLE_REPORTS) {
      expect(report.definition.pages.length).toBeGreaterThanOrEqual(2);
      expect(report.definition.pages.length).toBeLessThanOrEqual(4);
    }
  });

  it('use card, table, matrix, bar, column, line, area, pie, donut and slicer visuals, each with a title', () => {
    const visuals = SAMPLE_REPORTS.flatMap((r) => r.definition.pages.flatMap((p) => p.visuals));
    const types = new Set(visuals.map((v) => v.type));
    for (const type of [
      'card',
      'tableEx',
      'pivotTable',
      'clusteredBarChart',
      'clusteredColumnChart',
      'lineChart',
      'areaChart',
      'pieChart',
      'donutChart',
      'slicer',
    ]) {
      expect(types, type).toContain(type);
    }
    for (const visual of visuals) expect(visual.title.length).toBeGreaterThan(3);
  });

  it('name only what the dataset has', () => {
    for (const report of SAMPLE_REPORTS)
      expect(() => checkDefinition(PRINT_FLEET_DATASET, report.definition), report.name).not.toThrow();
  });

  it('carry bookmarks whose state opens one of their pages', () => {
    for (const report of SAMPLE_REPORTS) {
      for (const bookmark of report.definition.bookmarks) {
        const state = decodeBookmarkState(bookmark.state ?? '');
        expect(report.definition.pages.map((p) => p.name)).toContain(state?.activePage);
      }
    }
  });

  for (const report of SAMPLE_REPORTS) {
    it(`${report.name}: every visual's query runs and shows data`, async () => {
      for (const page of report.definition.pages) {
        for (const visual of page.visuals) {
          const answer = await run(visualQuery(report.definition, page, visual));
          expect(answer.columns.length, `${page.name}/${visual.name}`).toBeGreaterThan(0);
          expect(answer.rows.length, `${page.name}/${visual.name} has rows`).toBeGreaterThan(0);
        }
      }
    });
  }
});
