import { describe, expect, it } from 'vitest';
import { autoReport } from './auto-report.ts';
import { parseDatasetConfig } from './dataset-config.ts';
import { buildUserDataset } from './user-dataset.ts';

describe('autoReport', () => {
  it('shows every column in a table, then a card and a bar per numeric column', () => {
    const tables = parseDatasetConfig({
      locale: 'en-US',
      tableSchemaList: [
        {
          name: 'Sales',
          columns: [
            { name: 'Region', dataType: 'Text' },
            { name: 'Units', dataType: 'Int64' },
            { name: 'Revenue', dataType: 'Double' },
          ],
        },
      ],
      data: [{ name: 'Sales', rows: [['North', '1', '2']] }],
    });
    const dataset = buildUserDataset(tables, { workspaceId: 'w' });
    const [page] = autoReport(dataset).pages;
    expect(page?.visuals.map((v) => [v.name, v.type])).toEqual([
      ['table-0', 'tableEx'],
      ['card-0-0', 'card'],
      ['bar-0-0', 'clusteredBarChart'],
      ['card-0-1', 'card'],
      ['bar-0-1', 'clusteredBarChart'],
    ]);
    expect(page?.visuals[0]?.dataRoles.values?.map((f) => ('column' in f ? f.column.column : ''))).toEqual([
      'Row number',
      'Region',
      'Units',
      'Revenue',
    ]);
    expect(page?.visuals[2]?.dataRoles).toEqual({
      category: [{ column: { table: 'Sales', column: 'Region' } }],
      values: [{ measure: { table: 'Sales', measure: 'Sum of Units' } }],
    });
  });

  it('makes only cards when the table has no text column', () => {
    const tables = parseDatasetConfig({
      locale: 'en-US',
      tableSchemaList: [{ name: 'T', columns: [{ name: 'n', dataType: 'Double' }] }],
      data: [],
    });
    const types = autoReport(buildUserDataset(tables, { workspaceId: 'w' })).pages[0]?.visuals.map(
      (v) => v.type,
    );
    expect(types).toEqual(['tableEx', 'card']);
  });

  it("names the generated sums, the row number and the bar titles in the author's language", () => {
    const tables = parseDatasetConfig({
      locale: 'de-DE',
      tableSchemaList: [
        {
          name: 'Sales',
          columns: [
            { name: 'Region', dataType: 'Text' },
            { name: 'Units', dataType: 'Int64' },
          ],
        },
      ],
      data: [],
    });
    const dataset = buildUserDataset(tables, { workspaceId: 'w', language: 'de-DE' });
    const sales = dataset.tables[0];
    expect(sales?.measures.map((m) => [m.name, m.displayName])).toEqual([
      ['Sum of Units', 'Summe von Units'],
    ]);
    expect(sales?.columns[0]).toMatchObject({ name: 'Row number', displayName: 'Zeilennummer' });
    const titles = autoReport(dataset, 'de-DE').pages[0]?.visuals.map((v) => v.title);
    expect(titles).toEqual(['Sales', 'Summe von Units', 'Summe von Units nach Region']);
    const japanese = buildUserDataset(tables, { workspaceId: 'w', language: 'ja' });
    expect(autoReport(japanese, 'ja').pages[0]?.visuals[2]?.title).toBe('Region 別 Units の合計');
  });
});
