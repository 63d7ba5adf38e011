/**
 * Reads a quick-create `datasetCreateConfig` into typed tables, or refuses it with a reason and the place. First the
 * SDK's own rules (spec §5, through @portico/models' validator, so the messages are the SDK's word for word), then
 * what the service needs: known data types, rows shaped like their schema, values of their column's type, and
 * bounded sizes.
 */
import { validateDatasetCreateConfig } from '@portico/models';
import type { DataType } from '@portico/analytics-model';

/** Sizes a quick-create dataset may have. */
export const QUICK_CREATE_LIMITS = {
  tables: 10,
  columnsPerTable: 100,
  rows: 50_000,
  cells: 500_000,
  cellLength: 4_000,
  nameLength: 100,
} as const;

export type Cell = string | number | boolean | null;

export interface ParsedColumn {
  readonly name: string;
  readonly displayName: string;
  readonly dataType: DataType;
}

export interface ParsedTable {
  readonly name: string;
  readonly columns: readonly ParsedColumn[];
  /** Typed values, one array per row in the order of `columns`. */
  readonly rows: readonly (readonly Cell[])[];
}

/**
 * Why a configuration was refused. `reason` is stable: SDK_VALIDATION (the §5 rules; `errors` holds the SDK's
 * list), UNSUPPORTED_SOURCE, INVALID_LOCALE, INVALID_NAME, DUPLICATE_NAME, UNKNOWN_DATA_TYPE, UNKNOWN_TABLE,
 * ROW_SHAPE, INVALID_VALUE (400) and TOO_LARGE (413).
 */
export class DatasetConfigError extends Error {
  constructor(
    readonly reason: string,
    message: string,
    readonly path?: string,
    readonly errors?: readonly { message: string; path?: string; keyword?: string }[],
  ) {
    super(message);
    this.name = 'DatasetConfigError';
  }

  get status(): number {
    return this.reason === 'TOO_LARGE' ? 413 : 400;
  }
}

/** Quick-create data type names (Power BI's and plain ones, any case) → the model's data types. */
const DATA_TYPES: Readonly<Record<string, DataType>> = {
  text: 'string',
  string: 'string',
  int64: 'integer',
  int: 'integer',
  integer: 'integer',
  'whole number': 'integer',
  double: 'decimal',
  decimal: 'decimal',
  number: 'decimal',
  'decimal number': 'decimal',
  currency: 'decimal',
  'fixed decimal number': 'decimal',
  boolean: 'boolean',
  bool: 'boolean',
  'true/false': 'boolean',
  date: 'date',
  datetime: 'dateTime',
  'date/time': 'dateTime',
  datetimezone: 'dateTime',
};

export const DATA_TYPE_NAMES = Object.keys(DATA_TYPES);

// eslint-disable-next-line no-control-regex -- names must not carry control characters
const CONTROL = /[\u0000-\u001f\u007f]/;

function checkName(value: string, path: string): string {
  const name = value.trim();
  if (name === '' || name.length > QUICK_CREATE_LIMITS.nameLength || CONTROL.test(name)) {
    throw new DatasetConfigError(
      'INVALID_NAME',
      `${path} must be 1 to ${QUICK_CREATE_LIMITS.nameLength} characters without control characters`,
      path,
    );
  }
  return name;
}

function unique(names: readonly string[], what: string, path: string): void {
  const seen = new Set<string>();
  for (const name of names) {
    const key = name.toLowerCase();
    if (seen.has(key))
      throw new DatasetConfigError('DUPLICATE_NAME', `${what} '${name}' appears twice`, path);
    seen.add(key);
  }
}

/** The locale's decimal separator (`,` for de-DE); a RangeError for a malformed tag. */
function decimalSeparator(locale: string): string {
  const [canonical] = Intl.getCanonicalLocales(locale);
  const part = new Intl.NumberFormat(canonical).formatToParts(1.5).find((p) => p.type === 'decimal');
  return part?.value ?? '.';
}

const INTEGER = /^[+-]?\d{1,16}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;
const TRUE = new Set(['true', '1', 'yes']);
const FALSE = new Set(['false', '0', 'no']);

function validDate(y: number, m: number, d: number): boolean {
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0–99 as 1900–1999, so 0001-01-01 was refused.
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** One cell as its column's type; undefined when it is not one. Blank text is null for every type but text. */
export function parseCell(text: string, dataType: DataType, decimal = '.'): Cell | undefined {
  const trimmed = text.trim();
  if (dataType === 'string') return text === '' ? null : text;
  if (trimmed === '') return null;
  switch (dataType) {
    case 'integer': {
      if (!INTEGER.test(trimmed)) return undefined;
      const value = Number(trimmed);
      return Number.isSafeInteger(value) ? value : undefined;
    }
    case 'decimal': {
      const normal = decimal === '.' ? trimmed : trimmed.replace(decimal, '.');
      if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(normal)) return undefined;
      const value = Number(normal);
      // Within BIGINT's range: the engine binds a whole number as BIGINT, and no report needs more.
      return Number.isFinite(value) && Math.abs(value) < 2 ** 63 ? value : undefined;
    }
    case 'boolean': {
      const lower = trimmed.toLowerCase();
      return TRUE.has(lower) ? true : FALSE.has(lower) ? false : undefined;
    }
    case 'date': {
      const m = DATE.exec(trimmed);
      return m && validDate(Number(m[1]), Number(m[2]), Number(m[3])) ? trimmed : undefined;
    }
    case 'dateTime': {
      const m = DATE_TIME.exec(trimmed);
      if (!m || !validDate(Number(m[1]), Number(m[2]), Number(m[3]))) return undefined;
      if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59) return undefined;
      const time = Date.parse(
        m[7] === undefined ? `${trimmed.replace(' ', 'T')}Z` : trimmed.replace(' ', 'T'),
      );
      // Years 1 to 9999 in UTC too: a zone may move the instant out of what a TIMESTAMP holds.
      const year = new Date(time).getUTCFullYear();
      return Number.isNaN(time) || year < 1 || year > 9999 ? undefined : new Date(time).toISOString();
    }
    default:
      return undefined;
  }
}

interface RawConfig {
  locale: string;
  mashupDocument?: unknown;
  tableSchemaList?: { name: string; columns: { name: string; displayName?: string; dataType: string }[] }[];
  data?: { name: string; rows: string[][] }[];
}

/**
 * Checks a `datasetCreateConfig` and returns its tables with typed rows; throws a DatasetConfigError otherwise.
 *
 * ```ts
 * parseDatasetConfig({ locale: 'en-US', tableSchemaList: [{ name: 'Sales', columns: [{ name: 'Amount', dataType: 'Double' }] }],
 *   data: [{ name: 'Sales', rows: [['12.5']] }] }); // [{ name: 'Sales', columns: [...], rows: [[12.5]] }]
 * ```
 */
export function parseDatasetConfig(input: unknown): ParsedTable[] {
  // The SDK's validator lets a null configuration pass (an absent one is the SDK's business, not ours).
  if (input === null || input === undefined) {
    const message = 'datasetCreateConfig must be an object';
    throw new DatasetConfigError('SDK_VALIDATION', message, undefined, [{ message, keyword: 'type' }]);
  }
  const errors = validateDatasetCreateConfig(input);
  if (errors !== undefined && errors.length > 0) {
    const list = errors.map((e) => ({
      message: e.message,
      ...(e.path === undefined ? {} : { path: e.path }),
      ...(e.keyword === undefined ? {} : { keyword: e.keyword }),
    }));
    throw new DatasetConfigError('SDK_VALIDATION', list[0]?.message ?? 'invalid', list[0]?.path, list);
  }
  const config = input as RawConfig;
  if (config.data == null) {
    throw new DatasetConfigError(
      'UNSUPPORTED_SOURCE',
      'This service builds quick-create datasets from inline data only: give tableSchemaList and data (a mashupDocument cannot be run here)',
      'mashupDocument',
    );
  }
  let decimal: string;
  try {
    decimal = decimalSeparator(config.locale);
  } catch {
    throw new DatasetConfigError(
      'INVALID_LOCALE',
      `locale '${config.locale.slice(0, 50)}' is not a BCP 47 language tag`,
      'locale',
    );
  }
  const schemas = config.tableSchemaList ?? [];
  if (schemas.length === 0) {
    throw new DatasetConfigError(
      'SDK_VALIDATION',
      'tableSchemaList cannot be empty when data is provided',
      'tableSchemaList',
    );
  }
  if (schemas.length > QUICK_CREATE_LIMITS.tables) {
    throw new DatasetConfigError(
      'TOO_LARGE',
      `At most ${QUICK_CREATE_LIMITS.tables} tables`,
      'tableSchemaList',
    );
  }
  const tables = schemas.map((schema, t) => {
    const at = `tableSchemaList[${t}]`;
    const name = checkName(schema.name, `${at}.name`);
    if (schema.columns.length === 0)
      throw new DatasetConfigError(
        'INVALID_NAME',
        `${at}.columns must name at least one column`,
        `${at}.columns`,
      );
    if (schema.columns.length > QUICK_CREATE_LIMITS.columnsPerTable) {
      throw new DatasetConfigError(
        'TOO_LARGE',
        `At most ${QUICK_CREATE_LIMITS.columnsPerTable} columns per table`,
        `${at}.columns`,
      );
    }
    const columns = schema.columns.map((column, c): ParsedColumn => {
      const path = `${at}.columns[${c}]`;
      const dataType = DATA_TYPES[column.dataType.trim().toLowerCase()];
      if (dataType === undefined) {
        throw new DatasetConfigError(
          'UNKNOWN_DATA_TYPE',
          `${path}.dataType '${column.dataType.slice(0, 50)}' is not a known data type (known: Text, Int64, Double, Decimal, Boolean, Date, DateTime, …)`,
          `${path}.dataType`,
        );
      }
      const columnName = checkName(column.name, `${path}.name`);
      const displayName =
        column.displayName === undefined || column.displayName.trim() === ''
          ? columnName
          : checkName(column.displayName, `${path}.displayName`);
      return { name: columnName, displayName, dataType };
    });
    unique(
      columns.map((c) => c.name),
      'Column',
      `${at}.columns`,
    );
    return { name, columns };
  });
  unique(
    tables.map((t) => t.name),
    'Table',
    'tableSchemaList',
  );

  const rowsByTable = new Map<string, Cell[][]>(tables.map((t) => [t.name.toLowerCase(), []]));
  let rowCount = 0;
  let cellCount = 0;
  config.data.forEach((entry, d) => {
    const at = `data[${d}]`;
    const table = tables.find((t) => t.name.toLowerCase() === entry.name.trim().toLowerCase());
    const rows = rowsByTable.get(entry.name.trim().toLowerCase());
    if (table === undefined || rows === undefined) {
      throw new DatasetConfigError(
        'UNKNOWN_TABLE',
        `${at}.name '${entry.name.slice(0, 100)}' is not a table of tableSchemaList`,
        `${at}.name`,
      );
    }
    rowCount += entry.rows.length;
    cellCount += entry.rows.length * table.columns.length;
    if (rowCount > QUICK_CREATE_LIMITS.rows || cellCount > QUICK_CREATE_LIMITS.cells) {
      throw new DatasetConfigError(
        'TOO_LARGE',
        `At most ${QUICK_CREATE_LIMITS.rows} rows and ${QUICK_CREATE_LIMITS.cells} cells in all`,
        `${at}.rows`,
      );
    }
    entry.rows.forEach((row, r) => {
      const path = `${at}.rows[${r}]`;
      if (row.length !== table.columns.length) {
        throw new DatasetConfigError(
          'ROW_SHAPE',
          `${path} has ${row.length} values; table '${table.name}' has ${table.columns.length} columns`,
          path,
        );
      }
      rows.push(
        row.map((text, c) => {
          const column = table.columns[c] as ParsedColumn;
          if (text.length > QUICK_CREATE_LIMITS.cellLength) {
            throw new DatasetConfigError(
              'TOO_LARGE',
              `${path}[${c}] is longer than ${QUICK_CREATE_LIMITS.cellLength} characters`,
              `${path}[${c}]`,
            );
          }
          const value = parseCell(text, column.dataType, decimal);
          if (value === undefined) {
            throw new DatasetConfigError(
              'INVALID_VALUE',
              `${path}[${c}] '${text.slice(0, 50)}' is not a ${column.dataType} value for column '${column.name}'`,
              `${path}[${c}]`,
            );
          }
          return value;
        }),
      );
    });
  });
  return tables.map((t) => ({ ...t, rows: rowsByTable.get(t.name.toLowerCase()) ?? [] }));
}
