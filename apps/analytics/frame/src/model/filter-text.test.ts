import { describe, expect, it } from 'vitest';
import { AdvancedFilter, BasicFilter, RelativeDateFilter, TopNFilter } from '@portico/models';
import type { Dataset } from '@portico/analytics-model';
import { canvasMessages } from './canvas-messages.ts';
import { filterTitle } from './filter-text.ts';

const dataset = {
  id: 'd',
  workspaceId: 'w',
  name: 'Print fleet',
  description: '',
  relationships: [],
  tables: [
    {
      name: 'Calendar',
      displayName: 'Calendar',
      source: 'calendar',
      measures: [],
      hierarchies: [],
      columns: [
        { name: 'Date', displayName: 'Date', dataType: 'date', source: 'date', format: 'yyyy-MM-dd' },
      ],
    },
    {
      name: 'Devices',
      displayName: 'Devices',
      source: 'devices',
      hierarchies: [],
      columns: [{ name: 'Site', displayName: 'Site', dataType: 'string', source: 'site' }],
      measures: [{ name: 'Total pages', displayName: 'Total pages', expression: '', format: '#,0' }],
    },
  ],
} as unknown as Dataset;

const en = canvasMessages('en');
const title = (filter: { toJSON(): unknown }, messages = en) =>
  filterTitle(filter.toJSON() as never, dataset, messages);
const site = { table: 'Devices', column: 'Site' };
const date = { table: 'Calendar', column: 'Date' };

describe('filter titles', () => {
  it('reads a relative date filter as a sentence', () => {
    expect(title(new RelativeDateFilter(date, 0, 12, 4, true))).toBe(
      'Date is in the last 12 calendar months',
    );
    expect(title(new RelativeDateFilter(date, 0, 1, 3, true))).toBe('Date is in the last month');
    expect(title(new RelativeDateFilter(date, 1, 1, 6, true))).toBe('Date is in this calendar year');
  });

  it('names up to three values, then counts the rest', () => {
    expect(title(new BasicFilter(site, 'In', ['Berlin']))).toBe('Site is Berlin');
    expect(title(new BasicFilter(site, 'In', ['Berlin', 'Paris']))).toBe('Site is Berlin or Paris');
    expect(title(new BasicFilter(site, 'NotIn', ['A', 'B', 'C', 'D', 'E']))).toBe(
      'Site is not A, B, C and 2 more',
    );
    expect(title(new BasicFilter(site, 'All', []))).toBe('Site is (All)');
  });

  it('reads top N, conditions and a date range', () => {
    expect(title(new TopNFilter(site, 'Top', 10, { table: 'Devices', measure: 'Total pages' }))).toBe(
      'Site is the top 10 by Total pages',
    );
    expect(
      title(
        new AdvancedFilter(site, 'Or', [{ operator: 'StartsWith', value: 'B' }, { operator: 'IsBlank' }]),
      ),
    ).toBe('Site starts with B or is blank');
    expect(
      title(
        new AdvancedFilter(date, 'And', [
          { operator: 'GreaterThanOrEqual', value: '2026-01-01' },
          { operator: 'LessThanOrEqual', value: '2026-03-31' },
        ]),
      ),
    ).toBe('Date is between 2026-01-01 and 2026-03-31');
  });

  it('speaks the frame language', () => {
    expect(title(new RelativeDateFilter(date, 0, 12, 4, true), canvasMessages('de'))).toBe(
      'Date liegt in den letzten 12 Kalendermonaten',
    );
  });

  it('reads the filters the pane adds, with the card’s name for the field when it has one', () => {
    const top3 = new TopNFilter(site, 'Bottom', 3, { table: 'Devices', measure: 'Total pages' }).toJSON();
    expect(filterTitle(top3, dataset, en)).toBe('Site is the bottom 3 by Total pages');
    expect(filterTitle(top3, dataset, en, undefined, 'Office')).toBe('Office is the bottom 3 by Total pages');
    expect(filterTitle(new BasicFilter(site, 'All', []).toJSON(), dataset, canvasMessages('de'))).toBe(
      'Site ist (Alle)',
    );
  });
});
