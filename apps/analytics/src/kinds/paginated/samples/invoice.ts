/**
 * "Monthly page invoice": one account and one month, the mono and colour pages of every device at the given unit
 * prices, grouped by site with subtotals, under a header block and over a total.
 */
import { FLEET_WORKSPACE_ID } from '../../../models/built-in.ts';
import { num, restricted, Statement, text } from '../definition.ts';
import type { PaginatedReport } from '../definition.ts';
import { lastWholeMonth } from '../parameters.ts';
import type { ParameterValues } from '../parameters.ts';
import { LINES_PER_PAGE } from '../pagination.ts';

export const INVOICE_REPORT_ID = '5b0e7c8a-3f4d-4a8e-9c21-7d6f0b1e2a43';

const monthStart = (month: string) => `${month}-01`;
const monthEnd = (month: string) => {
  const [year, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
};

/** The priced usage of each device: the CTE both statements start from. */
function pricedUsage(values: ParameterValues, databaseNames: readonly string[]) {
  const statement = new Statement(databaseNames);
  const account = statement.text(String(values['Account']));
  const start = statement.text(monthStart(String(values['Month'])));
  const site = statement.text(values['Site'] === null ? null : String(values['Site']));
  const mono = statement.number(num(values['MonoPrice'] as number));
  const colour = statement.number(num(values['ColourPrice'] as number));
  const cte = `WITH usage AS (
      SELECT d.site, d.serial_number, d.model, d.device_id,
             sum(m.mono_pages)::BIGINT AS mono, sum(m.colour_pages)::BIGINT AS colour
      FROM ${restricted('meter_readings')} m
      JOIN ${restricted('devices')} d ON d.device_id = m.device_id AND d.database_name = m.database_name
      WHERE m.database_name = ${account}
        AND m.date >= ${start}::DATE AND m.date < ${start}::DATE + INTERVAL 1 MONTH
        AND (${site}::VARCHAR IS NULL OR d.site = ${site}::VARCHAR)
      GROUP BY d.site, d.serial_number, d.model, d.device_id),
    priced AS (
      SELECT *, ${mono}::DECIMAL(12, 5) AS mono_price, ${colour}::DECIMAL(12, 5) AS colour_price,
             round(mono * ${mono}::DECIMAL(12, 5), 2) AS mono_amount,
             round(colour * ${colour}::DECIMAL(12, 5), 2) AS colour_amount
      FROM usage)`;
  return { statement, cte, account };
}

export const INVOICE_REPORT: PaginatedReport = {
  id: INVOICE_REPORT_ID,
  name: 'Monthly page invoice',
  description: "One account's mono and colour pages of a month, per device and site, priced per page.",
  workspaceId: FLEET_WORKSPACE_ID,
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
      prompt: 'Mono price per page',
      type: 'Decimal',
      min: 0,
      max: 10,
      fallback: () => 0.008,
    },
    {
      name: 'ColourPrice',
      prompt: 'Colour price per page',
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
    { name: 'k1', type: 'VARCHAR' },
    { name: 'k2', type: 'INTEGER' },
    { name: 'k3', type: 'VARCHAR' },
  ],
  layout: { linesPerPage: LINES_PER_PAGE, headerLines: 6, footerLines: 2 },

  lines(values, databaseNames) {
    const { statement, cte } = pricedUsage(values, databaseNames);
    const sql = `${cte}
      SELECT 'group' AS kind, site AS label, site AS context, site AS g1,
             NULL::VARCHAR AS c1, NULL::VARCHAR AS c2, NULL::BIGINT AS c3, NULL::DECIMAL(12, 5) AS c4,
             NULL::DECIMAL(18, 2) AS c5, NULL::BIGINT AS c6, NULL::DECIMAL(12, 5) AS c7, NULL::DECIMAL(18, 2) AS c8,
             NULL::DECIMAL(18, 2) AS c9, site AS k1, 0 AS k2, '' AS k3
      FROM priced GROUP BY site
      UNION ALL
      SELECT 'detail', '', site, site, serial_number, model, mono, mono_price, mono_amount, colour, colour_price,
             colour_amount, mono_amount + colour_amount, site, 1, serial_number || '|' || device_id
      FROM priced
      UNION ALL
      SELECT 'subtotal', 'Subtotal ' || site, site, site, NULL, NULL, sum(mono)::BIGINT, NULL, sum(mono_amount),
             sum(colour)::BIGINT, NULL, sum(colour_amount), sum(mono_amount + colour_amount), site, 2, ''
      FROM priced GROUP BY site`;
    return { sql, statement };
  },

  summary(values, databaseNames) {
    const { statement, cte, account } = pricedUsage(values, databaseNames);
    const sql = `${cte}
      SELECT any_value(a.account_name) AS account_name, any_value(a.customer_name) AS customer_name,
             any_value(a.region) AS region, count(p.device_id) AS devices,
             coalesce(sum(p.mono), 0)::BIGINT AS mono, coalesce(sum(p.colour), 0)::BIGINT AS colour,
             coalesce(sum(p.mono_amount), 0) AS mono_amount, coalesce(sum(p.colour_amount), 0) AS colour_amount
      FROM ${restricted('accounts')} a LEFT JOIN priced p ON true
      WHERE a.database_name = ${account}`;
    return { sql, statement };
  },

  header(summary, values) {
    const month = String(values['Month']);
    const customer = text(summary['customer_name']);
    const price = (value: unknown) => num(value as number).toFixed(4);
    return {
      title: `Invoice INV-${String(values['Account']).toUpperCase()}-${month.replace('-', '')}`,
      lines: [
        `${text(summary['account_name'])}${customer === '' ? '' : ` - ${customer}`}`,
        `Region ${text(summary['region'])} - billing period ${monthStart(month)} to ${monthEnd(month)}`,
        `Site: ${values['Site'] === null ? 'all sites' : String(values['Site'])} - ${num(summary['devices'])} devices billed`,
        `Unit prices per page: mono ${price(values['MonoPrice'])}, colour ${price(values['ColourPrice'])}`,
        '',
      ],
    };
  },

  totals(summary) {
    const mono = num(summary['mono_amount']);
    const colour = num(summary['colour_amount']);
    const total = Math.round((mono + colour) * 100) / 100;
    return [
      {
        kind: 'total',
        label: 'Total',
        cells: [null, null, num(summary['mono']), null, mono, num(summary['colour']), null, colour, total],
      },
      { kind: 'note', label: `Amount due: ${total.toFixed(2)}`, cells: [] },
    ];
  },
};
