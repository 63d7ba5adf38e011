/**
 * The "Print fleet" semantic model over the fleet tables: what visuals and filters may name, and the only source of
 * the identifiers the query layer writes into SQL.
 */
import type { Dataset, DataType, ModelColumn, ModelMeasure } from '@portico/analytics-model';

export const FLEET_WORKSPACE_ID = 'fa8dbfbf-2e19-46f7-8218-4e0182da0407';
export const PRINT_FLEET_DATASET_ID = '48c27e37-dbbd-4a5c-a6fc-79023eff1af4';

const column = (
  name: string,
  source: string,
  dataType: DataType,
  extra: Partial<Pick<ModelColumn, 'displayName' | 'format' | 'description' | 'isHidden' | 'sortBy'>> = {},
): ModelColumn => ({ name, displayName: extra.displayName ?? name, source, dataType, ...extra });

const measure = (
  name: string,
  aggregation: 'sum' | 'avg' | 'count' | 'distinctCount' | 'min' | 'max',
  columnName: string,
  format: string,
  description?: string,
): ModelMeasure => ({
  name,
  displayName: name,
  aggregation,
  column: columnName,
  format,
  ...(description === undefined ? {} : { description }),
});

const databaseName = column('Database name', 'database_name', 'string', {
  description: 'The customer account the row belongs to.',
});
const deviceId = column('Device ID', 'device_id', 'string', { isHidden: true });

export const PRINT_FLEET_DATASET: Dataset = {
  id: PRINT_FLEET_DATASET_ID,
  workspaceId: FLEET_WORKSPACE_ID,
  name: 'Print fleet',
  description: 'Printers, their daily page counts, supplies and service alerts, per customer account.',
  tables: [
    {
      name: 'Accounts',
      displayName: 'Accounts',
      source: 'accounts',
      columns: [
        databaseName,
        column('Account', 'account_name', 'string'),
        column('Customer', 'customer_name', 'string'),
        column('Region', 'region', 'string'),
        column('Time zone', 'time_zone', 'string'),
      ],
      measures: [measure('Accounts', 'distinctCount', 'Database name', '#,0')],
      hierarchies: [],
    },
    {
      name: 'Devices',
      displayName: 'Devices',
      source: 'devices',
      columns: [
        { ...databaseName, isHidden: true },
        column('Device ID', 'device_id', 'string'),
        column('Serial number', 'serial_number', 'string'),
        column('Model', 'model', 'string'),
        column('Manufacturer', 'manufacturer', 'string'),
        column('Is colour', 'is_colour', 'boolean'),
        column('Colour or mono', 'colour_mode', 'string'),
        column('Location', 'location', 'string'),
        column('Site', 'site', 'string'),
        column('Install date', 'install_date', 'date', { format: 'yyyy-MM-dd' }),
        column('Retired date', 'retired_date', 'date', { format: 'yyyy-MM-dd' }),
        column('In service', 'in_service', 'boolean'),
        column('Monthly duty cycle', 'monthly_duty_cycle', 'integer', { format: '#,0' }),
      ],
      measures: [
        measure('Devices', 'distinctCount', 'Device ID', '#,0', 'Printers in the selection.'),
        measure('Average duty cycle', 'avg', 'Monthly duty cycle', '#,0'),
      ],
      hierarchies: [
        {
          name: 'Fleet',
          levels: [
            { name: 'Manufacturer', column: 'Manufacturer' },
            { name: 'Model', column: 'Model' },
            { name: 'Serial number', column: 'Serial number' },
          ],
        },
        {
          name: 'Place',
          levels: [
            { name: 'Site', column: 'Site' },
            { name: 'Location', column: 'Location' },
          ],
        },
      ],
    },
    {
      name: 'Calendar',
      displayName: 'Calendar',
      source: 'calendar',
      columns: [
        { ...databaseName, isHidden: true },
        column('Date', 'date', 'date', { format: 'd MMM yyyy' }),
        column('Year', 'year', 'integer', { format: '0' }),
        column('Quarter', 'quarter', 'string'),
        column('Month number', 'month_number', 'integer'),
        column('Month name', 'month_name', 'string', { sortBy: 'Month number' }),
        column('Month', 'month_start', 'date', {
          format: 'MMM yyyy',
          description: 'First day of the month.',
        }),
        column('Year-month', 'year_month', 'string'),
        column('Week', 'week_start', 'date', {
          format: 'd MMM yyyy',
          description: 'Sunday starting the week.',
        }),
        column('Day of week', 'day_of_week', 'string', { sortBy: 'Day of week number' }),
        column('Day of week number', 'day_of_week_number', 'integer', { description: 'Monday is 1.' }),
        column('Is weekend', 'is_weekend', 'boolean'),
      ],
      measures: [measure('Days', 'count', 'Date', '#,0')],
      hierarchies: [
        {
          name: 'Date hierarchy',
          levels: [
            { name: 'Year', column: 'Year' },
            { name: 'Quarter', column: 'Quarter' },
            { name: 'Month', column: 'Month' },
            { name: 'Day', column: 'Date' },
          ],
        },
      ],
    },
    {
      name: 'Meter readings',
      displayName: 'Meter readings',
      source: 'meter_readings',
      columns: [
        { ...databaseName, isHidden: true },
        deviceId,
        column('Date', 'date', 'date', { format: 'yyyy-MM-dd' }),
        column('Mono pages', 'mono_pages', 'integer', { format: '#,0' }),
        column('Colour pages', 'colour_pages', 'integer', { format: '#,0' }),
        column('Pages', 'total_pages', 'integer', { format: '#,0', description: 'Mono plus colour pages.' }),
        column('Lifetime mono', 'lifetime_mono', 'integer', { format: '#,0' }),
        column('Lifetime colour', 'lifetime_colour', 'integer', { format: '#,0' }),
      ],
      measures: [
        measure('Total pages', 'sum', 'Pages', '#,0'),
        measure('Total mono pages', 'sum', 'Mono pages', '#,0'),
        measure('Total colour pages', 'sum', 'Colour pages', '#,0'),
        measure('Average daily pages', 'avg', 'Pages', '#,0.0', 'Pages per device and day.'),
        measure('Busiest day pages', 'max', 'Pages', '#,0'),
        measure('Reporting devices', 'distinctCount', 'Device ID', '#,0'),
        measure('Readings', 'count', 'Date', '#,0'),
        {
          name: 'Colour share',
          displayName: 'Colour share',
          ratio: { numerator: 'Total colour pages', denominator: 'Total pages' },
          format: '0.0%',
        },
      ],
      hierarchies: [],
    },
    {
      name: 'Supply levels',
      displayName: 'Supply levels',
      source: 'supply_levels',
      columns: [
        { ...databaseName, isHidden: true },
        deviceId,
        column('Date', 'date', 'date', { format: 'yyyy-MM-dd' }),
        column('Supply', 'supply', 'string'),
        column('Level %', 'level_percent', 'integer', { format: '0"%"' }),
      ],
      measures: [
        measure('Average level', 'avg', 'Level %', '0.0"%"'),
        measure('Lowest level', 'min', 'Level %', '0"%"'),
        measure('Level readings', 'count', 'Level %', '#,0'),
      ],
      hierarchies: [],
    },
    {
      name: 'Supply replacements',
      displayName: 'Supply replacements',
      source: 'supply_replacements',
      columns: [
        { ...databaseName, isHidden: true },
        deviceId,
        column('Date', 'date', 'date', { format: 'yyyy-MM-dd' }),
        column('Supply', 'supply', 'string'),
        column('Pages since last replacement', 'pages_since_last_replacement', 'integer', { format: '#,0' }),
      ],
      measures: [
        measure('Replacements', 'count', 'Date', '#,0'),
        measure('Average pages per unit', 'avg', 'Pages since last replacement', '#,0'),
        measure('Pages on replaced units', 'sum', 'Pages since last replacement', '#,0'),
      ],
      hierarchies: [],
    },
    {
      name: 'Service alerts',
      displayName: 'Service alerts',
      source: 'service_alerts',
      columns: [
        { ...databaseName, isHidden: true },
        column('Alert ID', 'alert_id', 'string'),
        deviceId,
        column('Code', 'code', 'string'),
        column('Severity', 'severity', 'string'),
        column('Description', 'description', 'string'),
        column('Opened at', 'opened_at', 'dateTime', { format: 'yyyy-MM-dd HH:mm' }),
        column('Closed at', 'closed_at', 'dateTime', { format: 'yyyy-MM-dd HH:mm' }),
        column('Opened date', 'opened_date', 'date', { format: 'yyyy-MM-dd' }),
        column('Status', 'status', 'string'),
        column('Is open', 'open_count', 'integer', { isHidden: true, description: '1 while open, else 0.' }),
        column('Hours to close', 'hours_to_close', 'decimal', { format: '#,0.0' }),
      ],
      measures: [
        measure('Alerts', 'count', 'Alert ID', '#,0'),
        measure('Open alerts', 'sum', 'Is open', '#,0'),
        measure('Average hours to close', 'avg', 'Hours to close', '#,0.0'),
        measure('Longest hours to close', 'max', 'Hours to close', '#,0.0'),
        measure('Devices with alerts', 'distinctCount', 'Device ID', '#,0'),
      ],
      hierarchies: [],
    },
  ],
  relationships: [
    {
      from: { table: 'Devices', column: 'Database name' },
      to: { table: 'Accounts', column: 'Database name' },
    },
    { from: { table: 'Meter readings', column: 'Device ID' }, to: { table: 'Devices', column: 'Device ID' } },
    { from: { table: 'Meter readings', column: 'Date' }, to: { table: 'Calendar', column: 'Date' } },
    { from: { table: 'Supply levels', column: 'Device ID' }, to: { table: 'Devices', column: 'Device ID' } },
    { from: { table: 'Supply levels', column: 'Date' }, to: { table: 'Calendar', column: 'Date' } },
    {
      from: { table: 'Supply replacements', column: 'Device ID' },
      to: { table: 'Devices', column: 'Device ID' },
    },
    { from: { table: 'Supply replacements', column: 'Date' }, to: { table: 'Calendar', column: 'Date' } },
    { from: { table: 'Service alerts', column: 'Device ID' }, to: { table: 'Devices', column: 'Device ID' } },
    { from: { table: 'Service alerts', column: 'Opened date' }, to: { table: 'Calendar', column: 'Date' } },
  ],
};
