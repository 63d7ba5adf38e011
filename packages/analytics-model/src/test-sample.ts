/** A small dataset and report for the package's tests. */
import type { Dataset, ReportDefinition, ReportPage, ReportVisual } from './content-types.ts';

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
      columns: [
        { name: 'Device id', displayName: 'Device', dataType: 'string', source: 'device_id', isHidden: true },
        { name: 'Site', displayName: 'Site', dataType: 'string', source: 'site' },
        { name: 'Model', displayName: 'Model', dataType: 'string', source: 'model' },
        { name: 'Installed', displayName: 'Installed', dataType: 'date', source: 'installed_on' },
      ],
      measures: [
        {
          name: 'Printers',
          displayName: 'Printers',
          format: '#,0',
          aggregation: 'count',
          column: 'Device id',
        },
      ],
      hierarchies: [],
    },
    {
      name: 'Meter readings',
      displayName: 'Meter readings',
      source: 'meter_readings',
      columns: [
        { name: 'Device id', displayName: 'Device', dataType: 'string', source: 'device_id', isHidden: true },
        { name: 'Pages', displayName: 'Pages', dataType: 'integer', source: 'pages', format: '#,0' },
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
