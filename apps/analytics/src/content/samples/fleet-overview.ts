import type { ReportDefinition } from '@portico/analytics-model';
import { encodeBookmarkState } from '@portico/analytics-model';
import { basic, card, column, lastCalendarMonths, measure, page, slicer, topN, visual } from './build.ts';

const totalPages = measure('Meter readings', 'Total pages');
const devices = measure('Devices', 'Devices');

/** Fleet overview: the fleet at a glance, its printers, and its sites. */
export const FLEET_OVERVIEW: ReportDefinition = {
  filters: [],
  pages: [
    page(
      'overview',
      'Overview',
      [
        card('printers-in-service', 'Printers in service', [0, 0, 240, 120], devices, {
          filters: [basic('Devices', 'In service', 'In', true)],
        }),
        card('pages-printed', 'Pages printed, last 12 months', [250, 0, 240, 120], totalPages, {
          filters: [lastCalendarMonths(12)],
        }),
        card(
          'colour-share',
          'Colour share of pages',
          [500, 0, 240, 120],
          measure('Meter readings', 'Colour share'),
          { filters: [lastCalendarMonths(12)] },
        ),
        card(
          'open-alerts',
          'Open service alerts',
          [750, 0, 240, 120],
          measure('Service alerts', 'Open alerts'),
        ),
        slicer('site', 'Site', [1000, 0, 280, 120], column('Devices', 'Site')),
        visual(
          'pages-per-month',
          'clusteredColumnChart',
          'Pages per month',
          [0, 130, 760, 290],
          { category: [column('Calendar', 'Month')], values: [totalPages] },
          { filters: [lastCalendarMonths(12)] },
        ),
        visual(
          'printers-by-manufacturer',
          'donutChart',
          'Printers by manufacturer',
          [770, 130, 510, 290],
          {
            category: [column('Devices', 'Manufacturer')],
            values: [devices],
          },
          { formatting: { legend: { show: true, position: 'Right' } } },
        ),
        visual(
          'top-models',
          'clusteredBarChart',
          'Top 10 models by pages printed',
          [0, 430, 1280, 290],
          {
            category: [column('Devices', 'Model')],
            values: [totalPages],
          },
          {
            filters: [
              lastCalendarMonths(12),
              topN('Devices', 'Model', 10, { table: 'Meter readings', measure: 'Total pages' }),
            ],
            sort: { field: totalPages, direction: 'Descending' },
            formatting: { dataLabels: { show: true } },
          },
        ),
      ],
      // The 12-month window is on the period visuals, not the page: open alerts and printers in service are counts
      // of now, and agree with the Service alerts report (apps/analytics/README.md, "Sample report decisions").
    ),
    page('devices', 'Printers', [
      slicer('account', 'Account', [0, 0, 300, 100], column('Accounts', 'Account'), 'list'),
      visual('colour-or-mono', 'pieChart', 'Colour and mono printers', [0, 110, 300, 300], {
        category: [column('Devices', 'Colour or mono')],
        values: [devices],
      }),
      visual(
        'printers-per-site',
        'clusteredBarChart',
        'Printers per site',
        [0, 420, 300, 300],
        {
          category: [column('Devices', 'Site')],
          values: [devices],
        },
        { sort: { field: devices, direction: 'Descending' } },
      ),
      visual(
        'printer-list',
        'tableEx',
        'Printers and their pages',
        [310, 0, 970, 720],
        {
          values: [
            column('Devices', 'Serial number'),
            column('Devices', 'Model'),
            column('Devices', 'Site'),
            column('Devices', 'Location'),
            column('Devices', 'Install date'),
            column('Devices', 'In service'),
            totalPages,
          ],
        },
        { top: 1000 },
      ),
    ]),
    page('sites', 'Sites', [
      visual('site-year-matrix', 'pivotTable', 'Pages by site and year', [0, 0, 1280, 380], {
        rows: [column('Devices', 'Site')],
        columns: [column('Calendar', 'Year')],
        values: [totalPages],
      }),
      visual(
        'daily-pages-per-site',
        'clusteredColumnChart',
        'Average daily pages per printer, by site',
        [0, 390, 1280, 330],
        {
          category: [column('Devices', 'Site')],
          values: [measure('Meter readings', 'Average daily pages')],
        },
        { sort: { field: measure('Meter readings', 'Average daily pages'), direction: 'Descending' } },
      ),
    ]),
  ],
  bookmarks: [
    {
      name: 'colour-printers',
      displayName: 'Colour printers only',
      state: encodeBookmarkState({
        version: 1,
        activePage: 'devices',
        reportFilters: [basic('Devices', 'Colour or mono', 'In', 'Colour')],
      }),
    },
    {
      name: 'hp-fleet',
      displayName: 'HP printers',
      state: encodeBookmarkState({
        version: 1,
        activePage: 'overview',
        reportFilters: [basic('Devices', 'Manufacturer', 'In', 'HP')],
      }),
    },
  ],
};
