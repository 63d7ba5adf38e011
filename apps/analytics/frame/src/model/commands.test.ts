import type { FrameEvent } from '@portico/frame';
import { describe, expect, it } from 'vitest';
import type { Dataset } from '@portico/analytics-model';
import type { FrameApi } from '../api/frame-api.ts';
import { answer, basicFilter, definition } from '../test/sample.ts';
import {
  clearSelection,
  drillDown,
  drillUp,
  endSpotlight,
  includeExclude,
  includeExcludeFilters,
  removeVisual,
  sortVisual,
  toggleSpotlight,
  toggleTableView,
  withoutViewState,
} from './commands.ts';
import { ReportController } from './controller.ts';
import { activePageOf, findVisual } from './state.ts';

const site = { table: 'Devices', column: 'Site' };
const dataset = {
  tables: [
    {
      name: 'Devices',
      hierarchies: [
        {
          name: 'Place',
          levels: [
            { name: 'Site', column: 'Site' },
            { name: 'Location', column: 'Location' },
          ],
        },
      ],
    },
  ],
} as unknown as Dataset;

/** A controller on the sample report's overview page with `by-site` answered; its raised events recorded. */
function loadedController(viewMode: 'view' | 'edit' = 'view') {
  const events: FrameEvent[] = [];
  const api = { expired: false } as unknown as FrameApi;
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
    dataset,
    savedJson: JSON.stringify(definition),
    activePage: 'overview',
    viewMode,
    results: { 'by-site': { status: 'ready', answer } },
  }));
  const visual = (name: string) => findVisual(activePageOf(controller.state), name);
  return { controller, events, visual };
}

describe('the visual menus’ built-in commands', () => {
  it('shows a visual as a table and back, and keeps the other visuals’ table views', () => {
    const { controller } = loadedController();
    toggleTableView(controller, 'by-site');
    toggleTableView(controller, 'share');
    expect(controller.state.tableViews).toEqual(['by-site', 'share']);
    toggleTableView(controller, 'by-site');
    expect(controller.state.tableViews).toEqual(['share']);
  });

  it('puts one visual in spotlight, moves it to another, and ends it on the same visual or by endSpotlight', () => {
    const { controller } = loadedController();
    toggleSpotlight(controller, 'by-site');
    expect(controller.state.spotlight).toBe('by-site');
    toggleSpotlight(controller, 'share');
    expect(controller.state.spotlight).toBe('share');
    toggleSpotlight(controller, 'share');
    expect(controller.state.spotlight).toBeUndefined();
    toggleSpotlight(controller, 'by-site');
    endSpotlight(controller);
    expect(controller.state.spotlight).toBeUndefined();
  });

  it('drops table views, spotlight and drilling when the page changes, and nothing else', () => {
    const { controller } = loadedController();
    toggleTableView(controller, 'by-site');
    toggleSpotlight(controller, 'share');
    const left = withoutViewState(controller.state);
    expect(left).not.toHaveProperty('tableViews');
    expect(left).not.toHaveProperty('spotlight');
    expect(left.definition).toBe(definition);
  });

  it('sorts a visual in the working definition, as an unsaved change', () => {
    const { controller, visual } = loadedController();
    const sort = { field: { column: { table: 'Devices', column: 'Site' } }, direction: 'Ascending' } as const;
    sortVisual(controller, 'overview', 'by-site', sort);
    expect(visual('by-site')?.sort).toEqual(sort);
    expect(visual('share')?.sort).toBeUndefined();
    expect(controller.hasUnsavedChanges()).toBe(true);
  });

  it('excludes values into one NotIn filter per column and includes one value, replacing an earlier include', () => {
    const excluded = includeExcludeFilters([], site, 'Berlin', 'exclude');
    expect(excluded).toMatchObject([{ target: site, operator: 'NotIn', values: ['Berlin'] }]);
    const twice = includeExcludeFilters(excluded, site, 'Paris', 'exclude');
    expect(twice).toMatchObject([{ operator: 'NotIn', values: ['Berlin', 'Paris'] }]);
    const included = includeExcludeFilters(twice, site, 'Rome', 'include');
    expect(included).toMatchObject([
      { operator: 'NotIn', values: ['Berlin', 'Paris'] },
      { operator: 'In', values: ['Rome'] },
    ]);
    expect(includeExcludeFilters(included, site, 'Oslo', 'include')).toMatchObject([
      { operator: 'NotIn' },
      { operator: 'In', values: ['Oslo'] },
    ]);
  });

  it('adds an exclude to the visual’s own filters, raises filtersApplied with them and drops its selection', () => {
    const { controller, events, visual } = loadedController();
    controller.update((s) => ({
      ...s,
      selection: { page: 'overview', visual: 'by-site', category: 'Berlin', filters: [] },
    }));
    includeExclude(controller, 'by-site', 'Paris', 'exclude');
    const filters = visual('by-site')?.filters;
    expect(filters).toMatchObject([
      basicFilter('Manufacturer', 'HP'),
      { operator: 'NotIn', values: ['Paris'] },
    ]);
    expect(events.at(-1)).toMatchObject({ eventName: 'filtersApplied', body: { filters } });
    expect(controller.state.selection).toBeUndefined();
    // A category the answer does not have changes nothing.
    includeExclude(controller, 'by-site', 'Nowhere', 'include');
    expect(visual('by-site')?.filters).toBe(filters);
  });

  it('clears a selection and says whether there was one', () => {
    const { controller } = loadedController();
    expect(clearSelection(controller)).toBe(false);
    controller.update((s) => ({
      ...s,
      selection: { page: 'overview', visual: 'by-site', category: 'Berlin', filters: [] },
    }));
    expect(clearSelection(controller)).toBe(true);
    expect(controller.state.selection).toBeUndefined();
  });

  it('removes a visual only in edit mode, with its spotlight and table view, as an unsaved change', () => {
    const viewer = loadedController('view');
    expect(() => removeVisual(viewer.controller, 'share')).toThrow();
    expect(findVisual(activePageOf(viewer.controller.state), 'share')).toBeDefined();
    const { controller, visual } = loadedController('edit');
    toggleSpotlight(controller, 'share');
    toggleTableView(controller, 'share');
    removeVisual(controller, 'share');
    expect(visual('share')).toBeUndefined();
    expect(visual('by-site')).toBeDefined();
    expect(controller.state.spotlight).toBeUndefined();
    expect(controller.state.tableViews).toEqual([]);
    expect(controller.hasUnsavedChanges()).toBe(true);
  });

  it('drills a chart down its hierarchy from a category into the next level, and back up', () => {
    const { controller } = loadedController();
    const page = activePageOf(controller.state);
    if (!page) throw new Error('no page');
    drillDown(controller, 'by-site', 'Berlin');
    expect(controller.state.drill?.['by-site']).toEqual([
      { field: { column: { table: 'Devices', column: 'Site' } }, value: 'Berlin' },
    ]);
    const query = controller.queryOf(page, 'by-site');
    expect(query?.select[0]).toEqual({ column: { table: 'Devices', column: 'Location' } });
    expect(query?.filters).toContainEqual(
      expect.objectContaining({ target: site, operator: 'In', values: ['Berlin'] }),
    );
    // Location is the last level: no deeper drill.
    drillDown(controller, 'by-site', 'Berlin');
    expect(controller.state.drill?.['by-site']).toHaveLength(1);
    drillUp(controller, 'by-site');
    expect(controller.state.drill?.['by-site']).toEqual([]);
    expect(controller.queryOf(page, 'by-site')?.select[0]).toEqual({ column: site });
  });
});
