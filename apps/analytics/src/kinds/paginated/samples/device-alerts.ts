/**
 * "Device alerts by site": the devices of one or more accounts with the service alerts opened on them in a date
 * range, grouped by account and site, each device heading its alerts; filtered by site, severity and status.
 */
import { FLEET_WORKSPACE_ID } from '../../../models/built-in.ts';
import { num, restricted, Statement } from '../definition.ts';
import type { PaginatedReport } from '../definition.ts';
import { LINES_PER_PAGE } from '../pagination.ts';
import { addDays } from '../parameters.ts';
import type { ParameterValues } from '../parameters.ts';

export const DEVICE_ALERTS_REPORT_ID = '9a4d2f61-8c3e-4b7a-a5d0-2e6f1c8b9d57';

const SEVERITIES = [
  { value: 'critical', label: 'Critical' },
  { value: 'warning', label: 'Warning' },
  { value: 'info', label: 'Information' },
] as const;

/** SQL for "1 alert" / "3 alerts". */
const plural = (count: string, noun: string) =>
  `${count} || CASE WHEN ${count} = 1 THEN ' ${noun}' ELSE ' ${noun}s' END`;
const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

const list = (value: ParameterValues[string] | undefined): string[] =>
  Array.isArray(value) ? [...(value as string[])] : typeof value === 'string' ? [value] : [];

/** The alerts in range with their devices and accounts: the CTE both statements start from. */
function alertsInRange(values: ParameterValues, databaseNames: readonly string[]) {
  const statement = new Statement(databaseNames);
  const accounts = statement.texts(list(values['Accounts']));
  const from = statement.text(String(values['From']));
  const to = statement.text(String(values['To']));
  const site = statement.text(values['Site'] === null ? null : String(values['Site']));
  const severities = statement.texts(list(values['Severity']));
  const status = statement.text(String(values['Status']));
  const cte = `WITH x AS (
      SELECT acc.account_name, d.database_name, d.site, d.serial_number, d.model, d.location, d.device_id,
             al.alert_id, al.code, al.severity, al.description, al.status, al.opened_at, al.closed_at,
             al.hours_to_close
      FROM ${restricted('service_alerts')} al
      JOIN ${restricted('devices')} d ON d.device_id = al.device_id AND d.database_name = al.database_name
      JOIN ${restricted('accounts')} acc ON acc.database_name = d.database_name
      WHERE list_contains(${accounts}, al.database_name)
        AND al.opened_date BETWEEN ${from}::DATE AND ${to}::DATE
        AND (${site}::VARCHAR IS NULL OR d.site = ${site}::VARCHAR)
        AND list_contains(${severities}, al.severity)
        AND (${status} = 'All' OR al.status = ${status}))`;
  return { statement, cte };
}

export const DEVICE_ALERTS_REPORT: PaginatedReport = {
  id: DEVICE_ALERTS_REPORT_ID,
  name: 'Device alerts by site',
  description: 'The devices with the service alerts opened on them in a period, grouped by account and site.',
  workspaceId: FLEET_WORKSPACE_ID,
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
    { title: 'Opened (UTC)', width: 0.15, align: 'left', format: 'datetime' },
    { title: 'Code', width: 0.14, align: 'left', format: 'text' },
    { title: 'Severity', width: 0.08, align: 'left', format: 'text' },
    { title: 'Description', width: 0.3, align: 'left', format: 'text' },
    { title: 'Status', width: 0.06, align: 'left', format: 'text' },
    { title: 'Closed (UTC)', width: 0.15, align: 'left', format: 'datetime' },
    { title: 'Hours', width: 0.12, align: 'right', format: 'hours' },
  ],
  groupColumns: ['Account', 'Site', 'Serial number', 'Model', 'Location'],
  keys: [
    { name: 'k1', type: 'VARCHAR' },
    { name: 'k2', type: 'VARCHAR' },
    { name: 'k3', type: 'VARCHAR' },
    { name: 'k4', type: 'INTEGER' },
    { name: 'k5', type: 'VARCHAR' },
    { name: 'k6', type: 'INTEGER' },
    { name: 'k7', type: 'VARCHAR' },
    { name: 'k8', type: 'VARCHAR' },
  ],
  layout: { linesPerPage: LINES_PER_PAGE, headerLines: 5, footerLines: 2 },

  lines(values, databaseNames) {
    const { statement, cte } = alertsInRange(values, databaseNames);
    const group = `account_name || ' - ' || site`;
    const device = `serial_number || '  ' || model || '  (' || location || ')'`;
    const sql = `${cte}
      SELECT 'group' AS kind, ${group} AS label, ${group} AS context,
             account_name AS g1, site AS g2, NULL::VARCHAR AS g3, NULL::VARCHAR AS g4, NULL::VARCHAR AS g5,
             NULL::TIMESTAMP AS c1, NULL::VARCHAR AS c2, NULL::VARCHAR AS c3, NULL::VARCHAR AS c4,
             NULL::VARCHAR AS c5, NULL::TIMESTAMP AS c6, NULL::DOUBLE AS c7,
             account_name AS k1, database_name AS k2, site AS k3, 0 AS k4, '' AS k5, 0 AS k6, '' AS k7, '' AS k8
      FROM x GROUP BY account_name, database_name, site
      UNION ALL
      SELECT 'subgroup', any_value(${device}), any_value(${group} || ' > ' || serial_number),
             account_name, site, serial_number, any_value(model), any_value(location),
             NULL, NULL, NULL, NULL, NULL, NULL, NULL,
             account_name, database_name, site, 1, serial_number || '|' || device_id, 0, '', ''
      FROM x GROUP BY account_name, database_name, site, serial_number, device_id
      UNION ALL
      SELECT 'detail', '', ${group} || ' > ' || serial_number,
             account_name, site, serial_number, model, location,
             opened_at, code, severity, description, status, closed_at, hours_to_close,
             account_name, database_name, site, 1, serial_number || '|' || device_id, 1,
             strftime(opened_at, '%Y-%m-%d %H:%M:%S'), alert_id
      FROM x
      UNION ALL
      SELECT 'subtotal', ${plural('count(*)', 'alert')} || ' on ' || ${plural('count(DISTINCT device_id)', 'device')}
               || ' at ' || site, ${group},
             account_name, site, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
             account_name, database_name, site, 2, '', 0, '', ''
      FROM x GROUP BY account_name, database_name, site`;
    return { sql, statement };
  },

  summary(values, databaseNames) {
    const { statement, cte } = alertsInRange(values, databaseNames);
    const sql = `${cte}
      SELECT count(*) AS alerts, count(DISTINCT device_id) AS devices,
             count(*) FILTER (WHERE severity = 'critical') AS critical,
             count(*) FILTER (WHERE severity = 'warning') AS warning,
             count(*) FILTER (WHERE severity = 'info') AS info,
             count(*) FILTER (WHERE status = 'Open') AS open
      FROM x`;
    return { sql, statement };
  },

  header(_summary, values, context) {
    const chosen = new Set(list(values['Accounts']));
    const names = context.accounts.filter((a) => chosen.has(a.databaseName)).map((a) => a.name);
    const severities = SEVERITIES.filter((s) => list(values['Severity']).includes(s.value)).map(
      (s) => s.label,
    );
    return {
      title: 'Device alerts by site',
      lines: [
        `Accounts: ${names.join(', ')}`,
        `Alerts opened ${String(values['From'])} to ${String(values['To'])} - site: ${
          values['Site'] === null ? 'all sites' : String(values['Site'])
        }`,
        `Severity: ${severities.join(', ')} - status: ${String(values['Status']).toLowerCase()}`,
        '',
      ],
    };
  },

  totals(summary) {
    return [
      {
        kind: 'total',
        label: `Total: ${counted(num(summary['alerts']), 'alert')} on ${counted(num(summary['devices']), 'device')}`,
        cells: [],
      },
      {
        kind: 'note',
        label: `Critical ${num(summary['critical'])} - warning ${num(summary['warning'])} - information ${num(
          summary['info'],
        )} - still open ${num(summary['open'])}`,
        cells: [],
      },
    ];
  },
};
