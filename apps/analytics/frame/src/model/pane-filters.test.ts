import type { FrameEvent } from '@portico/frame';
import { describe, expect, it } from 'vitest';
import { dataset as modelDataset } from '@portico/analytics-model/test-sample';
import type { FrameApi } from '../api/frame-api.ts';
import { answer, basicFilter, definition, overview, visual } from '../test/sample.ts';
import { ReportController } from './controller.ts';
import {
  addedKey,
  allFilter,
  columnTargetOf,
  filterableColumns,
  levelFilters,
  levelKey,
  pageFieldColumns,
  rankingMeasures,
  replaceAt,
  sameTarget,
  setLevelFilters,
  topNFilter,
  viewerAdded,
} from './pane-filters.ts';
import type { PaneLevel } from './pane-filters.ts';

describe('the filters pane model', () => {
  it('replaces, removes or adds a filter of a level', () => {
    const a = basicFilter('Site', 'Berlin');
    const b = basicFilter('Model', 'M1');
    const c = basicFilter('Model', 'M2');
    expect(replaceAt([a, b], 1, c)).toEqual([a, c]);
    expect(replaceAt([a, b], 0, undefined)).toEqual([b]);
    expect(replaceAt([a], -1, c)).toEqual([a, c]);
    expect(replaceAt([a], -1, undefined)).toEqual([a]);
  });

  it('reads a filter column target and compares targets', () => {
    expect(columnTargetOf(basicFilter('Site', 'Berlin'))).toEqual({ table: 'Devices', column: 'Site' });
    expect(sameTarget({ table: 'T', column: 'C' }, { table: 'T', column: 'C' })).toBe(true);
    expect(sameTarget(undefined, { table: 'T', column: 'C' })).toBe(false);
  });

  it("offers each column the page's charts group by once, and none of a slicer's", () => {
    const page = {
      ...overview,
      visuals: [
        ...overview.visuals,
        visual('by-model', 'clusteredBarChart', {
          dataRoles: { category: [{ column: { table: 'Devices', column: 'Model' } }] },
          layout: { x: 0, y: 400, z: 0, width: 10, height: 10, displayState: { mode: 0 } },
        }),
      ],
    };
    expect(pageFieldColumns(page)).toEqual([
      { table: 'Devices', column: 'Site' },
      { table: 'Devices', column: 'Model' },
    ]);
  });

  it('leaves out a column a visual of the page filters itself', () => {
    const page = {
      ...overview,
      visuals: [visual('by-site', 'clusteredColumnChart', { filters: [basicFilter('Site', 'Berlin')] })],
    };
    expect(pageFieldColumns(page)).toEqual([]);
  });
});

/** A controller on the sample report's overview page, its raised events recorded and its queries answered. */
function loadedController() {
  const events: FrameEvent[] = [];
  const api = {
    expired: false,
    query: () => Promise.resolve(answer),
  } as unknown as FrameApi;
  const controller = new ReportController({
    api,
    raise: (event) => {
      events.push(event);
      return Promise.resolve();
    },
  });
  controller.update((s) => ({
    ...s,
    status: 'loaded',
    definition,
    dataset: modelDataset,
    savedJson: JSON.stringify(definition),
    activePage: 'overview',
    viewMode: 'view',
  }));
  return { controller, events };
}

const model = { table: 'Devices', column: 'Model' };
const pages = { table: 'Meter readings', measure: 'Total pages' };
const applied = (events: FrameEvent[]) =>
  events.filter((e) => 'eventName' in e && e.eventName === 'filtersApplied');

describe('filters the pane adds', () => {
  it('writes a top N filter as the models’ JSON, ranked by a measure', () => {
    expect(topNFilter(model, 'Top', 3, pages)).toEqual({
      $schema: 'http://powerbi.com/product/schema#topN',
      target: model,
      filterType: 5,
      operator: 'Top',
      itemCount: 3,
      orderBy: pages,
    });
    expect(allFilter(model)).toMatchObject({ target: model, operator: 'All', values: [] });
  });

  it('sets a page’s filters as setFilters does: the definition changed and filtersApplied raised once', () => {
    const { controller, events } = loadedController();
    const level: PaneLevel = { kind: 'page', pageName: 'overview' };
    const before = levelFilters(controller.state.definition ?? definition, level);
    const top = topNFilter(model, 'Bottom', 2, pages);
    expect(setLevelFilters(controller, level, [...before, top])).toEqual([]);
    expect(levelFilters(controller.state.definition ?? definition, level)).toEqual([...before, top]);
    expect(applied(events)).toHaveLength(1);
    expect(applied(events)[0]?.body).toEqual({ filters: [...before, top] });
  });

  it('sets a visual’s filters and leaves the page’s and the other visuals’ alone', () => {
    const { controller } = loadedController();
    const level: PaneLevel = { kind: 'visual', pageName: 'overview', visualName: 'by-site' };
    const page = { kind: 'page', pageName: 'overview' } as const;
    const pageBefore = levelFilters(controller.state.definition ?? definition, page);
    expect(setLevelFilters(controller, level, [allFilter(model)])).toEqual([]);
    const now = controller.state.definition ?? definition;
    expect(levelFilters(now, level)).toEqual([allFilter(model)]);
    expect(levelFilters(now, page)).toEqual(pageBefore);
    expect(levelFilters(now, { kind: 'visual', pageName: 'overview', visualName: 'site-slicer' })).toEqual(
      levelFilters(definition, { kind: 'visual', pageName: 'overview', visualName: 'site-slicer' }),
    );
  });

  it('refuses what the dataset cannot apply, changing nothing and raising nothing', () => {
    const { controller, events } = loadedController();
    const level: PaneLevel = { kind: 'report' };
    // Ranked by a column with no aggregation: the model's parser refuses it, as it refuses a host's setFilters.
    const byColumn = { ...topNFilter(model, 'Top', 3, pages), orderBy: { table: 'Devices', column: 'Site' } };
    const errors = setLevelFilters(controller, level, [byColumn as never]);
    expect(errors).toEqual([expect.objectContaining({ path: 'filters.0', keyword: 'dataset' })]);
    expect(errors[0]?.message).toMatch(/orderBy/);
    const unknown = allFilter({ table: 'Devices', column: 'Colour' });
    expect(setLevelFilters(controller, level, [unknown])[0]?.message).toMatch(/Devices\.Colour/);
    const malformed = { ...topNFilter(model, 'Top', 3, pages), itemCount: 'three' };
    expect(setLevelFilters(controller, level, [malformed as never]).length).toBeGreaterThan(0);
    expect(controller.state.definition?.filters).toEqual(definition.filters);
    expect(applied(events)).toEqual([]);
  });

  it('offers the model’s shown columns and its measures, table by table', () => {
    expect(filterableColumns(modelDataset)).toEqual([
      {
        table: 'Devices',
        tableLabel: 'Printers',
        fields: ['Site', 'Model', 'Installed'].map((column) => ({ table: 'Devices', column })),
      },
      {
        table: 'Meter readings',
        tableLabel: 'Meter readings',
        fields: [{ table: 'Meter readings', column: 'Pages' }],
      },
    ]);
    expect(rankingMeasures(modelDataset).map((g) => g.fields)).toEqual([
      [{ table: 'Devices', measure: 'Printers' }],
      [pages],
    ]);
    expect(filterableColumns(undefined)).toEqual([]);
  });

  it('keeps the filters a viewer added per embed, by level and field', () => {
    const a = loadedController().controller;
    const b = loadedController().controller;
    const level: PaneLevel = { kind: 'visual', pageName: 'overview', visualName: 'by-site' };
    viewerAdded(a).add(addedKey(level, model));
    expect(viewerAdded(a).has('visual:overview:by-site|Devices|Model')).toBe(true);
    expect(viewerAdded(b).size).toBe(0);
    expect(levelKey({ kind: 'report' })).toBe('report');
    expect(levelKey({ kind: 'page', pageName: 'overview' })).toBe('page:overview');
  });
});
