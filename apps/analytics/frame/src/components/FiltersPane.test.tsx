import type { FrameEvent } from '@portico/frame';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { dataset } from '@portico/analytics-model/test-sample';
import type { ReportDefinition } from '@portico/analytics-model';
import type { FrameApi } from '../api/frame-api.ts';
import { answer, definition } from '../test/sample.ts';
import { canvasMessages } from '../model/canvas-messages.ts';
import { chromeMessages } from '../model/chrome-messages.ts';
import { ReportController } from '../model/controller.ts';
import { FiltersPane } from './FiltersPane.tsx';

afterEach(cleanup);

const locked = {
  $schema: 'http://powerbi.com/product/schema#basic',
  target: { table: 'Devices', column: 'Site' },
  filterType: 1,
  operator: 'In',
  values: ['Berlin'],
  displaySettings: { isLockedInViewMode: true, displayName: 'Office' },
};

/** The pane over a loaded controller on the sample report's overview page; its raised events recorded. */
function pane(viewMode: 'view' | 'edit' = 'view', reportFilters: readonly unknown[] = [locked]) {
  const events: FrameEvent[] = [];
  const api = { expired: false, query: () => Promise.resolve(answer) } as unknown as FrameApi;
  const controller = new ReportController({
    api,
    raise: (event) => {
      events.push(event);
      return Promise.resolve();
    },
  });
  const start: ReportDefinition = { ...definition, filters: reportFilters as never[] };
  controller.update((s) => ({
    ...s,
    status: 'loaded',
    definition: start,
    dataset,
    savedJson: JSON.stringify(start),
    activePage: 'overview',
    viewMode,
  }));
  const view = () => {
    const state = controller.state;
    const page = state.definition?.pages.find((p) => p.name === 'overview');
    if (!state.definition || !page) throw new Error('not loaded');
    return (
      <FiltersPane
        controller={controller}
        definition={state.definition}
        page={page}
        dataset={dataset}
        side="right"
        expanded={true}
        onToggle={() => undefined}
        editing={viewMode === 'edit'}
        chrome={chromeMessages('en')}
        messages={canvasMessages('en')}
      />
    );
  };
  const rendered = render(view());
  // The frame re-renders the pane from its store; the test does the same after each change.
  const refresh = () => act(() => rendered.rerender(view()));
  return { controller, events, refresh };
}

const applied = (events: FrameEvent[]) =>
  events.filter((e) => 'eventName' in e && e.eventName === 'filtersApplied');

describe('the filters pane adding filters', () => {
  it('adds a field at report level from the picker, opens its card, and raises filtersApplied', () => {
    const { controller, events, refresh } = pane();
    const add = screen.getByRole('button', { name: 'Add filter' });
    fireEvent.click(add);
    const picker = screen.getByRole('dialog', { name: 'Add a filter' });
    expect(document.activeElement).toBe(within(picker).getByLabelText('Filter on'));
    // The model's shown columns, table by table; its hidden key columns are not offered.
    const field = within(picker).getByLabelText('Field');
    expect(
      within(field)
        .getAllByRole('group')
        .map((g) => g.getAttribute('label')),
    ).toEqual(['Printers', 'Meter readings']);
    expect(within(field).queryByRole('option', { name: 'Device' })).toBeNull();
    const submit = within(picker).getByRole('button', { name: 'Add' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(within(picker).getByLabelText('Filter on'), { target: { value: 'report' } });
    fireEvent.change(field, { target: { value: JSON.stringify({ table: 'Devices', column: 'Model' }) } });
    fireEvent.click(submit);
    refresh();
    expect(controller.state.definition?.filters).toEqual([
      locked,
      expect.objectContaining({ target: { table: 'Devices', column: 'Model' }, operator: 'All' }),
    ]);
    expect(applied(events)).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: 'Add a filter' })).toBeNull();
    const card = screen.getByRole('region', { name: 'On all pages' });
    expect(within(card).getByRole('button', { name: 'Model is (All)' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(document.activeElement).toBe(within(card).getByLabelText('Filter type'));

    // A top N from the card: Top 3 by Total pages.
    fireEvent.change(within(card).getByLabelText('Filter type'), { target: { value: 'topN' } });
    fireEvent.change(within(card).getByLabelText('Number of items'), { target: { value: '3' } });
    fireEvent.change(within(card).getByLabelText('By value'), {
      target: { value: JSON.stringify({ table: 'Meter readings', measure: 'Total pages' }) },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Apply filter' }));
    refresh();
    expect(applied(events).at(-1)?.body).toEqual({
      filters: [
        locked,
        {
          $schema: 'http://powerbi.com/product/schema#topN',
          target: { table: 'Devices', column: 'Model' },
          filterType: 5,
          operator: 'Top',
          itemCount: 3,
          orderBy: { table: 'Meter readings', measure: 'Total pages' },
        },
      ],
    });
    expect(screen.getByRole('button', { name: 'Model is the top 3 by Total pages' })).toBeTruthy();

    // The viewer removes what they added; the author's locked filter has neither clear nor remove.
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter: Model' }));
    refresh();
    expect(controller.state.definition?.filters).toEqual([locked]);
    // Its buttons went with it: the focus moves to "Add filter".
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add filter' }));
    const office = screen.getByRole('button', { name: 'Office is Berlin' });
    expect((office as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /: Office$/ })).toBeNull();
  });

  it('opens the "(All)" card a field of the page already had when that field is added at page level', () => {
    // No report filter on Site: the page's chart by site makes it an "(All)" card of the page.
    const { controller, refresh } = pane('view', []);
    const page = screen.getByRole('region', { name: 'On this page' });
    const site = within(page).getByRole('button', { name: 'Site is (All)' });
    expect(site.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    fireEvent.change(screen.getByLabelText('Field'), {
      target: { value: JSON.stringify({ table: 'Devices', column: 'Site' }) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    refresh();
    expect(controller.state.definition?.pages[0]?.filters.at(-1)).toMatchObject({ operator: 'All' });
    // The same card, now holding the page's filter: open, the focus on its filter type.
    expect(site.isConnected).toBe(true);
    expect(site.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(within(page).getByLabelText('Filter type'));
  });

  it('closes the picker on Escape and gives the focus back to Add filter', () => {
    pane();
    const add = screen.getByRole('button', { name: 'Add filter' });
    add.focus();
    fireEvent.click(add);
    expect(add.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(screen.getByLabelText('Field'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(add);
    expect(add.getAttribute('aria-expanded')).toBe('false');
  });

  it('lets the author remove any unlocked filter in edit mode, and a viewer only clear it', () => {
    const view = pane('view');
    const page = screen.getByRole('region', { name: 'On this page' });
    // The sample page's own filter (Model is M1): a viewer clears it to (All) but cannot remove it.
    expect(within(page).queryByRole('button', { name: 'Remove filter: Model' })).toBeNull();
    fireEvent.click(within(page).getByRole('button', { name: 'Clear filter: Model' }));
    view.refresh();
    // The card stays, with the focus on its title (its × went with the condition).
    expect(document.activeElement).toBe(within(page).getByRole('button', { name: 'Model is (All)' }));
    expect(within(page).queryByRole('button', { name: 'Clear filter: Model' })).toBeNull();
    cleanup();

    const edit = pane('edit');
    fireEvent.click(
      within(screen.getByRole('region', { name: 'On this page' })).getByRole('button', {
        name: 'Remove filter: Model',
      }),
    );
    edit.refresh();
    expect(edit.controller.state.definition?.pages[0]?.filters).toEqual([]);
    // In edit mode the locked filter is the author's to edit: it opens, clears and removes.
    expect(screen.getByRole('button', { name: 'Remove filter: Office' })).toBeTruthy();
  });

  it('lets the author lock or hide a filter for view mode, written as its display settings', () => {
    const { controller, events, refresh } = pane('edit');
    fireEvent.click(screen.getByRole('button', { name: 'Office is Berlin' }));
    const lock = screen.getByRole('checkbox', { name: 'Lock in view mode' });
    expect((lock as HTMLInputElement).checked).toBe(true);
    fireEvent.click(lock);
    refresh();
    expect(controller.state.definition?.filters).toEqual([
      { ...locked, displaySettings: { displayName: 'Office' } },
    ]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Hide in view mode' }));
    refresh();
    expect(controller.state.definition?.filters[0]).toMatchObject({
      displaySettings: { displayName: 'Office', isHiddenInViewMode: true },
    });
    expect(applied(events)).toHaveLength(2);
    // A viewer sees neither control.
    cleanup();
    pane('view');
    fireEvent.click(screen.getByRole('button', { name: 'Model is M1' }));
    expect(screen.queryByRole('checkbox', { name: 'Lock in view mode' })).toBeNull();
  });
});

describe('the filters pane and filters the host set on a visual', () => {
  const topModels = (display?: Record<string, unknown>) => ({
    $schema: 'http://powerbi.com/product/schema#topN',
    target: { table: 'Devices', column: 'Model' },
    filterType: 5,
    operator: 'Top',
    itemCount: 5,
    orderBy: { table: 'Meter readings', measure: 'Total pages' },
    ...(display ? { displaySettings: display } : {}),
  });
  /** As `visual.setFilters` does it (routes/filter-routes.ts): the visual's filters in the working definition. */
  const hostSets = (controller: ReportController, filters: unknown[]) =>
    controller.editDefinition((d) => ({
      ...d,
      pages: d.pages.map((p) => ({
        ...p,
        visuals: p.visuals.map((v) => (v.name === 'share' ? { ...v, filters: filters as never[] } : v)),
      })),
    }));

  it('lists a top N the host set under the visual with a readable sentence, no press on the visual needed', () => {
    const { controller, refresh } = pane();
    // The visuals' filters as the report was loaded are not listed until a visual is selected.
    expect(screen.queryByRole('region', { name: /On this visual/ })).toBeNull();
    hostSets(controller, [topModels()]);
    refresh();
    const own = screen.getByRole('region', { name: 'On this visual: share' });
    expect(within(own).getByRole('button', { name: 'Model is the top 5 by Total pages' })).toBeTruthy();
    // A viewer may clear it, not remove the host's filter.
    expect(within(own).queryByRole('button', { name: 'Remove filter: Model' })).toBeNull();
  });

  it('honours the lock and hide flags the host gave it', () => {
    const { controller, refresh } = pane();
    hostSets(controller, [topModels({ isLockedInViewMode: true, displayName: 'Printer model' })]);
    refresh();
    const own = screen.getByRole('region', { name: 'On this visual: share' });
    const card = within(own).getByRole('button', { name: 'Printer model is the top 5 by Total pages' });
    expect((card as HTMLButtonElement).disabled).toBe(true);
    expect(within(own).queryByRole('button', { name: /Clear filter/ })).toBeNull();

    hostSets(controller, [topModels({ isHiddenInViewMode: true })]);
    refresh();
    expect(screen.queryByRole('region', { name: 'On this visual: share' })).toBeNull();
  });
});
