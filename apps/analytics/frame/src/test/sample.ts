/** A small report definition and query answer for the unit tests. */
import type {
  Dataset,
  QueryAnswer,
  ReportDefinition,
  ReportPage,
  ReportVisual,
} from '@portico/analytics-model';

const site = { column: { table: 'Devices', column: 'Site' } } as const;
const pages = { measure: { table: 'Meter readings', measure: 'Total pages' } } as const;

export const basicFilter = (column: string, ...values: (string | number)[]) => ({
  $schema: 'http://powerbi.com/product/schema#basic',
  target: { table: 'Devices', column },
  operator: 'In' as const,
  values,
  filterType: 1,
});

export function visual(
  name: string,
  type: ReportVisual['type'],
  extra: Partial<ReportVisual> = {},
): ReportVisual {
  return {
    name,
    type,
    title: name,
    layout: { x: 0, y: 0, z: 0, width: 400, height: 300, displayState: { mode: 0 } },
    dataRoles: type === 'slicer' ? { values: [site] } : { category: [site], values: [pages] },
    filters: [],
    formatting: {},
    ...extra,
  };
}

export const overview: ReportPage = {
  name: 'overview',
  displayName: 'Overview',
  width: 1280,
  height: 720,
  displayOption: 0,
  visibility: 0,
  filters: [basicFilter('Model', 'M1')],
  visuals: [
    visual('by-site', 'clusteredColumnChart', { filters: [basicFilter('Manufacturer', 'HP')] }),
    visual('site-slicer', 'slicer', { filters: [basicFilter('Site', 'Berlin')] }),
    visual('share', 'donutChart'),
  ],
};

export const definition: ReportDefinition = {
  filters: [basicFilter('Colour or mono', 'Colour')],
  pages: [overview, { ...overview, name: 'second', displayName: 'Second', filters: [], visuals: [] }],
  bookmarks: [],
};

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
