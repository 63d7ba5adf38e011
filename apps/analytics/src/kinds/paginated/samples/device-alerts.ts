/**
 * "Device alerts by site": the devices of one or more accounts with the service alerts opened on them in a date
 * range, grouped by account and site, each device heading its alerts; filtered by site, severity and status. An
 * alert is named by its description ("Alert"); a caption too wide for its column continues on the lines under its
 * alert (`continuation`). The alert's code is the CSV's alone (`csvOnly`).
 */
import { FLEET_WORKSPACE_ID, PRINT_FLEET_DATASET_ID } from '../../../models/built-in.ts';
import type { Dialect } from '../../../query/dialect.ts';
import { num } from '../definition.ts';
import type { PaginatedReport } from '../definition.ts';
import { ReportStatement, unionAll } from '../sql.ts';
import type { UnionColumn } from '../sql.ts';
import { LINES_PER_PAGE, TITLE_LINES } from '../pagination.ts';
import { fill } from '../sheet.ts';
import { DEVICE_ALERTS_TEXT } from './device-alerts-text.ts';
import { addDays } from '../parameters.ts';
import type { ParameterValues } from '../parameters.ts';

export const DEVICE_ALERTS_REPORT_ID = '9a4d2f61-8c3e-4b7a-a5d0-2e6f1c8b9d57';

/** The severities in their natural order (labelled by the model's captions, the `values` link). */
const SEVERITIES = [
  { value: 'critical', label: 'Critical' },
  { value: 'warning', label: 'Warning' },
  { value: 'info', label: 'Info' },
] as const;
const SEVERITY_VALUES = { table: 'Service alerts', column: 'Severity' } as const;

/** A site subtotal's label in the line stream: "alerts devices site" (the sheet words it in its language). */
const SUBTOTAL_LABEL = /^(\d+) (\d+) (.*)$/s;

const list = (value: ParameterValues[string] | undefined): string[] =>
  Array.isArray(value) ? [...(value as string[])] : typeof value === 'string' ? [value] : [];

/** The alerts in range with their devices and accounts, named `x` for both statements. */
function alertsInRange(values: ParameterValues, databaseNames: readonly string[], dialect: Dialect) {
  const statement = new ReportStatement(dialect, databaseNames);
  const deviceColumns = ['database_name', 'site', 'serial_number', 'model', 'location', 'device_id'] as const;
  const alertColumns = [
    'alert_id',
    'code',
    'severity',
    'description',
    'status',
    'opened_at',
    'closed_at',
    'hours_to_close',
  ] as const;
  // The alerts in range with their devices, joined and filtered where the alerts are (on a ClickHouse cluster, on
  // each shard: one join, as 18.16 takes); the account names are joined to what that sends back.
  const from = statement.from(
    { table: 'service_alerts', alias: 'al', columns: [...alertColumns, 'opened_date'] },
    [{ table: 'devices', alias: 'd', columns: deviceColumns, to: 'al', on: [['device_id', 'device_id']] }],
  );
  const al = (column: string) => from.col('al', column);
  const d = (column: string) => from.col('d', column);
  const where = [
    statement.in(al('database_name'), list(values['Accounts'])),
    `${al('opened_date')} >= ${statement.date(String(values['From']))}`,
    `${al('opened_date')} <= ${statement.date(String(values['To']))}`,
    ...(values['Site'] === null ? [] : [`${d('site')} = ${statement.value(String(values['Site']))}`]),
    statement.in(al('severity'), list(values['Severity'])),
    ...(values['Status'] === 'All' ? [] : [`${al('status')} = ${statement.value(String(values['Status']))}`]),
  ];
  statement.define(
    'alerts',
    from.select(
      [
        ...deviceColumns.map((c): [string, string] => [c, d(c)]),
        ...alertColumns.map((c): [string, string] => [c, al(c)]),
      ],
      where,
    ),
  );
  const named = statement.from({ named: 'alerts' }, [
    { table: 'accounts', alias: 'acc', columns: ['account_name'], to: 'alerts', on: [] },
  ]);
  statement.define(
    'x',
    named.select([
      ['account_name', named.col('acc', 'account_name')],
      ...[...deviceColumns, ...alertColumns].map((c): [string, string] => [c, named.col('alerts', c)]),
    ]),
  );
  return statement;
}

const text = (name: string, nullable = false): UnionColumn => ({ name, type: 'text', nullable });
const integer = (name: string): UnionColumn => ({ name, type: 'integer', nullable: false });
const LINE_COLUMNS: readonly UnionColumn[] = [
  text('kind'),
  text('label'),
  text('context'),
  text('g1'),
  text('g2'),
  text('g3', true),
  text('g4', true),
  text('g5', true),
  { name: 'c1', type: 'timestamp', nullable: true },
  text('c2', true),
  text('c3', true),
  text('c4', true),
  text('c5', true),
  { name: 'c6', type: 'timestamp', nullable: true },
  { name: 'c7', type: 'double', nullable: true },
  text('k1'),
  text('k2'),
  text('k3'),
  integer('k4'),
  text('k5'),
  integer('k6'),
  text('k7'),
  text('k8'),
  integer('k9'),
];

/** The line stream's expression of each column's cell on a detail line, in `columns`' order. */
const DETAIL_CELLS = [
  'opened_at',
  'code',
  'severity',
  'description',
  'status',
  'closed_at',
  'hours_to_close',
];

export const DEVICE_ALERTS_REPORT: PaginatedReport = {
  id: DEVICE_ALERTS_REPORT_ID,
  name: 'Device alerts by site',
  description: 'The devices with the service alerts opened on them in a period, grouped by account and site.',
  workspaceId: FLEET_WORKSPACE_ID,
  datasetId: PRINT_FLEET_DATASET_ID,
  parameters: [
    {
      name: 'Accounts',
      prompt: 'Accounts',
      type: 'String',
      multiValue: true,
      choices: 'accounts',
      fallback: (context) => context.accounts.map((a) => a.databaseName),
    },
    {
      name: 'From',
      prompt: 'Opened from',
      type: 'Date',
      fallback: (context) => {
        const start = addDays(context.lastDate, -89);
        return start < context.firstDate ? context.firstDate : start;
      },
    },
    {
      name: 'To',
      prompt: 'Opened to',
      type: 'Date',
      fallback: (context) => context.lastDate,
      check: (value, before) =>
        String(value) < String(before['From']) ? `${String(value)} is before From.` : undefined,
    },
    {
      name: 'Site',
      prompt: 'Site',
      type: 'String',
      nullable: true,
      allLabel: 'All sites',
      choices: 'sites',
      accountParameter: 'Accounts',
      fallback: () => null,
    },
    {
      name: 'Severity',
      prompt: 'Severity',
      type: 'String',
      multiValue: true,
      choices: SEVERITIES,
      values: SEVERITY_VALUES,
      fallback: () => SEVERITIES.map((s) => s.value),
    },
    {
      name: 'Status',
      prompt: 'Status',
      type: 'String',
      choices: [
        { value: 'All', label: 'Open and closed' },
        { value: 'Open', label: 'Open' },
        { value: 'Closed', label: 'Closed' },
      ],
      fallback: () => 'All',
    },
  ],
  columns: [
    { title: 'Opened (UTC)', width: 0.13, align: 'left', format: 'datetime' },
    // The raw code (PAPER_JAM) for the CSV's programs and spreadsheets; the sheet names the alert once, by its
    // description ("Alert"): the code's caption ("Paper jam") repeated it on most lines.
    { title: 'Code', width: 0, align: 'left', format: 'text', csvOnly: true },
    {
      title: 'Severity',
      width: 0.14,
      align: 'left',
      format: 'text',
      values: SEVERITY_VALUES,
    },
    // "Alert" on the sheet; the CSV keeps the stable name it has always had.
    {
      title: 'Description',
      width: 0.43,
      align: 'left',
      format: 'text',
      values: { table: 'Service alerts', column: 'Description' },
      wrap: true,
    },
    {
      title: 'Status',
      width: 0.1,
      align: 'left',
      format: 'text',
      values: { table: 'Service alerts', column: 'Status' },
    },
    { title: 'Closed (UTC)', width: 0.13, align: 'left', format: 'datetime' },
    { title: 'Hours', width: 0.07, align: 'right', format: 'hours' },
  ],
  groupColumns: ['Account', 'Site', 'Serial number', 'Model', 'Location'],
  keys: [
    { name: 'k1', type: 'text' },
    { name: 'k2', type: 'text' },
    { name: 'k3', type: 'text' },
    { name: 'k4', type: 'integer' },
    { name: 'k5', type: 'text' },
    { name: 'k6', type: 'integer' },
    { name: 'k7', type: 'text' },
    { name: 'k8', type: 'text' },
    { name: 'k9', type: 'integer' },
  ],
  // The title, three lines, the column titles.
  layout: { linesPerPage: LINES_PER_PAGE, headerLines: 4 + TITLE_LINES, footerLines: 2 },

  lines(values, databaseNames, dialect, wraps) {
    const statement = alertsInRange(values, databaseNames, dialect);
    const x = statement.ref('x');
    const group = dialect.concat('account_name', "' - '", 'site');
    const device = dialect.concat('serial_number', "'  '", 'model', "'  ('", 'location', "')'");
    const deviceKey = dialect.concat('serial_number', "'|'", 'device_id');
    const devicePath = dialect.concat(group, "' > '", 'serial_number');
    const nulls = (count: number) => Array<null>(count).fill(null);
    /** A detail or continuation line's path, account, site and device: the cells before the alert's own. */
    const deviceCells = [devicePath, 'account_name', 'site', 'serial_number', 'model', 'location'];
    const detailKeys = [
      'account_name',
      'database_name',
      'site',
      '1',
      deviceKey,
      '1',
      dialect.text('opened_at'),
      'alert_id',
    ];
    // Continuation line k after each detail line with a wrapping caption longer than k lines: its label is k, its
    // wrapping cells the raw values (the run shows their k-th line), sorted right after the detail line (k9).
    const deepest = Math.max(0, ...[...(wraps?.values() ?? [])].map((over) => over.length));
    // The cells of the columns that wrap (`wrap: true`: the description); null in the others.
    const wrapping = DETAIL_CELLS.map((expr, i) =>
      DEVICE_ALERTS_REPORT.columns[i]?.wrap === true ? expr : null,
    );
    const continuations = Array.from({ length: deepest }, (_, k) => {
      const needs = wrapping.flatMap((expr, i) =>
        expr === null ? [] : [statement.in(expr, wraps?.get(i)?.[k] ?? [])],
      );
      return {
        select: ["'continuation'", `'${k + 1}'`, ...deviceCells, ...wrapping, ...detailKeys, String(k + 1)],
        rest: `FROM ${x} WHERE ${needs.join(' OR ')}`,
      };
    });
    const body = unionAll(dialect, LINE_COLUMNS, [
      {
        select: [
          "'group'",
          group,
          group,
          'account_name',
          'site',
          ...nulls(10),
          ...['account_name', 'database_name', 'site', '0', "''", '0', "''", "''", '0'],
        ],
        rest: `FROM ${x} GROUP BY account_name, database_name, site`,
      },
      {
        select: [
          "'subgroup'",
          dialect.anyValue(device),
          dialect.anyValue(devicePath),
          'account_name',
          'site',
          'serial_number',
          dialect.anyValue('model'),
          dialect.anyValue('location'),
          ...nulls(7),
          ...['account_name', 'database_name', 'site', '1', deviceKey, '0', "''", "''", '0'],
        ],
        rest: `FROM ${x} GROUP BY account_name, database_name, site, serial_number, device_id`,
      },
      {
        select: ["'detail'", "''", ...deviceCells, ...DETAIL_CELLS, ...detailKeys, '0'],
        rest: `FROM ${x}`,
      },
      ...continuations,
      {
        select: [
          "'subtotal'",
          dialect.concat(
            dialect.text('count(*)'),
            "' '",
            dialect.text(dialect.aggregate('distinctCount', 'device_id')),
            "' '",
            'site',
          ),
          group,
          'account_name',
          'site',
          ...nulls(10),
          ...['account_name', 'database_name', 'site', '2', "''", '0', "''", "''", '0'],
        ],
        rest: `FROM ${x} GROUP BY account_name, database_name, site`,
      },
    ]);
    return { sql: statement.text(body), statement: statement.values };
  },

  summary(values, databaseNames, dialect) {
    const statement = alertsInRange(values, databaseNames, dialect);
    const body = `SELECT count(*) AS alerts, ${dialect.aggregate('distinctCount', 'device_id')} AS devices,
             ${dialect.countIf("severity = 'critical'")} AS critical,
             ${dialect.countIf("severity = 'warning'")} AS warning,
             ${dialect.countIf("severity = 'info'")} AS info,
             ${dialect.countIf("status = 'Open'")} AS open
      FROM ${statement.ref('x')}`;
    return { sql: statement.text(body), statement: statement.values };
  },

  header(_summary, values, context, sheet) {
    const words = DEVICE_ALERTS_TEXT[sheet.language];
    const chosen = new Set(list(values['Accounts']));
    const names = context.accounts.filter((a) => chosen.has(a.databaseName)).map((a) => a.name);
    const severities = SEVERITIES.filter((s) => list(values['Severity']).includes(s.value)).map((s) =>
      sheet.choice('Severity', s.value),
    );
    return {
      title: words.title,
      lines: [
        fill(words.accounts, { accounts: names.join(', ') }),
        fill(words.opened, {
          from: sheet.format(String(values['From']), 'date'),
          to: sheet.format(String(values['To']), 'date'),
          site: values['Site'] === null ? words.allSites : String(values['Site']),
        }),
        fill(words.filters, {
          severities: severities.join(', '),
          status: sheet.choice('Status', String(values['Status'])),
        }),
      ],
    };
  },

  totals(summary, _values, sheet) {
    const words = DEVICE_ALERTS_TEXT[sheet.language];
    return [
      {
        kind: 'total',
        label: fill(words.total, {
          alerts: sheet.plural(words.alerts, num(summary['alerts'])),
          devices: sheet.plural(words.devices, num(summary['devices'])),
        }),
        cells: [],
      },
      {
        kind: 'note',
        label: fill(words.bySeverity, {
          critical: sheet.number(num(summary['critical'])),
          warning: sheet.number(num(summary['warning'])),
          info: sheet.number(num(summary['info'])),
          open: sheet.number(num(summary['open'])),
        }),
        cells: [],
      },
    ];
  },

  columnTitles: (sheet) => DEVICE_ALERTS_TEXT[sheet.language].columns,

  label(line, sheet) {
    const counts = line.kind === 'subtotal' ? SUBTOTAL_LABEL.exec(line.label) : null;
    if (counts === null) return line.label;
    const words = DEVICE_ALERTS_TEXT[sheet.language];
    return fill(words.subtotal, {
      alerts: sheet.plural(words.alerts, Number(counts[1])),
      devices: sheet.plural(words.devices, Number(counts[2])),
      site: counts[3] ?? '',
    });
  },
};
