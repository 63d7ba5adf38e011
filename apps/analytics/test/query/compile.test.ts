import { AdvancedFilter, BasicFilter, TopNFilter } from '@portico/models';
import { describe, expect, it } from 'vitest';
import { nth } from '../helpers/oracle.ts';
import { QueryError } from '@portico/analytics-model';
import { col, compile, DEVICE_ID, msr } from '../helpers/query.ts';

const HOSTILE = ["'; DROP TABLE devices; --", 'x" OR 1=1 --', '$1', 'ö ✓ \u0000'];

describe('compiled SQL', () => {
  it('carries every filter value as a parameter and never in its text', () => {
    const filters = [
      new BasicFilter({ table: 'Devices', column: 'Model' }, 'In', HOSTILE).toJSON(),
      new AdvancedFilter(
        { table: 'Devices', column: 'Location' },
        'Or',
        { operator: 'Contains', value: nth(HOSTILE, 0) },
        { operator: 'StartsWith', value: nth(HOSTILE, 1) },
      ).toJSON(),
    ];
    const { sql, params } = compile({ select: [DEVICE_ID, msr('Meter readings', 'Total pages')], filters });
    for (const value of HOSTILE) {
      expect(sql).not.toContain(value.slice(0, 4) === '$1' ? "'$1'" : value);
      expect(params).toContain(value);
    }
    expect(sql).not.toMatch(/'[^']*DROP/);
    // Every placeholder in the text has a parameter, and every parameter a placeholder.
    const placeholders = new Set((sql.match(/\$\d+/g) ?? []).map((p) => Number(p.slice(1))));
    expect(Math.max(...placeholders)).toBe(params.length);
    expect(placeholders.size).toBe(params.length);
  });

  it('ranks a top N on the query’s own grouping in place: one aggregation, the count a parameter', () => {
    const top = new TopNFilter({ table: 'Devices', column: 'Model' }, 'Top', 7, {
      table: 'Meter readings',
      measure: 'Total pages',
    }).toJSON();
    const { sql, params } = compile({
      select: [col('Devices', 'Model'), msr('Meter readings', 'Total pages')],
      filters: [top],
    });
    expect(sql.match(/GROUP BY/g)).toHaveLength(1);
    expect(sql).toContain('row_number() OVER');
    expect(sql).not.toContain(' IN (SELECT');
    expect(params).toContain(7);
    // Grouped by another column, the top N is still a subquery of its own.
    const other = compile({
      select: [col('Devices', 'Site'), msr('Meter readings', 'Total pages')],
      filters: [top],
    });
    expect(other.sql).toContain(' IN (SELECT');
  });

  it('binds row limits as parameters too', () => {
    const { sql, params } = compile({ select: [DEVICE_ID], top: 17 });
    expect(sql).toMatch(/LIMIT \$\d+$/);
    expect(params.at(-1)).toBe(18);
  });

  it('takes identifiers only from the model', () => {
    const { sql } = compile({
      select: [col('Devices', 'Serial number'), msr('Meter readings', 'Colour share')],
    });
    expect(sql).toContain('"serial_number"');
    expect(sql).not.toContain('Serial number');
  });
});

describe('refused queries', () => {
  const refused: [string, unknown, RegExp][] = [
    [
      'an unknown column',
      { select: [col('Devices', 'Colour')] },
      /select\[0\]: Devices\.Colour is not a column of the dataset \(columns of Devices: /,
    ],
    ['an unknown table', { select: [col('Printers', 'Model')] }, /Printers is not a table of the dataset/],
    [
      'an unknown measure',
      { select: [msr('Meter readings', 'Pages')] },
      /Meter readings\.Pages is not a measure of the dataset/,
    ],
    [
      'a column spliced with SQL',
      { select: [col('Devices', 'model" FROM devices; --')] },
      /is not a column of the dataset/,
    ],
    [
      'an unknown filter column',
      {
        select: [DEVICE_ID],
        filters: [new BasicFilter({ table: 'Devices', column: 'Nope' }, 'In', 1).toJSON()],
      },
      /filters\[0\]: Devices\.Nope is not a column of the dataset/,
    ],
    [
      'a value of the wrong type',
      {
        select: [DEVICE_ID],
        filters: [new BasicFilter({ table: 'Devices', column: 'Monthly duty cycle' }, 'In', 'many').toJSON()],
      },
      /'many' is not a valid integer value for Devices\.Monthly duty cycle/,
    ],
    [
      'an invalid date',
      {
        select: [DEVICE_ID],
        filters: [new BasicFilter({ table: 'Devices', column: 'Install date' }, 'In', '2024-02-30').toJSON()],
      },
      /not a valid date value/,
    ],
    [
      'an unknown advanced operator',
      {
        select: [DEVICE_ID],
        filters: [
          {
            filterType: 0,
            target: { table: 'Devices', column: 'Model' },
            logicalOperator: 'And',
            conditions: [{ operator: 'Like', value: '%' }],
          },
        ],
      },
      /conditions\[0\]\.operator must be one of/,
    ],
    [
      'an identity filter',
      { select: [DEVICE_ID], filters: [{ filterType: 8, target: [1, 2], operator: 'In' }] },
      /Identity filters are not supported/,
    ],
    [
      'a not-supported filter',
      {
        select: [DEVICE_ID],
        filters: [{ filterType: 2, target: { table: 'Devices', column: 'Model' }, message: 'nope' }],
      },
      /Unsupported filter type 2/,
    ],
    [
      'a relative date on a text column',
      {
        select: [DEVICE_ID],
        filters: [
          {
            filterType: 4,
            target: { table: 'Devices', column: 'Model' },
            operator: 0,
            timeUnitsCount: 1,
            timeUnitType: 0,
          },
        ],
      },
      /needs a date column/,
    ],
    [
      'a top N ordered by a plain column',
      {
        select: [DEVICE_ID],
        filters: [
          {
            filterType: 5,
            target: { table: 'Devices', column: 'Model' },
            operator: 'Top',
            itemCount: 3,
            orderBy: { table: 'Devices', column: 'Site' },
          },
        ],
      },
      /orderBy of a top N filter must be a measure/,
    ],
    [
      'unrelated columns without a measure',
      { select: [col('Devices', 'Model'), col('Calendar', 'Year')] },
      /are not related/,
    ],
    [
      'a column no relationship reaches from the measure',
      { select: [col('Supply levels', 'Supply'), msr('Service alerts', 'Alerts')] },
      /cannot be shown with measures of 'Service alerts'/,
    ],
    ['an empty select', { select: [] }, /select needs at least one/],
    [
      'a sum of text',
      { select: [{ aggregation: { table: 'Devices', column: 'Model', function: 'Sum' } }] },
      /Sum needs a numeric column/,
    ],
    [
      'ordering by an unselected column',
      { select: [DEVICE_ID], orderBy: [{ field: col('Devices', 'Site'), direction: 'Ascending' }] },
      /not selected/,
    ],
    [
      'a top beyond the limit',
      { select: [DEVICE_ID], top: 1_000_000 },
      /top must be an integer from 1 to 30000/,
    ],
    ['another dataset', { datasetId: 'x', select: [DEVICE_ID] }, /datasetId must be the report's dataset/],
  ];
  for (const [name, query, message] of refused) {
    it(`refuses ${name} with a message saying what is wrong`, () => {
      expect(() => compile(query)).toThrow(QueryError);
      expect(() => compile(query)).toThrow(message);
    });
  }
});
