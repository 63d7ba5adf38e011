import type { ReportDefinition } from '@portico/analytics-model';
import {
  advanced,
  card,
  column,
  lastCalendarMonths,
  lastDays,
  measure,
  page,
  slicer,
  visual,
} from './build.ts';

const averageLevel = measure('Supply levels', 'Average level');
const replacements = measure('Supply replacements', 'Replacements');

/** Supplies: toner and drum levels, and what is replaced how often. */
export const SUPPLIES: ReportDefinition = {
  filters: [],
  pages: [
    page('levels', 'Levels', [
      slicer('supply', 'Supply', [0, 0, 300, 100], column('Supply levels', 'Supply'), 'list'),
      card('average-level', 'Average level, last 7 days', [310, 0, 300, 100], averageLevel, {
        filters: [lastDays('Supply levels', 'Date', 7)],
      }),
      visual(
        'weekly-levels',
        'lineChart',
        'Average level per week',
        [0, 110, 1280, 300],
        {
          category: [column('Calendar', 'Week')],
          series: [column('Supply levels', 'Supply')],
          values: [averageLevel],
        },
        { formatting: { legend: { show: true, position: 'Top' } } },
      ),
      visual(
        'running-low',
        'tableEx',
        'Supplies below 20% in the last 7 days',
        [0, 420, 1280, 300],
        {
          values: [
            column('Devices', 'Serial number'),
            column('Devices', 'Model'),
            column('Devices', 'Site'),
            column('Supply levels', 'Supply'),
            measure('Supply levels', 'Lowest level'),
          ],
        },
        {
          filters: [
            lastDays('Supply levels', 'Date', 7),
            advanced({ table: 'Supply levels', measure: 'Lowest level' }, 'And', {
              operator: 'LessThan',
              value: 20,
            }),
          ],
          sort: { field: measure('Supply levels', 'Lowest level'), direction: 'Ascending' },
        },
      ),
    ]),
    page('replacements', 'Replacements', [
      visual(
        'replacements-per-month',
        'stackedColumnChart',
        'Replacements per month',
        [0, 0, 840, 360],
        {
          category: [column('Calendar', 'Month')],
          series: [column('Supply replacements', 'Supply')],
          values: [replacements],
        },
        { filters: [lastCalendarMonths(12)], formatting: { legend: { show: true, position: 'Top' } } },
      ),
      visual('replacements-by-supply', 'donutChart', 'Replacements by supply', [850, 0, 430, 360], {
        category: [column('Supply replacements', 'Supply')],
        values: [replacements],
      }),
      visual(
        'yield-by-model',
        'tableEx',
        'Pages per unit by model and supply',
        [0, 370, 1280, 350],
        {
          values: [
            column('Devices', 'Model'),
            column('Supply replacements', 'Supply'),
            replacements,
            measure('Supply replacements', 'Average pages per unit'),
          ],
        },
        { sort: { field: replacements, direction: 'Descending' } },
      ),
    ]),
  ],
  bookmarks: [],
};
