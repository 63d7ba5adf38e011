import { describe, expect, it } from 'vitest';
import { localizeDataset, relabelAnswer } from './captions.ts';
import type { Culture } from './captions.ts';
import type { Dataset } from './content-types.ts';
import type { QueryAnswer } from './query-types.ts';
import { inNaturalOrder, valueCaption } from './value-captions.ts';

const SEVERITIES = [
  { value: 'critical', caption: 'Critical' },
  { value: 'warning', caption: 'Warning' },
  { value: 'info', caption: 'Info' },
];
const alerts: Dataset = {
  id: 'alerts',
  workspaceId: 'w',
  name: 'Alerts',
  description: '',
  tables: [
    {
      name: 'Service alerts',
      displayName: 'Service alerts',
      source: 'service_alerts',
      rlsColumn: 'database_name',
      columns: [
        {
          name: 'Severity',
          displayName: 'Severity',
          dataType: 'string',
          source: 'severity',
          values: SEVERITIES,
        },
        { name: 'Code', displayName: 'Code', dataType: 'string', source: 'code' },
      ],
      measures: [
        { name: 'Alerts', displayName: 'Alerts', format: '#,0', aggregation: 'count', column: 'Code' },
      ],
      hierarchies: [{ name: 'Kind', levels: [{ name: 'Severity', column: 'Severity' }] }],
    },
  ],
  relationships: [],
};
const german: Culture = {
  language: 'de',
  datasetId: 'alerts',
  model: {
    tables: { 'Service alerts': { values: { Severity: { critical: 'Kritisch', warning: 'Warnung' } } } },
  },
  reports: {},
};

describe('listed values', () => {
  it('caption a listed value; a value not listed, a number or a column without a list has none', () => {
    expect(valueCaption(SEVERITIES, 'warning')).toBe('Warning');
    expect(valueCaption(SEVERITIES, 'debug')).toBeUndefined();
    expect(valueCaption(SEVERITIES, 3)).toBeUndefined();
    expect(valueCaption(undefined, 'warning')).toBeUndefined();
  });

  it('put items in the listed order, unlisted ones after in their own order, never dropping one', () => {
    expect(inNaturalOrder(['info', 'x', 'critical', null, 'warning', 'a'], SEVERITIES, (v) => v)).toEqual([
      'critical',
      'warning',
      'info',
      'x',
      null,
      'a',
    ]);
    expect(inNaturalOrder(['b', 'a'], undefined, (v) => v)).toEqual(['b', 'a']);
  });

  it('take a culture’s captions, keeping the default where a value has no translation', () => {
    const shown = localizeDataset(alerts, german);
    expect(shown.tables[0]?.columns[0]?.values).toEqual([
      { value: 'critical', caption: 'Kritisch' },
      { value: 'warning', caption: 'Warnung' },
      { value: 'info', caption: 'Info' },
    ]);
    expect(alerts.tables[0]?.columns[0]?.values).toBe(SEVERITIES);
  });

  it('travel with an answer’s column (by column or hierarchy level), the rows keeping the raw values', () => {
    const answer: QueryAnswer = {
      columns: [
        {
          field: { hierarchyLevel: { table: 'Service alerts', hierarchy: 'Kind', level: 'Severity' } },
          kind: 'column',
          queryName: 'Service alerts.Severity',
          displayName: 'Severity',
          dataType: 'string',
        },
        {
          field: { column: { table: 'Service alerts', column: 'Code' } },
          kind: 'column',
          queryName: 'Service alerts.Code',
          displayName: 'Code',
          dataType: 'string',
        },
      ],
      rows: [['critical', 'FUSER']],
      truncated: false,
    };
    const shown = relabelAnswer(answer, localizeDataset(alerts, german));
    expect(shown.columns[0]?.values?.[0]).toEqual({ value: 'critical', caption: 'Kritisch' });
    expect(shown.columns[1]?.values).toBeUndefined();
    expect(shown.rows).toEqual([['critical', 'FUSER']]);
  });
});
