/** The two built-in dashboards over the sample fleet reports, with ids that never change. */
import { BasicFilter } from '@portico/models';
import { FLEET_WORKSPACE_ID } from '../../models/built-in.ts';
import type { DashboardDefinition, DashboardTile, TilePlacement } from '@portico/analytics-model';

/** The sample reports' ids (models/built-in.ts). */
const FLEET_OVERVIEW = 'c7f8789d-083c-4944-a9ce-49d0b3594f03';
const SUPPLIES = '2896a285-1323-4c4f-9e2c-7c724e74e758';
const SERVICE_ALERTS = '08618b31-6c19-432d-ad09-35294579d0c4';

export interface SampleDashboard {
  readonly id: string;
  readonly name: string;
  readonly workspaceId: string;
  readonly definition: DashboardDefinition;
}

/** `[row, col, rowSpan, colSpan]` → a placement. */
const at = ([row, col, rowSpan, colSpan]: readonly [number, number, number, number]): TilePlacement => ({
  row,
  col,
  rowSpan,
  colSpan,
});

const pinned = (
  id: string,
  title: string,
  reportId: string,
  pageName: string,
  visualName: string,
  where: readonly [number, number, number, number],
): DashboardTile => ({ id, kind: 'visual', title, reportId, pageName, visualName, ...at(where) });

export const FLEET_DASHBOARD_ID = 'b1d4a1f0-6a53-4c1e-9a51-5a0d1f3c2e01';
export const SUPPLIES_DASHBOARD_ID = 'b1d4a1f0-6a53-4c1e-9a51-5a0d1f3c2e02';

const FLEET_AT_A_GLANCE: DashboardDefinition = {
  columns: 4,
  tiles: [
    pinned(
      'printers',
      'Printers in service',
      FLEET_OVERVIEW,
      'overview',
      'printers-in-service',
      [0, 0, 1, 1],
    ),
    pinned(
      'pages',
      'Pages printed, last 12 months',
      FLEET_OVERVIEW,
      'overview',
      'pages-printed',
      [0, 1, 1, 1],
    ),
    pinned('colour-share', 'Colour share of pages', FLEET_OVERVIEW, 'overview', 'colour-share', [0, 2, 1, 1]),
    pinned('open-alerts', 'Open service alerts', FLEET_OVERVIEW, 'overview', 'open-alerts', [0, 3, 1, 1]),
    pinned('pages-per-month', 'Pages per month', FLEET_OVERVIEW, 'overview', 'pages-per-month', [1, 0, 2, 2]),
    pinned(
      'manufacturers',
      'Printers by manufacturer',
      FLEET_OVERVIEW,
      'overview',
      'printers-by-manufacturer',
      [1, 2, 2, 2],
    ),
    pinned(
      'top-models',
      'Top 10 models by pages printed',
      FLEET_OVERVIEW,
      'overview',
      'top-models',
      [3, 0, 2, 3],
    ),
    {
      id: 'colour-printers',
      kind: 'card',
      // In service, like the tile beside it: the colour printers among the 'Printers in service' (retired ones
      // counted too read as a share of those, 56 % instead of 42 %).
      title: 'Colour printers in service',
      reportId: FLEET_OVERVIEW,
      pageName: 'devices',
      measure: { measure: { table: 'Devices', measure: 'Devices' } },
      filters: [
        new BasicFilter({ table: 'Devices', column: 'Colour or mono' }, 'In', ['Colour']).toJSON(),
        new BasicFilter({ table: 'Devices', column: 'In service' }, 'In', [true]).toJSON(),
      ],
      ...at([3, 3, 1, 1]),
    },
    {
      id: 'about',
      kind: 'text',
      title: 'About these figures',
      text: 'Figures cover the accounts you may see. Click a tile to open the report it was pinned from.',
      ...at([4, 3, 1, 1]),
    },
  ],
};

// A number tile's title names its number in full ('Average hours to close', not 'Hours to close'): the frame leaves
// the card's own label out under a titled tile (README, "What a number tile says").
const SUPPLIES_AND_ALERTS: DashboardDefinition = {
  columns: 4,
  tiles: [
    pinned('alerts', 'Alerts raised', SERVICE_ALERTS, 'summary', 'alerts', [0, 0, 1, 1]),
    pinned('still-open', 'Alerts still open', SERVICE_ALERTS, 'summary', 'open-alerts', [0, 1, 1, 1]),
    pinned(
      'hours-to-close',
      'Average hours to close',
      SERVICE_ALERTS,
      'summary',
      'hours-to-close',
      [0, 2, 1, 1],
    ),
    pinned(
      'average-level',
      'Average supply level, last 7 days',
      SUPPLIES,
      'levels',
      'average-level',
      [0, 3, 1, 1],
    ),
    pinned(
      'replacements-per-month',
      'Replacements per month',
      SUPPLIES,
      'replacements',
      'replacements-per-month',
      [1, 0, 2, 2],
    ),
    pinned(
      'alerts-by-severity',
      'Alerts by severity',
      SERVICE_ALERTS,
      'summary',
      'alerts-by-severity',
      [1, 2, 2, 2],
    ),
    pinned('running-low', 'Supplies running low', SUPPLIES, 'levels', 'running-low', [3, 0, 2, 2]),
    pinned('open-alert-list', 'Open alerts', SERVICE_ALERTS, 'open', 'open-alert-list', [3, 2, 2, 2]),
  ],
};

export const SAMPLE_DASHBOARDS: readonly SampleDashboard[] = [
  {
    id: FLEET_DASHBOARD_ID,
    name: 'Fleet at a glance',
    workspaceId: FLEET_WORKSPACE_ID,
    definition: FLEET_AT_A_GLANCE,
  },
  {
    id: SUPPLIES_DASHBOARD_ID,
    name: 'Supplies and alerts',
    workspaceId: FLEET_WORKSPACE_ID,
    definition: SUPPLIES_AND_ALERTS,
  },
];
