import { describe, expect, it } from 'vitest';
import type { PublicDataset } from '@portico/analytics-model';
import {
  addBasicFilter,
  addField,
  addPage,
  addVisual,
  authoringNames,
  emptyDefinition,
  fieldLabel,
  removeField,
  removeFilter,
  removeVisual,
  setVisualType,
} from './authoring.ts';

const dataset: PublicDataset = {
  id: 'd',
  name: 'Print fleet',
  description: '',
  relationships: [],
  tables: [
    {
      name: 'Devices',
      displayName: 'Printers',
      hierarchies: [],
      columns: [
        { name: 'Model', displayName: 'Model', dataType: 'string' },
        { name: 'Site', displayName: 'Site', dataType: 'string' },
        { name: 'Duty', displayName: 'Duty cycle', dataType: 'integer' },
      ],
      measures: [{ name: 'Devices', displayName: 'Printers', format: '#,0', aggregation: 'distinctCount' }],
    },
  ],
};

const model = { column: { table: 'Devices', column: 'Model' } };
const site = { column: { table: 'Devices', column: 'Site' } };
const duty = { column: { table: 'Devices', column: 'Duty' } };
const count = { measure: { table: 'Devices', measure: 'Devices' } };

function withVisual(type: Parameters<typeof addVisual>[2]) {
  const { definition, visual } = addVisual(emptyDefinition(), 'page-1', type);
  return { definition, visual, get: (d = definition) => d.pages[0]?.visuals.find((v) => v.name === visual) };
}

describe('authoring edits', () => {
  it('places visuals two per row and grows the page to hold them', () => {
    let definition = emptyDefinition();
    for (let i = 0; i < 5; i += 1) definition = addVisual(definition, 'page-1', 'card').definition;
    const page = definition.pages[0];
    expect(page?.visuals.map((v) => [v.name, v.layout.x, v.layout.y])).toEqual([
      ['visual-1', 18, 18],
      ['visual-2', 648, 18],
      ['visual-3', 18, 336],
      ['visual-4', 648, 336],
      ['visual-5', 18, 654],
    ]);
    expect(page?.height).toBe(972);
  });

  it('puts text columns in the category, then the series, and measures in the values', () => {
    const v = withVisual('clusteredColumnChart');
    let d = addField(v.definition, dataset, 'page-1', v.visual, count);
    d = addField(d, dataset, 'page-1', v.visual, model);
    d = addField(d, dataset, 'page-1', v.visual, site);
    expect(v.get(d)?.dataRoles).toEqual({ values: [count], category: [model], series: [site] });
    expect(v.get(d)?.title).toBe('Printers by Model, Site');
  });

  it('sums a numeric column picked as a value and counts a text column in a card', () => {
    const v = withVisual('card');
    const d = addField(
      addField(v.definition, dataset, 'page-1', v.visual, duty),
      dataset,
      'page-1',
      v.visual,
      model,
    );
    expect(v.get(d)?.dataRoles.values).toEqual([
      { aggregation: { table: 'Devices', column: 'Duty', function: 'Sum' } },
      { aggregation: { table: 'Devices', column: 'Model', function: 'Count' } },
    ]);
  });

  it('keeps every field as it is in a table', () => {
    const v = withVisual('tableEx');
    const d = addField(
      addField(v.definition, dataset, 'page-1', v.visual, model),
      dataset,
      'page-1',
      v.visual,
      duty,
    );
    expect(v.get(d)?.dataRoles).toEqual({ values: [model, duty] });
  });

  it('moves the fields to the roles of a new type', () => {
    const v = withVisual('tableEx');
    let d = addField(v.definition, dataset, 'page-1', v.visual, model);
    d = addField(d, dataset, 'page-1', v.visual, count);
    d = setVisualType(d, dataset, 'page-1', v.visual, 'pieChart');
    expect(v.get(d)).toMatchObject({ type: 'pieChart', dataRoles: { category: [model], values: [count] } });
    d = setVisualType(d, dataset, 'page-1', v.visual, 'pivotTable');
    expect(v.get(d)?.dataRoles).toEqual({ rows: [model], values: [count] });
  });

  it('removes a field, dropping an emptied role, and removes a visual', () => {
    const v = withVisual('clusteredBarChart');
    let d = addField(
      addField(v.definition, dataset, 'page-1', v.visual, model),
      dataset,
      'page-1',
      v.visual,
      count,
    );
    d = removeField(d, dataset, 'page-1', v.visual, 'category', 0);
    expect(v.get(d)?.dataRoles).toEqual({ values: [count] });
    expect(removeVisual(d, 'page-1', v.visual).pages[0]?.visuals).toEqual([]);
  });

  it('adds pages with free names', () => {
    const first = addPage(emptyDefinition());
    const second = addPage(first.definition);
    expect(second.definition.pages.map((p) => [p.name, p.displayName])).toEqual([
      ['page-1', 'Page 1'],
      ['page-2', 'Page 2'],
      ['page-3', 'Page 3'],
    ]);
  });

  it('adds a basic In filter typed as its column, and removes it', () => {
    let d = addBasicFilter(emptyDefinition(), dataset, 'page-1', { table: 'Devices', column: 'Duty' }, [
      '10',
      '20',
    ]);
    d = addBasicFilter(d, dataset, 'page-1', { table: 'Devices', column: 'Model' }, ['M1']);
    expect(d.pages[0]?.filters).toEqual([
      expect.objectContaining({
        target: { table: 'Devices', column: 'Duty' },
        operator: 'In',
        values: [10, 20],
      }),
      expect.objectContaining({
        target: { table: 'Devices', column: 'Model' },
        operator: 'In',
        values: ['M1'],
      }),
    ]);
    expect(removeFilter(d, 'page-1', 0).pages[0]?.filters).toHaveLength(1);
  });
});

describe('authoring in the author’s language', () => {
  it('names new pages, new visuals, implicit sums and generated titles in German and Japanese', () => {
    const de = authoringNames('de-DE');
    let definition = emptyDefinition(de);
    expect(definition.pages[0]?.displayName).toBe('Seite 1');
    const added = addVisual(definition, 'page-1', 'clusteredBarChart', de);
    definition = added.definition;
    const title = () => definition.pages[0]?.visuals[0]?.title;
    expect(title()).toBe('Balkendiagramm');
    definition = addField(definition, dataset, 'page-1', added.visual, duty, de);
    definition = addField(definition, dataset, 'page-1', added.visual, model, de);
    expect(title()).toBe('Summe von Duty cycle nach Model');
    expect(
      fieldLabel(dataset, { aggregation: { table: 'Devices', column: 'Duty', function: 'Sum' } }, de),
    ).toBe('Summe von Duty cycle');
    definition = setVisualType(definition, dataset, 'page-1', added.visual, 'tableEx', de);
    expect(title()).toBe('Duty cycle, Model');
    expect(addPage(definition, de).definition.pages[1]?.displayName).toBe('Seite 2');

    const ja = authoringNames('ja');
    const jaVisual = addVisual(emptyDefinition(ja), 'page-1', 'clusteredColumnChart', ja);
    let jaDefinition = addField(jaVisual.definition, dataset, 'page-1', jaVisual.visual, count, ja);
    jaDefinition = addField(jaDefinition, dataset, 'page-1', jaVisual.visual, site, ja);
    expect(jaDefinition.pages[0]?.displayName).toBe('ページ 1');
    expect(jaDefinition.pages[0]?.visuals[0]?.title).toBe('Site 別 Printers');
  });

  it('keeps English without a language', () => {
    const { definition, visual } = addVisual(emptyDefinition(), 'page-1', 'card');
    const next = addField(definition, dataset, 'page-1', visual, duty);
    expect(next.pages[0]?.visuals[0]?.title).toBe('Sum of Duty cycle');
  });
});
