/** A small report definition and query answer for the unit tests. */
import type { Dataset, QueryAnswer } from '@portico/analytics-model';

const site = { column: { table: 'Devices', column: 'Site' } } as const;
const pages = { measure: { table: 'Meter readings', measure: 'Total pages' } } as const;

// The report definition and its helpers are the model package's test fixture; the frame adds an answer and a dataset
// of its own shape.
export { basicFilter, definition, overview, visual } from '@portico/analytics-model/test-sample';

export const answer: QueryAnswer = {
  columns: [
    { field: site, kind: 'column', queryName: 'Devices.Site', displayName: 'Site', dataType: 'string' },
    {
      field: pages,
      kind: 'measure',
      queryName: 'Meter readings.Total pages',
      displayName: 'Total pages',
      dataType: 'integer',
      format: '#,0',
    },
  ],
  rows: [
    ['Berlin', 1200],
    ['Paris', 800],
  ],
  truncated: false,
};

const text = (name: string) => ({ name, displayName: name, dataType: 'string' as const, source: name });

/** The dataset the sample report reads: the columns its filters and visuals name, and nothing else. */
export const dataset: Dataset = {
  id: 'fleet',
  workspaceId: 'w',
  name: 'Print fleet',
  description: '',
  tables: [
    {
      name: 'Devices',
      displayName: 'Printers',
      source: 'devices',
      columns: [text('Device id'), text('Site'), text('Model'), text('Manufacturer'), text('Colour or mono')],
      measures: [],
      hierarchies: [],
    },
    {
      name: 'Meter readings',
      displayName: 'Meter readings',
      source: 'meter_readings',
      columns: [
        text('Device id'),
        { name: 'Pages', displayName: 'Pages', dataType: 'integer', source: 'pages' },
      ],
      measures: [
        {
          name: 'Total pages',
          displayName: 'Total pages',
          format: '#,0',
          aggregation: 'sum',
          column: 'Pages',
        },
      ],
      hierarchies: [],
    },
  ],
  relationships: [
    { from: { table: 'Meter readings', column: 'Device id' }, to: { table: 'Devices', column: 'Device id' } },
  ],
};

/** A well-formed token (three base64url parts), as the frame accepts from `setAccessToken`. */
export const wellFormedToken = (payload: string): string => `eyJhbGciOiJFUzI1NiJ9.${payload}.c2lnbmF0dXJl`;
