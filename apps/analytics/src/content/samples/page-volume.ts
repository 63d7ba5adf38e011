import type { ReportDefinition } from '@portico/analytics-model';
import { encodeBookmarkState } from '@portico/analytics-model';
import {
  basic,
  card,
  column,
  lastCalendarMonths,
  lastDays,
  measure,
  page,
  slicer,
  topN,
  visual,
} from './build.ts';

const totalPages = measure('Meter readings', 'Total pages');
const averageDaily = measure('Meter readings', 'Average daily pages');

/** Page volume: how much the fleet prints, when, and on which printers. */
export const PAGE_VOLUME: ReportDefinition = {
  filters: [],
  pages: [
    page('trend', 'Trend', [
      slicer('year', 'Year', [0, 0, 240, 100], column('Calendar', 'Year'), 'list'),
      card('average-daily', 'Average pages per printer and day', [250, 0, 300, 100], averageDaily),
      card(
        'busiest-day',
        'Busiest printer-day',
        [560, 0, 300, 100],
        measure('Meter readings', 'Busiest day pages'),
      ),
      card(
        'reporting-devices',
        'Printers reporting',
        [870, 0, 300, 100],
        measure('Meter readings', 'Reporting devices'),
      ),
      visual(
        'daily-pages',
        'lineChart',
        'Pages per day, last 90 days',
        [0, 110, 1280, 300],
        {
          category: [column('Calendar', 'Date')],
          values: [totalPages],
        },
        { filters: [lastDays('Calendar', 'Date', 90)] },
      ),
      visual(
        'mono-colour-month',
        'areaChart',
        'Mono and colour pages per month',
        [0, 420, 1280, 300],
        {
          category: [column('Calendar', 'Month')],
          values: [
            measure('Meter readings', 'Total mono pages'),
            measure('Meter readings', 'Total colour pages'),
          ],
        },
        {
          filters: [lastCalendarMonths(12)],
          formatting: { legend: { show: true, position: 'Top' }, stacked: true },
        },
      ),
    ]),
    page('by-model', 'By model', [
      visual(
        'pages-by-model',
        'clusteredBarChart',
        'Pages by model',
        [0, 0, 620, 360],
        {
          category: [column('Devices', 'Model')],
          values: [totalPages],
        },
        { sort: { field: totalPages, direction: 'Descending' } },
      ),
      visual('model-year-matrix', 'pivotTable', 'Pages by manufacturer, model and year', [630, 0, 650, 360], {
        rows: [column('Devices', 'Manufacturer'), column('Devices', 'Model')],
        columns: [column('Calendar', 'Year')],
        values: [totalPages],
      }),
      visual(
        'busiest-printers',
        'tableEx',
        'The 20 busiest printers',
        [0, 370, 1280, 350],
        {
          values: [
            column('Devices', 'Serial number'),
            column('Devices', 'Model'),
            column('Devices', 'Site'),
            totalPages,
            averageDaily,
          ],
        },
        {
          filters: [
            topN('Devices', 'Serial number', 20, { table: 'Meter readings', measure: 'Total pages' }),
          ],
          sort: { field: totalPages, direction: 'Descending' },
        },
      ),
    ]),
    page('weekdays', 'Weekday pattern', [
      visual(
        'pages-by-weekday',
        'clusteredColumnChart',
        'Average pages per printer by day of week',
        [0, 0, 840, 360],
        {
          category: [column('Calendar', 'Day of week')],
          values: [averageDaily],
        },
      ),
      visual('pages-by-mode', 'pieChart', 'Pages on colour and mono printers', [850, 0, 430, 360], {
        category: [column('Devices', 'Colour or mono')],
        values: [totalPages],
      }),
      visual('pages-by-region', 'donutChart', 'Pages by region', [0, 370, 420, 350], {
        category: [column('Accounts', 'Region')],
        values: [totalPages],
      }),
      visual(
        'pages-by-month-name',
        'lineChart',
        'Seasonality: pages by month of the year',
        [430, 370, 850, 350],
        {
          category: [column('Calendar', 'Month name')],
          series: [column('Calendar', 'Year')],
          values: [totalPages],
        },
        // Whole months only: the sample's two years start and end inside a month, which would draw as dips.
        { filters: [lastCalendarMonths(23)] },
      ),
    ]),
  ],
  bookmarks: [
    {
      name: 'working-days',
      displayName: 'Working days only',
      state: encodeBookmarkState({
        version: 1,
        activePage: 'trend',
        reportFilters: [basic('Calendar', 'Is weekend', 'In', false)],
      }),
    },
  ],
};
