import { BasicFilter, RelativeDateFilterTimeUnit, RelativeDateOperators } from '@portico/models';
import { describe, expect, it } from 'vitest';
import { PRINT_FLEET_DATASET } from '../../models/built-in.ts';
import { annotationsFor } from './annotations.ts';
import { interpret } from './interpret.ts';
import type { Interpretation } from '@portico/analytics-model';
import { buildLexicon } from './lexicon.ts';
import { TEST_VALUES } from './test-values.ts';

const lexicon = buildLexicon(PRINT_FLEET_DATASET, annotationsFor(PRINT_FLEET_DATASET.id), TEST_VALUES);

interface Expected {
  readonly measures: readonly string[];
  readonly groups?: readonly string[];
  readonly filters?: readonly string[];
  readonly time?: readonly string[];
  readonly rank?: string;
  readonly visual: string;
  readonly normalized: string;
}

function answered(question: string): Extract<Interpretation, { status: 'answered' }> {
  const result = interpret(lexicon, question);
  if (result.status !== 'answered') throw new Error(`not answered: ${result.message}`);
  return result;
}

/**
 * Each question with what it must mean: measures, grouping, filters, time window, top/bottom N, the visual and the
 * canonical restatement.
 */
const QUESTIONS: readonly (readonly [string, Expected])[] = [
  ['total pages', { measures: ['Meter readings.Total pages'], visual: 'card', normalized: 'total pages' }],
  ['how many devices', { measures: ['Devices.Devices'], visual: 'card', normalized: 'devices' }],
  [
    'how many printers are in Berlin',
    {
      measures: ['Devices.Devices'],
      filters: ['Devices.Site In Berlin'],
      visual: 'card',
      normalized: 'devices where site is Berlin',
    },
  ],
  [
    'how many colour devices',
    {
      measures: ['Devices.Devices'],
      filters: ['Devices.Colour or mono In Colour'],
      visual: 'card',
      normalized: 'devices where colour or mono is Colour',
    },
  ],
  [
    'how many sites',
    { measures: ['DistinctCount(Devices.Site)'], visual: 'card', normalized: 'number of sites' },
  ],
  [
    'number of models per site',
    {
      measures: ['DistinctCount(Devices.Model)'],
      groups: ['Devices.Site'],
      visual: 'clusteredBarChart',
      normalized: 'number of models by site',
    },
  ],
  [
    'show me total pages',
    { measures: ['Meter readings.Total pages'], visual: 'card', normalized: 'total pages' },
  ],
  [
    'total pages by month',
    {
      measures: ['Meter readings.Total pages'],
      groups: ['Calendar.Month'],
      visual: 'lineChart',
      normalized: 'total pages by month',
    },
  ],
  [
    'mono pages by week last 30 days',
    {
      measures: ['Meter readings.Total mono pages'],
      groups: ['Calendar.Week'],
      time: ['last 30 days'],
      visual: 'lineChart',
      normalized: 'total mono pages by week, last 30 days',
    },
  ],
  [
    'pages per day last 7 days',
    {
      measures: ['Meter readings.Total pages'],
      groups: ['Calendar.Date'],
      time: ['last 7 days'],
      visual: 'lineChart',
      normalized: 'total pages by day, last 7 days',
    },
  ],
  [
    'colour pages by year',
    {
      measures: ['Meter readings.Total colour pages'],
      groups: ['Calendar.Year'],
      visual: 'clusteredColumnChart',
      normalized: 'total colour pages by year',
    },
  ],
  [
    'pages by weekday',
    {
      measures: ['Meter readings.Total pages'],
      groups: ['Calendar.Day of week'],
      visual: 'clusteredColumnChart',
      normalized: 'total pages by day of week',
    },
  ],
  [
    'pages this year',
    {
      measures: ['Meter readings.Total pages'],
      time: ['this year'],
      visual: 'card',
      normalized: 'total pages, this year',
    },
  ],
  [
    'pages last month',
    {
      measures: ['Meter readings.Total pages'],
      time: ['last month'],
      visual: 'card',
      normalized: 'total pages, last month',
    },
  ],
  [
    'mono pages in 2025',
    {
      measures: ['Meter readings.Total mono pages'],
      time: ['in 2025'],
      visual: 'card',
      normalized: 'total mono pages, in 2025',
    },
  ],
  [
    'total pages in June 2024',
    {
      measures: ['Meter readings.Total pages'],
      time: ['in June 2024'],
      visual: 'card',
      normalized: 'total pages, in June 2024',
    },
  ],
  [
    'alerts in Q2 2024',
    {
      measures: ['Service alerts.Alerts'],
      time: ['in Q2 2024'],
      visual: 'card',
      normalized: 'alerts, in Q2 2024',
    },
  ],
  [
    'pages since March 2024 by week',
    {
      measures: ['Meter readings.Total pages'],
      groups: ['Calendar.Week'],
      time: ['since March 2024'],
      visual: 'lineChart',
      normalized: 'total pages by week, since March 2024',
    },
  ],
  [
    'pages between 2024-04-01 and 2024-04-30',
    {
      measures: ['Meter readings.Total pages'],
      time: ['between 2024-04-01 and 2024-04-30'],
      visual: 'card',
      normalized: 'total pages, between 2024-04-01 and 2024-04-30',
    },
  ],
  [
    'pages yesterday',
    {
      measures: ['Meter readings.Total pages'],
      time: ['yesterday'],
      visual: 'card',
      normalized: 'total pages, yesterday',
    },
  ],
  [
    'top 5 models by mono pages',
    {
      measures: ['Meter readings.Total mono pages'],
      groups: ['Devices.Model'],
      rank: 'Top 5 Devices.Model',
      visual: 'clusteredBarChart',
      normalized: 'total mono pages by model, top 5',
    },
  ],
  [
    'bottom 3 sites by colour pages',
    {
      measures: ['Meter readings.Total colour pages'],
      groups: ['Devices.Site'],
      rank: 'Bottom 3 Devices.Site',
      visual: 'clusteredBarChart',
      normalized: 'total colour pages by site, bottom 3',
    },
  ],
  [
    'top 5 printers',
    {
      measures: ['Meter readings.Total pages'],
      groups: ['Devices.Serial number'],
      rank: 'Top 5 Devices.Serial number',
      visual: 'clusteredBarChart',
      normalized: 'total pages by serial number, top 5',
    },
  ],
  [
    'which site has the most alerts',
    {
      measures: ['Service alerts.Alerts'],
      groups: ['Devices.Site'],
      rank: 'Top 1 Devices.Site',
      visual: 'clusteredBarChart',
      normalized: 'alerts by site, top 1',
    },
  ],
  [
    'which printers have the most alerts last month',
    {
      measures: ['Service alerts.Alerts'],
      groups: ['Devices.Serial number'],
      time: ['last month'],
      rank: 'Top 1 Devices.Serial number',
      visual: 'clusteredBarChart',
      normalized: 'alerts by serial number, last month, top 1',
    },
  ],
  [
    'top 3 models by pages by month',
    {
      measures: ['Meter readings.Total pages'],
      groups: ['Calendar.Month', 'Devices.Model'],
      rank: 'Top 3 Devices.Model',
      visual: 'lineChart',
      normalized: 'total pages by month and model, top 3',
    },
  ],
  [
    'share of pages by manufacturer',
    {
      measures: ['Meter readings.Total pages'],
      groups: ['Devices.Manufacturer'],
      visual: 'pieChart',
      normalized: 'share of total pages by manufacturer',
    },
  ],
  [
    'colour share by manufacturer',
    {
      measures: ['Meter readings.Colour share'],
      groups: ['Devices.Manufacturer'],
      visual: 'clusteredBarChart',
      normalized: 'colour share by manufacturer',
    },
  ],
  [
    'devices per site as a pie',
    {
      measures: ['Devices.Devices'],
      groups: ['Devices.Site'],
      visual: 'pieChart',
      normalized: 'devices by site',
    },
  ],
  [
    'alerts by severity as a table',
    {
      measures: ['Service alerts.Alerts'],
      groups: ['Service alerts.Severity'],
      visual: 'tableEx',
      normalized: 'alerts by severity',
    },
  ],
  [
    'devices by manufacturer and colour mode',
    {
      measures: ['Devices.Devices'],
      groups: ['Devices.Manufacturer', 'Devices.Colour or mono'],
      visual: 'pivotTable',
      normalized: 'devices by manufacturer and colour or mono',
    },
  ],
  [
    'pages by model and site',
    {
      measures: ['Meter readings.Total pages'],
      groups: ['Devices.Model', 'Devices.Site'],
      visual: 'pivotTable',
      normalized: 'total pages by model and site',
    },
  ],
  [
    'alerts by site where severity is critical',
    {
      measures: ['Service alerts.Alerts'],
      groups: ['Devices.Site'],
      filters: ['Service alerts.Severity In critical'],
      visual: 'clusteredBarChart',
      normalized: 'alerts by site where severity is critical',
    },
  ],
  [
    'critical alerts by code',
    {
      measures: ['Service alerts.Alerts'],
      groups: ['Service alerts.Code'],
      filters: ['Service alerts.Severity In critical'],
      visual: 'clusteredBarChart',
      normalized: 'alerts by code where severity is critical',
    },
  ],
  [
    'mono devices by site',
    {
      measures: ['Devices.Devices'],
      groups: ['Devices.Site'],
      filters: ['Devices.Colour or mono In Mono'],
      visual: 'clusteredBarChart',
      normalized: 'devices by site where colour or mono is Mono',
    },
  ],
  [
    'pages where site is not Berlin',
    {
      measures: ['Meter readings.Total pages'],
      filters: ['Devices.Site NotIn Berlin'],
      visual: 'card',
      normalized: 'total pages where site is not Berlin',
    },
  ],
  [
    'pages for Berlin and London by month',
    {
      measures: ['Meter readings.Total pages'],
      groups: ['Calendar.Month'],
      filters: ['Devices.Site In Berlin, London'],
      visual: 'lineChart',
      normalized: 'total pages by month where site is Berlin or London',
    },
  ],
  [
    'pages for region EMEA by site',
    {
      measures: ['Meter readings.Total pages'],
      groups: ['Devices.Site'],
      filters: ['Accounts.Region In EMEA'],
      visual: 'clusteredBarChart',
      normalized: 'total pages by site where region is EMEA',
    },
  ],
  [
    'laserjet pages by model',
    {
      measures: ['Meter readings.Total pages'],
      groups: ['Devices.Model'],
      filters: [
        'Devices.Model In LaserJet Pro 4002dn, LaserJet Enterprise M611dn, Color LaserJet Pro MFP 4301fdw',
      ],
      visual: 'clusteredBarChart',
      normalized:
        'total pages by model where model is LaserJet Pro 4002dn or LaserJet Enterprise M611dn or Color LaserJet Pro MFP 4301fdw',
    },
  ],
  [
    'devices with duty cycle over 10000',
    {
      measures: ['Devices.Devices'],
      filters: ['Devices.Monthly duty cycle GreaterThan 10000'],
      visual: 'card',
      normalized: 'devices where duty cycle is more than 10000',
    },
  ],
  [
    'models with more than 100000 pages',
    {
      measures: ['Meter readings.Total pages'],
      groups: ['Devices.Model'],
      filters: ['Meter readings.Total pages GreaterThan 100000'],
      visual: 'clusteredBarChart',
      normalized: 'total pages by model where total pages is more than 100000',
    },
  ],
  [
    'alerts with hours to close above 24 by severity',
    {
      measures: ['Service alerts.Alerts'],
      groups: ['Service alerts.Severity'],
      filters: ['Service alerts.Hours to close GreaterThan 24'],
      visual: 'clusteredBarChart',
      normalized: 'alerts by severity where hours to close is more than 24',
    },
  ],
  [
    'average mono pages by model',
    {
      measures: ['Average(Meter readings.Mono pages)'],
      groups: ['Devices.Model'],
      visual: 'clusteredBarChart',
      normalized: 'average mono pages by model',
    },
  ],
  [
    'max mono pages by site',
    {
      measures: ['Max(Meter readings.Mono pages)'],
      groups: ['Devices.Site'],
      visual: 'clusteredBarChart',
      normalized: 'maximum mono pages by site',
    },
  ],
  [
    'average hours to close by severity',
    {
      measures: ['Service alerts.Average hours to close'],
      groups: ['Service alerts.Severity'],
      visual: 'clusteredBarChart',
      normalized: 'average hours to close by severity',
    },
  ],
  [
    'open alerts by site',
    {
      measures: ['Service alerts.Open alerts'],
      groups: ['Devices.Site'],
      visual: 'clusteredBarChart',
      normalized: 'open alerts by site',
    },
  ],
  [
    'average supply level by supply',
    {
      measures: ['Supply levels.Average level'],
      groups: ['Supply levels.Supply'],
      visual: 'clusteredBarChart',
      normalized: 'average level by supply',
    },
  ],
  [
    'black toner level by site',
    {
      measures: ['Supply levels.Average level'],
      groups: ['Devices.Site'],
      filters: ['Supply levels.Supply In black toner'],
      visual: 'clusteredBarChart',
      normalized: 'average level by site where supply is black toner',
    },
  ],
  [
    'replacements by supply last month',
    {
      measures: ['Supply replacements.Replacements'],
      groups: ['Supply replacements.Supply'],
      time: ['last month'],
      visual: 'clusteredBarChart',
      normalized: 'replacements by supply, last month',
    },
  ],
  [
    'devices by month',
    {
      measures: ['Meter readings.Reporting devices'],
      groups: ['Calendar.Month'],
      visual: 'lineChart',
      normalized: 'reporting devices by month',
    },
  ],
  ['list sites', { measures: [], groups: ['Devices.Site'], visual: 'tableEx', normalized: 'list of sites' }],
  [
    'list printers in São Paulo',
    {
      measures: [],
      groups: ['Devices.Serial number'],
      filters: ['Devices.Site In São Paulo'],
      visual: 'tableEx',
      normalized: 'list of serial numbers where site is São Paulo',
    },
  ],
  [
    'what is the total number of alerts for site London this year',
    {
      measures: ['Service alerts.Alerts'],
      filters: ['Devices.Site In London'],
      time: ['this year'],
      visual: 'card',
      normalized: 'alerts where site is London, this year',
    },
  ],
  ['sites', { measures: [], groups: ['Devices.Site'], visual: 'tableEx', normalized: 'list of sites' }],
  [
    'share of colour pages by manufacturer',
    {
      measures: ['Meter readings.Total colour pages'],
      groups: ['Devices.Manufacturer'],
      visual: 'pieChart',
      normalized: 'share of total colour pages by manufacturer',
    },
  ],
  [
    'percentage of alerts by severity this month',
    {
      measures: ['Service alerts.Alerts'],
      groups: ['Service alerts.Severity'],
      time: ['this month'],
      visual: 'pieChart',
      normalized: 'share of alerts by severity, this month',
    },
  ],
];

const UNANSWERABLE: readonly (readonly [string, { readonly unanswered: string }])[] = [
  [
    'pages for xyz',
    {
      unanswered:
        "I don't know 'xyz'. Try a measure such as total pages, alerts or devices, by a field such as model, site or month.",
    },
  ],
  [
    'hello world',
    {
      unanswered:
        "I don't know 'hello', 'world'. Try a measure such as total pages, alerts or devices, by a field such as model, site or month.",
    },
  ],
  [
    'pages by supply',
    {
      unanswered:
        "'supply' is not related to 'total pages', so I can't show them together. Try a measure such as total pages, alerts or devices, by a field such as model, site or month.",
    },
  ],
  ['top 5 mono pages', { unanswered: 'Top or bottom of what? Add a field to rank, such as model.' }],
  [
    'pages for Atlantis by model',
    {
      unanswered:
        "I don't know 'Atlantis'. Try a measure such as total pages, alerts or devices, by a field such as model, site or month.",
    },
  ],
  [
    '!!!',
    {
      unanswered:
        "I couldn't find anything to show in that question. Try a measure such as total pages, alerts or devices, by a field such as model, site or month.",
    },
  ],
];

describe('the interpreter', () => {
  it('is tested on at least 40 questions', () => {
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(QUESTIONS)('understands %j', (question, expected) => {
    const result = answered(question);
    expect({
      measures: result.summary.measures,
      groups: result.summary.groups,
      filters: result.summary.filters,
      time: result.summary.time,
      rank: result.summary.rank,
      visual: result.visual.type,
      normalized: result.normalizedQuestion,
    }).toEqual({ groups: [], filters: [], time: [], rank: undefined, ...expected });
  });

  it.each(UNANSWERABLE)('explains why it cannot answer %j', (question, expected) => {
    expect(interpret(lexicon, question)).toEqual({
      status: 'unanswered',
      question,
      message: expected.unanswered,
    });
  });
});

describe('the query it makes', () => {
  it('selects the category then the measure, ranks with a top N filter and sorts by the measure', () => {
    const { query } = answered('top 5 models by mono pages');
    expect(query.select).toEqual([
      { column: { table: 'Devices', column: 'Model' } },
      { measure: { table: 'Meter readings', measure: 'Total mono pages' } },
    ]);
    expect(query.filters).toEqual([
      expect.objectContaining({
        target: { table: 'Devices', column: 'Model' },
        operator: 'Top',
        itemCount: 5,
        orderBy: { table: 'Meter readings', measure: 'Total mono pages' },
      }),
    ]);
    expect(query.orderBy).toEqual([
      {
        field: { measure: { table: 'Meter readings', measure: 'Total mono pages' } },
        direction: 'Descending',
      },
    ]);
  });

  it('sorts a bottom N ascending', () => {
    expect(answered('bottom 3 sites by colour pages').query.orderBy?.[0]?.direction).toBe('Ascending');
  });

  it('puts rolling windows on the calendar as relative date filters that include today', () => {
    expect(answered('pages last 30 days').query.filters).toEqual([
      expect.objectContaining({
        target: { table: 'Calendar', column: 'Date' },
        operator: RelativeDateOperators.InLast,
        timeUnitsCount: 30,
        timeUnitType: RelativeDateFilterTimeUnit.Days,
        includeToday: true,
      }),
    ]);
    expect(answered('pages last month').query.filters).toEqual([
      expect.objectContaining({ timeUnitsCount: 1, timeUnitType: RelativeDateFilterTimeUnit.CalendarMonths }),
    ]);
  });

  it('filters a year and a month by the calendar columns', () => {
    expect(answered('pages in 2025').query.filters).toEqual([
      new BasicFilter({ table: 'Calendar', column: 'Year' }, 'In', 2025).toJSON(),
    ]);
    expect(answered('pages in June 2024').query.filters).toEqual([
      new BasicFilter({ table: 'Calendar', column: 'Year-month' }, 'In', '2024-06').toJSON(),
    ]);
  });

  it('turns a date range into a half-open condition on the day', () => {
    expect(answered('pages between 2024-04-01 and 2024-04-30').query.filters).toEqual([
      expect.objectContaining({
        target: { table: 'Calendar', column: 'Date' },
        logicalOperator: 'And',
        conditions: [
          { operator: 'GreaterThanOrEqual', value: '2024-04-01' },
          { operator: 'LessThan', value: '2024-05-01' },
        ],
      }),
    ]);
  });

  it('puts the time on the category axis of a line and the other field in its series', () => {
    const { visual, query } = answered('top 3 models by pages by month');
    expect(visual.dataRoles).toEqual({
      category: [{ column: { table: 'Calendar', column: 'Month' } }],
      series: [{ column: { table: 'Devices', column: 'Model' } }],
      values: [{ measure: { table: 'Meter readings', measure: 'Total pages' } }],
    });
    expect(query.select.map((f) => Object.values(f)[0])).toEqual([
      { table: 'Calendar', column: 'Month' },
      { table: 'Devices', column: 'Model' },
      { table: 'Meter readings', measure: 'Total pages' },
    ]);
  });

  it('filters a measure comparison on the grouped rows and a column comparison on the rows', () => {
    expect(answered('models with more than 100000 pages').query.filters).toEqual([
      expect.objectContaining({
        target: { table: 'Meter readings', measure: 'Total pages' },
        conditions: [{ operator: 'GreaterThan', value: 100000 }],
      }),
    ]);
    expect(answered('devices with duty cycle over 10000').query.filters).toEqual([
      expect.objectContaining({
        target: { table: 'Devices', column: 'Monthly duty cycle' },
        conditions: [{ operator: 'GreaterThan', value: 10000 }],
      }),
    ]);
  });
});

describe('questions', () => {
  it('ignore case, punctuation and spelling variants', () => {
    const plain = answered('top 5 models by colour pages');
    const shouted = answered('TOP 5 Models, by COLOR pages?');
    expect(shouted.query).toEqual(plain.query);
    expect(shouted.normalizedQuestion).toBe(plain.normalizedQuestion);
  });

  it('always get the same answer', () => {
    expect(interpret(lexicon, 'alerts by site where severity is critical last 30 days')).toEqual(
      interpret(lexicon, 'alerts by site where severity is critical last 30 days'),
    );
  });

  it('can name only values the viewer may see', () => {
    const narrow = buildLexicon(PRINT_FLEET_DATASET, annotationsFor(PRINT_FLEET_DATASET.id), {
      ...TEST_VALUES,
      'Devices.Site': ['London'],
    });
    expect(interpret(narrow, 'pages for Berlin')).toMatchObject({
      status: 'unanswered',
      message: expect.stringContaining("'Berlin'"),
    });
    expect(interpret(narrow, 'pages for London')).toMatchObject({ status: 'answered' });
  });

  it('work on a dataset without annotations, by its own names', () => {
    const bare = buildLexicon({ ...PRINT_FLEET_DATASET, id: 'other' }, annotationsFor('other'), {
      'Devices.Site': ['Berlin'],
    });
    expect(interpret(bare, 'total pages by site')).toMatchObject({
      status: 'answered',
      normalizedQuestion: 'total pages by site',
    });
  });
});

describe('time series over data that starts and ends inside a period', () => {
  // The sample's shape: data from the middle of November 2024 to today, 27 November 2026.
  const spanned = buildLexicon(PRINT_FLEET_DATASET, annotationsFor(PRINT_FLEET_DATASET.id), TEST_VALUES, {
    first: '2024-11-15',
    last: '2026-11-27',
  });
  const ask = (question: string) => {
    const result = interpret(spanned, question);
    if (result.status !== 'answered') throw new Error(`not answered: ${result.message}`);
    return result;
  };
  const wholeMonths = expect.objectContaining({
    target: { table: 'Calendar', column: 'Date' },
    conditions: [
      { operator: 'GreaterThanOrEqual', value: '2024-12-01' },
      { operator: 'LessThan', value: '2026-11-01' },
    ],
  });

  it('show whole months only, and say so in the title', () => {
    const answer = ask('total pages by month');
    expect(answer.query.filters).toEqual([wholeMonths]);
    expect(answer.normalizedQuestion).toBe('total pages by month, whole months');
    expect(answer.visual.title).toBe('Total pages by month, whole months');
  });

  it('keep whole months under a series and a top N', () => {
    const answer = ask('top 3 models by pages by month');
    expect(answer.query.filters).toEqual([wholeMonths, expect.objectContaining({ itemCount: 3 })]);
    expect(answer.normalizedQuestion).toBe('total pages by month and model, whole months, top 3');
  });

  it('show whole weeks only (Sunday to Saturday)', () => {
    const answer = ask('pages by week');
    expect(answer.query.filters).toEqual([
      expect.objectContaining({
        conditions: [
          { operator: 'GreaterThanOrEqual', value: '2024-11-17' },
          { operator: 'LessThan', value: '2026-11-22' },
        ],
      }),
    ]);
    expect(answer.normalizedQuestion).toBe('total pages by week, whole weeks');
  });

  it('keep every year but name the partial ones', () => {
    const answer = ask('pages by year');
    expect(answer.query.filters).toBeUndefined();
    expect(answer.normalizedQuestion).toBe('total pages by year, 2024 and 2026 partial');
  });

  it('show the window a time phrase asks for as it is', () => {
    const answer = ask('pages by month this year');
    expect(answer.normalizedQuestion).toBe('total pages by month, this year');
    expect(answer.query.filters).toHaveLength(1);
  });

  it('leave groupings that are not a run of periods alone', () => {
    expect(ask('pages by weekday').query.filters).toBeUndefined();
    expect(ask('pages by site').normalizedQuestion).toBe('total pages by site');
  });
});
