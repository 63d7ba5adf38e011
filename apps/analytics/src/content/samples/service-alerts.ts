import type { ReportDefinition } from '@portico/analytics-model';
import { encodeBookmarkState } from '@portico/analytics-model';
import { basic, card, column, lastCalendarMonths, measure, page, slicer, topN, visual } from './build.ts';

const alerts = measure('Service alerts', 'Alerts');

/** Severities in the colours people read them by: critical red, warning amber, info grey-blue. */
const SEVERITY_COLORS = { critical: '#C62828', warning: '#EF8F00', info: '#607D8B' };

/** Service alerts: what goes wrong, where, and how long it takes to fix. */
export const SERVICE_ALERTS: ReportDefinition = {
  filters: [],
  pages: [
    page('summary', 'Summary', [
      card('alerts', 'Alerts raised', [0, 0, 240, 110], alerts),
      card('open-alerts', 'Still open', [250, 0, 240, 110], measure('Service alerts', 'Open alerts')),
      card(
        'hours-to-close',
        'Average hours to close',
        [500, 0, 240, 110],
        measure('Service alerts', 'Average hours to close'),
      ),
      slicer('severity', 'Severity', [750, 0, 530, 110], column('Service alerts', 'Severity'), 'list'),
      visual(
        'alerts-by-code',
        'clusteredBarChart',
        'Alerts by code',
        [0, 120, 640, 300],
        {
          category: [column('Service alerts', 'Code')],
          values: [alerts],
        },
        { sort: { field: alerts, direction: 'Descending' } },
      ),
      visual(
        'alerts-by-severity',
        'donutChart',
        'Alerts by severity',
        [650, 120, 630, 300],
        { category: [column('Service alerts', 'Severity')], values: [alerts] },
        { formatting: { dataColors: SEVERITY_COLORS } },
      ),
      visual(
        'alerts-per-month',
        'areaChart',
        'Alerts opened per month',
        [0, 430, 1280, 290],
        {
          category: [column('Calendar', 'Month')],
          series: [column('Service alerts', 'Severity')],
          values: [alerts],
        },
        // Whole months only: the data's first month and the current one are partial and would draw as dips.
        { filters: [lastCalendarMonths(12)], formatting: { dataColors: SEVERITY_COLORS } },
      ),
    ]),
    page('open', 'Open alerts', [
      visual(
        'open-alert-list',
        'tableEx',
        'Open alerts, oldest first',
        [0, 0, 1280, 720],
        {
          values: [
            column('Service alerts', 'Opened at'),
            column('Service alerts', 'Code'),
            column('Service alerts', 'Severity'),
            column('Devices', 'Serial number'),
            column('Devices', 'Model'),
            column('Devices', 'Site'),
            column('Devices', 'Location'),
          ],
        },
        { filters: [basic('Service alerts', 'Status', 'In', 'Open')], top: 1000 },
      ),
    ]),
    page('reliability', 'Reliability', [
      visual('model-severity-matrix', 'pivotTable', 'Alerts by model and severity', [0, 0, 760, 360], {
        rows: [column('Devices', 'Model')],
        columns: [column('Service alerts', 'Severity')],
        values: [alerts],
      }),
      visual(
        'slowest-codes',
        'clusteredColumnChart',
        'Average hours to close, by code',
        [770, 0, 510, 360],
        {
          category: [column('Service alerts', 'Code')],
          values: [measure('Service alerts', 'Average hours to close')],
        },
        { sort: { field: measure('Service alerts', 'Average hours to close'), direction: 'Descending' } },
      ),
      visual(
        'most-alerts',
        'tableEx',
        'The 15 printers with the most alerts',
        [0, 370, 1280, 350],
        {
          values: [
            column('Devices', 'Serial number'),
            column('Devices', 'Model'),
            column('Devices', 'Site'),
            alerts,
            measure('Service alerts', 'Longest hours to close'),
          ],
        },
        {
          filters: [topN('Devices', 'Serial number', 15, { table: 'Service alerts', measure: 'Alerts' })],
          sort: { field: alerts, direction: 'Descending' },
        },
      ),
    ]),
  ],
  bookmarks: [
    {
      name: 'critical-only',
      displayName: 'Critical alerts',
      state: encodeBookmarkState({
        version: 1,
        activePage: 'summary',
        reportFilters: [basic('Service alerts', 'Severity', 'In', 'critical')],
      }),
    },
  ],
};
