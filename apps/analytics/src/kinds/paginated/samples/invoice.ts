/**
 * "Monthly page invoice": one account and one month, the mono and colour pages of every device at the given unit
 * prices, grouped by site with subtotals, under a header block and over a total.
 */
import { FLEET_WORKSPACE_ID, PRINT_FLEET_DATASET_ID } from '../../../models/built-in.ts';
import type { Dialect } from '../../../query/dialect.ts';
import { num, text } from '../definition.ts';
import type { PaginatedReport } from '../definition.ts';
import { ReportStatement, unionAll } from '../sql.ts';
import type { UnionColumn } from '../sql.ts';
import { lastWholeMonth } from '../parameters.ts';
import type { ParameterValues } from '../parameters.ts';
import { LINES_PER_PAGE, TITLE_LINES } from '../pagination.ts';
import { fill } from '../sheet.ts';
import { INVOICE_TEXT } from './invoice-text.ts';

export const INVOICE_REPORT_ID = '5b0e7c8a-3f4d-4a8e-9c21-7d6f0b1e2a43';

/**
 * The currency the invoice's prices and amounts are in (ISO 4217). The fleet data holds no currency per account, and
 * the prices are parameters without one, so every invoice is in euros: its unit prices and amounts are written as
 * euros in the sheet's language (`€193.85`, `193,85 €`), its header names the currency, and its CSV records carry the
 * code in a `Currency` column.
 */
export const INVOICE_CURRENCY = 'EUR';

/**
 * The customer-facing invoice number of an account's month: `INV-`, the account's id in capitals with every
 * character other than a letter or digit as a hyphen, `-`, the month as `YYYYMM` — `INV-CONTOSO-EMEA-202610` for
 * `contoso_emea` in October 2026 (the id's underscore is internal spelling a customer should not have to type).
 * Stable (the same account and month always give the same number) and unique per account and month for ids of
 * lowercase letters, digits and underscores, as the fleet's accounts are.
 */
export function invoiceNumber(account: string, month: string): string {
  return `INV-${account.toUpperCase().replace(/[^A-Z0-9]/g, '-')}-${month.replace('-', '')}`;
}

/** A currency's code and its name in `locale`: `EUR (Euro)`, `EUR (ユーロ)`. */
function currencyName(code: string, locale: string): string {
  const name = new Intl.DisplayNames([locale], { type: 'currency' }).of(code);
  return name === undefined || name === code ? code : `${code} (${name})`;
}

const monthStart = (month: string) => `${month}-01`;
const monthEnd = (month: string) => {
  const [year, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
};

/** The first day of the month after `month` (`YYYY-MM`). */
const nextMonthStart = (month: string) => {
  const [year, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return new Date(Date.UTC(year, m, 1)).toISOString().slice(0, 10);
};

/** A price per page in units of 0.00001 (five decimals, as the parameter is shown). */
const priceUnits = (price: unknown) => Math.round(num(price as number) * 100_000);

/**
 * The priced usage of each device, named `priced` for both statements: per device the month's mono and colour pages
 * and their amounts in whole cents, rounded half up from exact integer arithmetic (pages × price in 0.00001 units),
 * so that every engine gives the same cents.
 */
function pricedUsage(values: ParameterValues, databaseNames: readonly string[], dialect: Dialect) {
  const statement = new ReportStatement(dialect, databaseNames);
  const account = statement.value(String(values['Account']));
  const month = String(values['Month']);
  // The readings with their devices, joined, filtered and summed per device where the readings are (on a
  // ClickHouse cluster, on each shard).
  const from = statement.from(
    { table: 'meter_readings', alias: 'm', columns: ['date', 'mono_pages', 'colour_pages'] },
    [
      {
        table: 'devices',
        alias: 'd',
        columns: ['site', 'serial_number', 'model', 'device_id'],
        to: 'm',
        on: [['device_id', 'device_id']],
      },
    ],
  );
  const m = (column: string) => from.col('m', column);
  const d = (column: string) => from.col('d', column);
  const where = [
    `${m('database_name')} = ${account}`,
    `${m('date')} >= ${statement.date(monthStart(month))}`,
    `${m('date')} < ${statement.date(nextMonthStart(month))}`,
    ...(values['Site'] === null ? [] : [`${d('site')} = ${statement.value(String(values['Site']))}`]),
  ];
  const device = (['site', 'serial_number', 'model', 'device_id'] as const).map(
    (column): [string, string] => [column, d(column)],
  );
  const pages = (column: string): [string, string] => [
    column,
    dialect.typed(`sum(${m(column)})`, 'bigint', false),
  ];
  statement.define(
    'usage',
    from.select(
      [...device, pages('mono_pages'), pages('colour_pages')],
      where,
      device.map(([, expr]) => expr),
    ),
  );
  const mono = statement.value(priceUnits(values['MonoPrice']));
  const colour = statement.value(priceUnits(values['ColourPrice']));
  const cents = (pages: string, units: string) =>
    dialect.intDiv(`${pages} * ${dialect.typed(units, 'bigint', false)} + 500`, '1000');
  statement.define(
    'priced',
    `SELECT site, serial_number, model, device_id, mono_pages, colour_pages,
             ${cents('mono_pages', mono)} AS mono_cents, ${cents('colour_pages', colour)} AS colour_cents
      FROM ${statement.ref('usage')}`,
  );
  const price = (units: string) => `${dialect.toDouble(units)} / 100000`;
  return { statement, account, monoPrice: price(mono), colourPrice: price(colour) };
}

const LINE_COLUMNS: readonly UnionColumn[] = [
  { name: 'kind', type: 'text', nullable: false },
  { name: 'label', type: 'text', nullable: false },
  { name: 'context', type: 'text', nullable: false },
  { name: 'g1', type: 'text', nullable: false },
  { name: 'c1', type: 'text', nullable: true },
  { name: 'c2', type: 'text', nullable: true },
  { name: 'c3', type: 'bigint', nullable: true },
  { name: 'c4', type: 'double', nullable: true },
  { name: 'c5', type: 'double', nullable: true },
  { name: 'c6', type: 'bigint', nullable: true },
  { name: 'c7', type: 'double', nullable: true },
  { name: 'c8', type: 'double', nullable: true },
  { name: 'c9', type: 'double', nullable: true },
  { name: 'k1', type: 'text', nullable: false },
  { name: 'k2', type: 'integer', nullable: false },
  { name: 'k3', type: 'text', nullable: false },
];

export const INVOICE_REPORT: PaginatedReport = {
  id: INVOICE_REPORT_ID,
  name: 'Monthly page invoice',
  description: "One account's mono and colour pages of a month, per device and site, priced per page.",
  workspaceId: FLEET_WORKSPACE_ID,
  datasetId: PRINT_FLEET_DATASET_ID,
  currency: INVOICE_CURRENCY,
  parameters: [
    {
      name: 'Account',
      prompt: 'Account',
      type: 'String',
      choices: 'accounts',
      fallback: (context) => context.accounts[0]?.databaseName ?? null,
    },
    {
      name: 'Month',
      prompt: 'Month',
      type: 'Month',
      fallback: (context) => lastWholeMonth(context.lastDate),
      check: (value, _before, context) =>
        monthEnd(String(value)) < context.firstDate || monthStart(String(value)) > context.lastDate
          ? `the data covers ${context.firstDate} to ${context.lastDate}.`
          : undefined,
    },
    {
      name: 'Site',
      prompt: 'Site',
      type: 'String',
      nullable: true,
      allLabel: 'All sites',
      choices: 'sites',
      accountParameter: 'Account',
      fallback: () => null,
    },
    {
      name: 'MonoPrice',
      prompt: `Mono price per page (${INVOICE_CURRENCY})`,
      type: 'Decimal',
      min: 0,
      max: 10,
      fallback: () => 0.008,
    },
    {
      name: 'ColourPrice',
      prompt: `Colour price per page (${INVOICE_CURRENCY})`,
      type: 'Decimal',
      min: 0,
      max: 10,
      fallback: () => 0.045,
    },
  ],
  columns: [
    { title: 'Serial number', width: 0.14, align: 'left', format: 'text' },
    { title: 'Model', width: 0.2, align: 'left', format: 'text' },
    { title: 'Mono pages', width: 0.09, align: 'right', format: 'integer' },
    { title: 'Unit price', width: 0.08, align: 'right', format: 'rate' },
    { title: 'Mono amount', width: 0.1, align: 'right', format: 'money' },
    { title: 'Colour pages', width: 0.1, align: 'right', format: 'integer' },
    { title: 'Unit price', width: 0.08, align: 'right', format: 'rate' },
    { title: 'Colour amount', width: 0.1, align: 'right', format: 'money' },
    { title: 'Total', width: 0.11, align: 'right', format: 'money' },
  ],
  groupColumns: ['Site'],
  keys: [
    { name: 'k1', type: 'text' },
    { name: 'k2', type: 'integer' },
    { name: 'k3', type: 'text' },
  ],
  // The title, four lines, the column titles.
  layout: { linesPerPage: LINES_PER_PAGE, headerLines: 5 + TITLE_LINES, footerLines: 2 },

  lines(values, databaseNames, dialect) {
    const { statement, monoPrice, colourPrice } = pricedUsage(values, databaseNames, dialect);
    const priced = statement.ref('priced');
    const euros = (cents: string) => `${dialect.toDouble(cents)} / 100`;
    const body = unionAll(dialect, LINE_COLUMNS, [
      {
        select: ["'group'", 'site', 'site', 'site', ...Array<null>(9).fill(null), 'site', '0', "''"],
        rest: `FROM ${priced} GROUP BY site`,
      },
      {
        select: [
          "'detail'",
          "''",
          'site',
          'site',
          'serial_number',
          'model',
          'mono_pages',
          monoPrice,
          euros('mono_cents'),
          'colour_pages',
          colourPrice,
          euros('colour_cents'),
          euros('mono_cents + colour_cents'),
          'site',
          '1',
          dialect.concat('serial_number', "'|'", 'device_id'),
        ],
        rest: `FROM ${priced}`,
      },
      {
        select: [
          "'subtotal'",
          'site',
          'site',
          'site',
          null,
          null,
          'sum(mono_pages)',
          null,
          euros('sum(mono_cents)'),
          'sum(colour_pages)',
          null,
          euros('sum(colour_cents)'),
          euros('sum(mono_cents + colour_cents)'),
          'site',
          '2',
          "''",
        ],
        rest: `FROM ${priced} GROUP BY site`,
      },
    ]);
    return { sql: statement.text(body), statement: statement.values };
  },

  summary(values, databaseNames, dialect) {
    const { statement, account } = pricedUsage(values, databaseNames, dialect);
    const accountField = (column: string) => {
      const a = statement.from({ table: 'accounts', alias: 'a', columns: [column] });
      const value = dialect.anyValue(a.col('a', column));
      return `(${a.select([[column, value]], [`${a.col('a', 'database_name')} = ${account}`])})`;
    };
    const euros = (cents: string) => `${dialect.toDouble(`coalesce(sum(${cents}), 0)`)} / 100`;
    const body = `SELECT ${accountField('account_name')} AS account_name,
             ${accountField('customer_name')} AS customer_name, ${accountField('region')} AS region,
             count(device_id) AS devices, coalesce(sum(mono_pages), 0) AS mono, coalesce(sum(colour_pages), 0) AS colour,
             ${euros('mono_cents')} AS mono_amount, ${euros('colour_cents')} AS colour_amount
      FROM ${statement.ref('priced')}`;
    return { sql: statement.text(body), statement: statement.values };
  },

  header(summary, values, _context, sheet) {
    const words = INVOICE_TEXT[sheet.language];
    const month = String(values['Month']);
    const customer = text(summary['customer_name']);
    const price = (value: unknown) => sheet.format(num(value as number), 'rate', INVOICE_CURRENCY);
    return {
      title: fill(words.title, { number: invoiceNumber(String(values['Account']), month) }),
      lines: [
        `${text(summary['account_name'])}${customer === '' ? '' : ` - ${customer}`}`,
        fill(words.period, {
          region: text(summary['region']),
          from: sheet.format(monthStart(month), 'date'),
          to: sheet.format(monthEnd(month), 'date'),
        }),
        fill(words.site, {
          site: values['Site'] === null ? words.allSites : String(values['Site']),
          devices: sheet.plural(words.devices, num(summary['devices'])),
        }),
        fill(words.prices, {
          currency: currencyName(INVOICE_CURRENCY, sheet.locale),
          mono: price(values['MonoPrice']),
          colour: price(values['ColourPrice']),
        }),
      ],
    };
  },

  totals(summary, _values, sheet) {
    const words = INVOICE_TEXT[sheet.language];
    const mono = num(summary['mono_amount']);
    const colour = num(summary['colour_amount']);
    const total = Math.round((mono + colour) * 100) / 100;
    return [
      {
        kind: 'total',
        label: words.total,
        cells: [null, null, num(summary['mono']), null, mono, num(summary['colour']), null, colour, total],
      },
      {
        kind: 'note',
        label: fill(words.amountDue, { amount: sheet.format(total, 'money', INVOICE_CURRENCY) }),
        cells: [],
      },
    ];
  },

  columnTitles: (sheet) => INVOICE_TEXT[sheet.language].columns,

  // A subtotal's label is its site.
  label: (line, sheet) =>
    line.kind === 'subtotal' ? fill(INVOICE_TEXT[sheet.language].subtotal, { site: line.label }) : line.label,
};
