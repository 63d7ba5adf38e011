/**
 * The cases of the conformance suite, shared by the tests (engines.test.ts, paginated.test.ts, quick-create.test.ts)
 * and by the current-ClickHouse check (scripts/check-dialect-current.ts): every visual of every sample report, every
 * filter type and operator, top N, relative dates and times, underlying data, the row-level-security widening
 * attempts, hostile literal text, every sample paginated report's parameter sets and quick create's supplied rows.
 */
import { SAMPLE_ACCOUNTS } from '@portico/fleet-data';
import { visualQuery } from '@portico/analytics-model';
import type { PageAnswer, ReportLine, VisualQuery } from '@portico/analytics-model';
import type { Engine } from '../../src/data/engine.ts';
import { PaginatedCatalogue } from '../../src/kinds/paginated/catalogue.ts';
import { ReportRun } from '../../src/kinds/paginated/run.ts';
import type { PaginatedReport } from '../../src/kinds/paginated/definition.ts';
import { DEVICE_ALERTS_REPORT_ID } from '../../src/kinds/paginated/samples/device-alerts.ts';
import { INVOICE_REPORT_ID } from '../../src/kinds/paginated/samples/invoice.ts';
import { PRINT_FLEET_DATASET } from '../../src/models/built-in.ts';
import type { SAMPLE_REPORTS } from '../../src/models/built-in.ts';
import { DATABASE_NAME, WIDENING } from '../helpers/widening-filters.ts';

export const ALL_ACCOUNTS: readonly string[] = SAMPLE_ACCOUNTS.map((a) => a.databaseName);

export const col = (table: string, column: string) => ({ column: { table, column } });
export const msr = (table: string, measure: string) => ({ measure: { table, measure } });
export const BASIC = 'http://powerbi.com/product/schema#basic';
export const ADVANCED = 'http://powerbi.com/product/schema#advanced';
export const basic = (table: string, column: string, operator: string, values: unknown[]) => ({
  $schema: BASIC,
  target: { table, column },
  operator,
  values,
  filterType: 1,
});
export const advanced = (
  table: string,
  column: string,
  logicalOperator: 'And' | 'Or',
  ...conditions: unknown[]
) => ({
  $schema: ADVANCED,
  target: { table, column },
  logicalOperator,
  conditions,
  filterType: 0,
});
export const relative = (
  column: [string, string],
  operator: number,
  count: number,
  unit: number,
  includeToday = true,
) => ({
  $schema: 'http://powerbi.com/product/schema#relativeDate',
  target: { table: column[0], column: column[1] },
  operator,
  timeUnitsCount: count,
  timeUnitType: unit,
  includeToday,
  filterType: 4,
});

export const PAGES_BY_MODEL = { select: [col('Devices', 'Model'), msr('Meter readings', 'Total pages')] };

export const FILTERS: Record<string, unknown> = {
  'basic In': basic('Devices', 'Manufacturer', 'In', ['HP', 'Canon']),
  'basic In with blank': basic('Devices', 'Retired date', 'In', [null, '2024-05-01']),
  'basic NotIn': basic('Devices', 'Site', 'NotIn', ['Lyon']),
  'basic NotIn with blank': basic('Devices', 'Retired date', 'NotIn', [null]),
  'basic NotIn nothing': basic('Devices', 'Site', 'NotIn', []),
  'basic All': basic('Devices', 'Site', 'All', []),
  'basic In booleans': basic('Devices', 'Is colour', 'In', [true]),
  'basic In numbers': basic('Devices', 'Monthly duty cycle', 'In', [5000, 10000, 20000]),
  'advanced comparisons (And)': advanced(
    'Devices',
    'Monthly duty cycle',
    'And',
    { operator: 'GreaterThan', value: 1000 },
    { operator: 'LessThanOrEqual', value: 50000 },
  ),
  'advanced comparisons (Or)': advanced(
    'Devices',
    'Install date',
    'Or',
    { operator: 'LessThan', value: '2022-01-01' },
    { operator: 'GreaterThanOrEqual', value: '2024-03-01T00:00:00.000Z' },
  ),
  'advanced Is / IsNot': advanced(
    'Devices',
    'Colour or mono',
    'Or',
    { operator: 'Is', value: 'Colour' },
    { operator: 'IsNot', value: 'Mono' },
  ),
  'advanced Contains (any case)': advanced('Devices', 'Model', 'And', {
    operator: 'Contains',
    value: 'LASER',
  }),
  'advanced DoesNotContain': advanced('Devices', 'Model', 'And', {
    operator: 'DoesNotContain',
    value: 'pro',
  }),
  'advanced StartsWith': advanced('Devices', 'Serial number', 'And', {
    operator: 'StartsWith',
    value: 'c',
  }),
  'advanced DoesNotStartWith': advanced('Devices', 'Location', 'And', {
    operator: 'DoesNotStartWith',
    value: 'Floor',
  }),
  'advanced IsBlank on text': advanced('Accounts', 'Customer', 'And', { operator: 'IsBlank', value: '' }),
  'advanced IsNotBlank on a date': advanced('Devices', 'Retired date', 'And', {
    operator: 'IsNotBlank',
    value: '',
  }),
  'advanced on a timestamp': advanced('Service alerts', 'Opened at', 'And', {
    operator: 'GreaterThanOrEqual',
    value: '2024-06-01T06:30:00Z',
  }),
  'advanced with injection text': advanced(
    'Devices',
    'Model',
    'Or',
    { operator: 'Is', value: "x' OR '1'='1" },
    { operator: 'Contains', value: "\\'; DROP TABLE devices; --" },
  ),
  'top 3 models by pages': {
    $schema: 'http://powerbi.com/product/schema#topN',
    target: { table: 'Devices', column: 'Model' },
    operator: 'Top',
    itemCount: 3,
    orderBy: msr('Meter readings', 'Total pages').measure,
    filterType: 5,
  },
  'bottom 2 sites by alerts': {
    $schema: 'http://powerbi.com/product/schema#topN',
    target: { table: 'Devices', column: 'Site' },
    operator: 'Bottom',
    itemCount: 2,
    orderBy: msr('Service alerts', 'Alerts').measure,
    filterType: 5,
  },
  'a tuple': {
    $schema: 'http://powerbi.com/product/schema#tuple',
    target: [
      { table: 'Devices', column: 'Manufacturer' },
      { table: 'Devices', column: 'Colour or mono' },
    ],
    operator: 'In',
    values: [
      [{ value: 'HP' }, { value: 'Mono' }],
      [{ value: 'Canon' }, { value: 'Colour' }],
    ],
    filterType: 6,
  },
  'a hierarchy': {
    $schema: 'http://powerbi.com/product/schema#hierarchy',
    target: [
      { table: 'Devices', hierarchy: 'Fleet', hierarchyLevel: 'Manufacturer' },
      { table: 'Devices', hierarchy: 'Fleet', hierarchyLevel: 'Model' },
    ],
    hierarchyData: [
      {
        operator: 'Selected',
        value: 'HP',
        children: [{ operator: 'NotSelected', value: 'LaserJet Pro 4002dn' }],
      },
      {
        operator: 'NotSelected',
        value: 'Canon',
        children: [{ operator: 'Selected', value: 'imageRUNNER C3226i' }],
      },
    ],
    filterType: 9,
  },
  'a measure filter (pages above 1,000)': advanced('Meter readings', 'Total pages', 'And', {
    operator: 'GreaterThan',
    value: 1000,
  }),
};
// Measure filters target { table, measure }: rewrite that one's target.
(FILTERS['a measure filter (pages above 1,000)'] as { target: unknown }).target = msr(
  'Meter readings',
  'Total pages',
).measure;

/** One visual query for some accounts; `hasRows` when the data must give it rows (a case that selects nothing proves little). */
export interface VisualCase {
  readonly what: string;
  readonly query: VisualQuery;
  readonly databaseNames: readonly string[];
  readonly hasRows?: boolean;
}

/** Every visual of every page of `report`, for every account and for fabrikam alone. */
export function sampleVisualCases(report: (typeof SAMPLE_REPORTS)[number]): VisualCase[] {
  return report.definition.pages.flatMap((page) =>
    page.visuals.flatMap((visual): VisualCase[] => {
      const query = visualQuery(report.definition, page, visual);
      const what = `${report.name}/${page.name}/${visual.name}`;
      return [
        { what, query, databaseNames: ALL_ACCOUNTS, hasRows: true },
        { what: `${what} (fabrikam)`, query, databaseNames: ['fabrikam'] },
      ];
    }),
  );
}

/** Every filter alone, on pages by model, site and month for every account, and by model for two. */
export function filterCases(): VisualCase[] {
  return Object.entries(FILTERS).flatMap(([what, filter]): VisualCase[] => [
    {
      what,
      query: {
        select: [
          col('Devices', 'Model'),
          col('Devices', 'Site'),
          col('Calendar', 'Month'),
          msr('Meter readings', 'Total pages'),
          msr('Service alerts', 'Alerts'),
        ],
        filters: [filter],
      },
      databaseNames: ALL_ACCOUNTS,
    },
    {
      what: `${what} (two accounts)`,
      query: { ...PAGES_BY_MODEL, filters: [filter] },
      databaseNames: ['fabrikam', 'northwind'],
    },
  ]);
}

/** A visual top, a ranked top N filter, and ordering by a measure. */
export function topNCases(): VisualCase[] {
  return [
    {
      what: 'top 3 by a visual top',
      query: {
        ...PAGES_BY_MODEL,
        top: 3,
        orderBy: [{ field: msr('Meter readings', 'Total pages'), direction: 'Descending' }],
      },
      databaseNames: ALL_ACCOUNTS,
      hasRows: true,
    },
    {
      what: 'a ranked top N filter',
      query: { ...PAGES_BY_MODEL, filters: [FILTERS['top 3 models by pages']] },
      databaseNames: ALL_ACCOUNTS,
      hasRows: true,
    },
    {
      what: 'ordered by a ratio measure',
      query: {
        select: [
          col('Devices', 'Site'),
          msr('Service alerts', 'Alerts'),
          msr('Meter readings', 'Colour share'),
        ],
        orderBy: [{ field: msr('Meter readings', 'Colour share'), direction: 'Ascending' }],
      },
      databaseNames: ALL_ACCOUNTS,
      hasRows: true,
    },
    // Three models of two printers each meet at the eighth place: the tie-break sorts text whatever its case
    // ("imageRUNNER 2630i" before "LaserJet Pro 4002dn"), ranked in place (DuckDB) or in a subquery.
    ...[msr('Devices', 'Devices'), msr('Meter readings', 'Total pages')].map((measure) => ({
      what: `a top N filter cut in a tie, selecting ${measure.measure.measure}`,
      query: {
        select: [col('Devices', 'Model'), measure],
        filters: [
          {
            $schema: 'http://powerbi.com/product/schema#topN',
            target: { table: 'Devices', column: 'Model' },
            operator: 'Top',
            itemCount: 8,
            orderBy: msr('Devices', 'Devices').measure,
            filterType: 5,
          },
        ],
      },
      databaseNames: ALL_ACCOUNTS,
      hasRows: true,
    })),
  ];
}

/** Relative dates in every operator, unit and today rule, and relative time. */
export function relativeDateCases(): VisualCase[] {
  const cases: VisualCase[] = [];
  const byDay = { select: [col('Calendar', 'Date'), msr('Meter readings', 'Total pages')] };
  for (const operator of [0, 1, 2]) {
    for (const unit of [0, 1, 2, 3, 4, 5, 6]) {
      for (const includeToday of [true, false]) {
        const filter = relative(['Calendar', 'Date'], operator, 2, unit, includeToday);
        cases.push({
          what: `relative date: operator ${operator} unit ${unit} today ${includeToday}`,
          query: { ...byDay, filters: [filter] },
          databaseNames: ALL_ACCOUNTS,
        });
      }
    }
  }
  for (const [operator, unit] of [
    [0, 8],
    [0, 7],
    [1, 8],
  ] as const) {
    cases.push({
      what: `relative time ${operator}/${unit}`,
      query: {
        select: [col('Service alerts', 'Alert ID'), col('Service alerts', 'Opened at')],
        filters: [
          {
            ...relative(['Service alerts', 'Opened at'], operator, 36, unit),
            $schema: 'http://powerbi.com/product/schema#relativeTime',
            filterType: 7,
          },
        ],
      },
      databaseNames: ALL_ACCOUNTS,
    });
  }
  return cases;
}

/** Pages by account under each widening attempt, for a fabrikam token; and a token of no accounts. */
export const BY_ACCOUNT = { select: [{ column: DATABASE_NAME }, msr('Meter readings', 'Total pages')] };
export function wideningCases(): VisualCase[] {
  return [
    ...Object.entries(WIDENING).map(([what, filter]) => ({
      what: `widening: ${what}`,
      query: { ...BY_ACCOUNT, filters: [filter] },
      databaseNames: ['fabrikam'],
    })),
    { what: 'widening: no accounts', query: BY_ACCOUNT, databaseNames: [] },
  ];
}

/** Underlying data (export of the rows behind a visual), with and without a measure filter. */
export const UNDERLYING_ACCOUNTS = ['fabrikam', 'tailspin'] as const;
export function underlyingQueries(): VisualQuery[] {
  const query = {
    select: [col('Devices', 'Site'), msr('Meter readings', 'Total pages')],
    filters: [FILTERS['a measure filter (pages above 1,000)'], FILTERS['basic In']],
  };
  return [
    query,
    { ...query, filters: [FILTERS['basic In']] },
    {
      select: [msr('Meter readings', 'Total pages')],
      filters: [FILTERS['a measure filter (pages above 1,000)']],
    },
  ];
}

/** Text that must come back from an engine exactly as sent. */
export const LITERAL_ATTEMPTS = [
  "'; DROP TABLE devices; --",
  "\\'; --",
  '\\',
  "x\\'",
  'a\0b',
  'line\nbreak\r\t',
  '/* c */ -- d # e',
  '日本語 🖨️ \u202E',
  "'); SELECT * FROM system.users; --",
];

export type ParameterValueList = { name: string; value: string | null }[];

/** Parameter sets per sample paginated report: the defaults, then each parameter set to a value that changes the rows. */
export const PAGINATED_PARAMETER_SETS: Readonly<
  Record<string, readonly { readonly what: string; readonly values: ParameterValueList }[]>
> = {
  [INVOICE_REPORT_ID]: [
    { what: 'the defaults', values: [] },
    {
      what: 'another account and month',
      values: [
        { name: 'Account', value: 'contoso_us' },
        { name: 'Month', value: '2024-04' },
      ],
    },
    // 0.045 per colour page makes amounts that end in half a cent: rounded half up on both engines.
    {
      what: 'one site, prices of five decimals',
      values: [
        { name: 'Account', value: 'fabrikam' },
        { name: 'Month', value: '2024-05' },
        { name: 'MonoPrice', value: '0.00735' },
        { name: 'ColourPrice', value: '0.045' },
      ],
    },
    { what: 'a month at the data start', values: [{ name: 'Month', value: '2024-03' }] },
  ],
  [DEVICE_ALERTS_REPORT_ID]: [
    { what: 'the defaults', values: [] },
    {
      what: 'two accounts, the whole range',
      values: [
        { name: 'Accounts', value: 'fabrikam' },
        { name: 'Accounts', value: 'northwind' },
        { name: 'From', value: '2024-03-03' },
        { name: 'To', value: '2024-06-30' },
      ],
    },
    {
      what: 'warnings only, open only',
      values: [
        { name: 'From', value: '2024-03-03' },
        { name: 'Severity', value: 'warning' },
        { name: 'Status', value: 'Open' },
      ],
    },
    {
      what: 'closed warnings and information',
      values: [
        { name: 'From', value: '2024-04-01' },
        { name: 'To', value: '2024-05-31' },
        { name: 'Severity', value: 'warning' },
        { name: 'Severity', value: 'info' },
        { name: 'Status', value: 'Closed' },
      ],
    },
  ],
};

/** Every page of a run, in order. */
async function allPages(run: ReportRun): Promise<PageAnswer[]> {
  const pages: PageAnswer[] = [];
  for (let n = 1; n <= run.pageCount; n += 1) pages.push(await run.page(n));
  return pages;
}

/**
 * A paginated report rendered: every page, its lines walked in keyset batches, and its CSV records. `reportId` names
 * a sample, or is a report of the test's own (a sample with other column widths).
 */
export async function renderPaginated(
  engine: Engine,
  reportId: string | PaginatedReport,
  values: ParameterValueList,
  databaseNames: readonly string[],
) {
  const report = typeof reportId === 'string' ? new PaginatedCatalogue().find(reportId) : reportId;
  if (report === undefined) throw new Error(`no report ${String(reportId)}`);
  // With the report's model, so that both engines caption the same cells and add the same continuation lines.
  const run = await ReportRun.open(engine, report, values, databaseNames, 'en', PRINT_FLEET_DATASET);
  const pages = await allPages(run);
  const streamed: ReportLine[] = [];
  for await (const batch of run.batches((n) => 7 * 2 ** n)) streamed.push(...batch.map((b) => b.line));
  const csv: unknown[] = [];
  for await (const batch of run.batches(50, 'records'))
    csv.push(...batch.map((b) => [b.groups, b.line.cells]));
  return { pages, streamed, csv, bodyLines: run.bodyLines };
}

/** Text quick create must store and give back exactly. */
export const HOSTILE = [
  "O'Brien",
  "x'); DROP TABLE devices; --",
  'back\\slash \\',
  'tab\there\nnew line',
  '`tick` "quote" $1 ?',
  'Zürich 東京 🖨️',
];

/** Supplied rows of every data type: hostile text, NULLs (blank cells), negatives, fractions, booleans, dates, timestamps. */
export const QUICK_CREATE_CONFIG = {
  locale: 'en-US',
  tableSchemaList: [
    {
      name: 'Orders',
      columns: [
        { name: 'Customer', dataType: 'Text' },
        { name: 'Units', dataType: 'Int64' },
        { name: 'Amount', dataType: 'Double' },
        { name: 'Paid', dataType: 'Boolean' },
        { name: 'Day', dataType: 'Date' },
        { name: 'At', dataType: 'DateTime' },
      ],
    },
  ],
  data: [
    {
      name: 'Orders',
      rows: [
        ...HOSTILE.map((name, i) => [
          name,
          String(i * 7 - 10),
          (i * 1.25 - 2.5).toFixed(2),
          i % 2 === 0 ? 'true' : 'false',
          `2024-0${1 + (i % 6)}-1${i}`,
          `2024-05-0${1 + i} 0${i}:30:00`,
        ]),
        ['', '', '', '', '', ''],
        [HOSTILE[0] as string, '3', '0.1', 'true', '2024-01-10', '2024-05-01 00:30:00'],
      ],
    },
  ],
};

/** Timestamps with milliseconds, as supplied: `[text, ISO the API answers]` for each row of {@link MILLISECONDS_CONFIG}. */
export const MILLISECOND_TIMES: readonly (readonly [string, string])[] = [
  ['2024-05-01 00:30:00.250', '2024-05-01T00:30:00.25Z'],
  ['2024-05-01 00:30:00.999', '2024-05-01T00:30:00.999Z'],
  ['2024-05-01 00:30:01', '2024-05-01T00:30:01Z'],
  ['2024-12-31 23:59:59.001', '2024-12-31T23:59:59.001Z'],
];

/** One table of timestamps with milliseconds (quick create keeps them where the engine can: DuckDB, ClickHouse 20.1+). */
export const MILLISECONDS_CONFIG = {
  locale: 'en-US',
  tableSchemaList: [
    {
      name: 'Events',
      columns: [
        { name: 'Name', dataType: 'Text' },
        { name: 'At', dataType: 'DateTime' },
      ],
    },
  ],
  data: [{ name: 'Events', rows: MILLISECOND_TIMES.map(([at], i) => [`event ${i + 1}`, at]) }],
};

/** Events at or after 00:30:00.500 on 1 May 2024: the two later ones, when milliseconds are kept. */
export const MILLISECONDS_FROM = '2024-05-01T00:30:00.500Z';
