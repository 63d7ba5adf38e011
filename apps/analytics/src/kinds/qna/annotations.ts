/**
 * What Q&A knows about a dataset beyond its model: synonyms of measures and columns, synonyms of values, which
 * columns it matches values of, the calendar to put time phrases on, and sample questions. Keyed by
 * `Table.Column` / `Table.Measure`, so the semantic model itself stays untouched.
 */
import { PRINT_FLEET_DATASET_ID } from '../../models/built-in.ts';

/** `'Devices.Model'`: a column or measure by its table and name. */
export type FieldKey = `${string}.${string}`;

export interface CalendarAnnotation {
  readonly table: string;
  /** The day column relative-date and date-range filters apply to. */
  readonly date: string;
  readonly year: string;
  /** A `YYYY-MM` text column, for "in June 2024". */
  readonly yearMonth?: string;
  readonly monthName?: string;
  readonly quarter?: string;
  /** The first day of the month and of the week: time series over these show whole periods only. */
  readonly month?: string;
  readonly week?: string;
}

export interface QnaAnnotations {
  /** Extra names of columns and measures (the display name is always a name). */
  readonly synonyms: Readonly<Record<FieldKey, readonly string[]>>;
  /** Names of values: `{ 'Devices.Colour or mono': { Colour: ['colour', 'color'] } }`. */
  readonly valueSynonyms: Readonly<Record<FieldKey, Readonly<Record<string, readonly string[]>>>>;
  /** Columns whose values a question may name ("for site Berlin"); default: every visible text column. */
  readonly valueColumns?: readonly FieldKey[];
  /** Columns and measures Q&A does not offer (duplicates of a better one, technical keys). */
  readonly hidden: readonly FieldKey[];
  readonly calendar?: CalendarAnnotation;
  /** The measure "top 5 sites" ranks by when the question names none. */
  readonly defaultMeasure?: FieldKey;
  /** A count measure whose items are rows of a column: "top 5 printers" ranks serial numbers. */
  readonly entities: Readonly<Record<FieldKey, FieldKey>>;
  /** A measure to use instead when a time phrase cannot reach the measure's table ("devices last month"). */
  readonly timedAlternatives: Readonly<Record<FieldKey, FieldKey>>;
  /** Sample questions offered in the question box (only those the interpreter answers are shown). */
  readonly suggestions: readonly string[];
  /** Measures and fields named in the "try …" hint of a question that cannot be answered. */
  readonly hint: { readonly measures: readonly string[]; readonly fields: readonly string[] };
}

const PRINT_FLEET: QnaAnnotations = {
  synonyms: {
    'Meter readings.Total pages': [
      'pages',
      'page count',
      'page volume',
      'volume',
      'print volume',
      'printed pages',
      'prints',
      'printing',
      'usage',
      'output',
      'impressions',
    ],
    'Meter readings.Total mono pages': [
      'mono pages',
      'mono volume',
      'mono prints',
      'monochrome pages',
      'black and white pages',
      'b&w pages',
      'black pages',
    ],
    'Meter readings.Total colour pages': ['colour pages', 'colour volume', 'colour prints', 'coloured pages'],
    'Meter readings.Average daily pages': [
      'average pages',
      'average daily pages',
      'daily average',
      'average page volume',
    ],
    'Meter readings.Busiest day pages': ['busiest day', 'peak pages', 'peak day', 'most pages in a day'],
    'Meter readings.Reporting devices': [
      'reporting devices',
      'active devices',
      'reporting printers',
      'active printers',
    ],
    'Meter readings.Readings': ['meter readings', 'readings'],
    'Meter readings.Colour share': ['colour share', 'colour percentage', 'colour ratio'],
    'Devices.Devices': [
      'devices',
      'printers',
      'machines',
      'device count',
      'printer count',
      'number of devices',
      'number of printers',
      'fleet size',
    ],
    'Devices.Average duty cycle': ['average duty cycle', 'mean duty cycle'],
    'Devices.Model': ['model', 'printer model', 'device model', 'product'],
    'Devices.Manufacturer': ['manufacturer', 'make', 'brand', 'vendor', 'maker'],
    'Devices.Site': ['site', 'office', 'city', 'branch'],
    'Devices.Location': ['location', 'place'],
    'Devices.Serial number': ['serial number', 'serial', 'serial no'],
    'Devices.Colour or mono': [
      'colour or mono',
      'colour mode',
      'mono or colour',
      'print type',
      'device type',
    ],
    'Devices.Monthly duty cycle': ['duty cycle', 'monthly duty cycle', 'rated volume'],
    'Devices.Install date': ['install date', 'installation date', 'installed'],
    'Accounts.Account': ['account', 'customer account'],
    'Accounts.Customer': ['customer', 'client'],
    'Accounts.Region': ['region', 'geography'],
    'Calendar.Year': ['year', 'yearly', 'annual', 'annually', 'per annum'],
    'Calendar.Quarter': ['quarter', 'quarterly'],
    'Calendar.Month': ['month', 'monthly', 'over time', 'trend', 'month by month'],
    'Calendar.Week': ['week', 'weekly'],
    'Calendar.Date': ['day', 'daily', 'date', 'day by day'],
    'Calendar.Day of week': ['day of week', 'weekday', 'day of the week'],
    'Service alerts.Alerts': [
      'alerts',
      'service alerts',
      'incidents',
      'alert count',
      'faults',
      'issues',
      'tickets',
    ],
    'Service alerts.Open alerts': [
      'open alerts',
      'open incidents',
      'unresolved alerts',
      'open issues',
      'open tickets',
    ],
    'Service alerts.Average hours to close': [
      'average hours to close',
      'time to close',
      'resolution time',
      'average resolution time',
      'mean time to repair',
      'mttr',
    ],
    'Service alerts.Longest hours to close': [
      'longest hours to close',
      'longest resolution time',
      'slowest fix',
    ],
    'Service alerts.Devices with alerts': ['devices with alerts', 'printers with alerts', 'affected devices'],
    'Service alerts.Severity': ['severity', 'priority', 'alert severity'],
    'Service alerts.Code': ['code', 'alert code', 'error code', 'alert type'],
    'Service alerts.Status': ['status', 'alert status', 'state'],
    'Service alerts.Description': ['description', 'alert description'],
    'Service alerts.Hours to close': ['hours to close', 'hours to resolve'],
    'Supply levels.Average level': [
      'average level',
      'supply level',
      'toner level',
      'average supply level',
      'level',
    ],
    'Supply levels.Lowest level': ['lowest level', 'minimum level', 'lowest supply level'],
    'Supply levels.Supply': ['supply', 'consumable', 'cartridge'],
    'Supply replacements.Replacements': [
      'replacements',
      'supply replacements',
      'swaps',
      'cartridge replacements',
      'cartridges replaced',
    ],
    'Supply replacements.Average pages per unit': [
      'average pages per unit',
      'yield',
      'average yield',
      'pages per cartridge',
    ],
    'Supply replacements.Supply': ['supply', 'replaced supply'],
  },
  valueSynonyms: {
    'Devices.Colour or mono': {
      Colour: ['colour', 'coloured'],
      Mono: ['mono', 'monochrome', 'black and white', 'b&w'],
    },
    'Service alerts.Status': { Open: ['open', 'unresolved'], Closed: ['closed', 'resolved'] },
    'Service alerts.Severity': {
      critical: ['critical', 'severe'],
      warning: ['warning'],
      info: ['info', 'informational'],
    },
    'Supply levels.Supply': { 'black toner': ['black toner', 'black'], drum: ['drum', 'drums'] },
  },
  valueColumns: [
    'Devices.Model',
    'Devices.Manufacturer',
    'Devices.Site',
    'Devices.Serial number',
    'Devices.Colour or mono',
    'Accounts.Account',
    'Accounts.Customer',
    'Accounts.Region',
    'Service alerts.Severity',
    'Service alerts.Code',
    'Service alerts.Status',
    'Supply levels.Supply',
  ],
  hidden: [
    'Accounts.Database name',
    'Accounts.Time zone',
    'Accounts.Accounts',
    'Devices.Device ID',
    'Devices.Is colour',
    'Devices.In service',
    'Devices.Retired date',
    'Calendar.Year-month',
    'Calendar.Month number',
    'Calendar.Month name',
    'Calendar.Day of week number',
    'Calendar.Is weekend',
    'Calendar.Days',
    'Meter readings.Date',
    'Meter readings.Mono pages',
    'Meter readings.Colour pages',
    'Meter readings.Pages',
    'Meter readings.Lifetime mono',
    'Meter readings.Lifetime colour',
    'Supply levels.Date',
    'Supply levels.Level readings',
    'Supply replacements.Date',
    'Supply replacements.Pages on replaced units',
    'Supply replacements.Pages since last replacement',
    'Service alerts.Alert ID',
    'Service alerts.Opened at',
    'Service alerts.Closed at',
    'Service alerts.Opened date',
    'Service alerts.Is open',
  ],
  calendar: {
    table: 'Calendar',
    date: 'Date',
    year: 'Year',
    yearMonth: 'Year-month',
    monthName: 'Month name',
    month: 'Month',
    week: 'Week',
    quarter: 'Quarter',
  },
  defaultMeasure: 'Meter readings.Total pages',
  entities: {
    'Devices.Devices': 'Devices.Serial number',
    'Meter readings.Reporting devices': 'Devices.Serial number',
  },
  timedAlternatives: { 'Devices.Devices': 'Meter readings.Reporting devices' },
  suggestions: [
    'total pages by month',
    'top 5 models by mono pages',
    'how many colour devices',
    'alerts by severity last 30 days',
    'share of pages by manufacturer',
    'colour pages by site this year',
    'open alerts by site',
    'average supply level by supply',
    'devices by manufacturer and colour mode',
    'which site has the most alerts',
  ],
  hint: { measures: ['total pages', 'alerts', 'devices'], fields: ['model', 'site', 'month'] },
};

const BY_DATASET: Readonly<Record<string, QnaAnnotations>> = { [PRINT_FLEET_DATASET_ID]: PRINT_FLEET };

const NONE: QnaAnnotations = {
  synonyms: {},
  valueSynonyms: {},
  hidden: [],
  entities: {},
  timedAlternatives: {},
  suggestions: [],
  hint: { measures: [], fields: [] },
};

/** The annotations of a dataset; a dataset without any still works on its own names. */
export function annotationsFor(datasetId: string): QnaAnnotations {
  return BY_DATASET[datasetId] ?? NONE;
}
