/**
 * A quick-create dataset in the engine and in the model: one engine table per supplied table (DuckDB, or a MergeTree
 * on the ClickHouse server the service connects to, ordered by account and row), named by the service
 * (`qc_<32 hex>`, columns `c0`, `c1`, …), never by the user's text; the user's names live only in the model. Every
 * table carries `database_name` (the creating token's first account), so the query layer's row-level security
 * applies to it as to the fleet tables, and `row_number` (the supplied order) so a table visual shows every row.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { authoringWording } from '@portico/analytics-model';
import type { Dataset, DataType, ModelColumn, ModelMeasure, ModelTable } from '@portico/analytics-model';
import type { UserDatasetRows } from '../../content/store.ts';
import type { Engine } from '../../data/engine.ts';
import type { BoundValue, ColumnType, Dialect } from '../../query/dialect.ts';
import { DatasetConfigError } from './dataset-config.ts';
import type { Cell, ParsedTable } from './dataset-config.ts';

const COLUMN_TYPES: Readonly<Record<DataType, ColumnType>> = {
  string: 'text',
  integer: 'bigint',
  decimal: 'double',
  boolean: 'boolean',
  date: 'date',
  dateTime: 'timestamp',
};

const FORMATS: Partial<Record<DataType, string>> = {
  integer: '#,0',
  decimal: '#,0.00',
  date: 'yyyy-MM-dd',
  dateTime: 'yyyy-MM-dd HH:mm',
};

/** The physical column of the supplied order. */
export const ROW_NUMBER_SOURCE = 'row_number';
const PHYSICAL_TABLE = /^qc_[0-9a-f]{32}$/;
const PHYSICAL_COLUMN = /^(c\d{1,3}|row_number)$/;

/** A name not yet in `taken` (case-insensitive): `base`, else `base 2`, `base 3`, … */
function free(base: string, taken: Set<string>): string {
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${base} ${n}`;
  taken.add(name.toLowerCase());
  return name;
}

export const isNumeric = (dataType: DataType): boolean => dataType === 'integer' || dataType === 'decimal';

/**
 * The model of the supplied tables: columns as given plus `Row number`, and a sum measure per numeric column. The
 * names are English (`Sum of Pages`: filters and saved reports name them); what they show (`displayName`) is in
 * `language`, the author's (`Summe von Pages`).
 */
export function buildUserDataset(
  tables: readonly ParsedTable[],
  meta: { readonly workspaceId: string; readonly name?: string; readonly language?: string | undefined },
): Dataset {
  const words = authoringWording(meta.language);
  const modelTables = tables.map((table): ModelTable => {
    const taken = new Set(table.columns.map((c) => c.name.toLowerCase()));
    const rowNumber = free('Row number', taken);
    const shownTaken = new Set(table.columns.map((c) => c.displayName.toLowerCase()));
    const columns: ModelColumn[] = [
      {
        name: rowNumber,
        displayName: free(words.rowNumber, shownTaken),
        dataType: 'integer',
        source: ROW_NUMBER_SOURCE,
        format: '0',
      },
      ...table.columns.map((column, c) => {
        const format = FORMATS[column.dataType];
        return {
          name: column.name,
          displayName: column.displayName,
          dataType: column.dataType,
          source: `c${c}`,
          ...(format === undefined ? {} : { format }),
        };
      }),
    ];
    const measures: ModelMeasure[] = table.columns
      .filter((column) => isNumeric(column.dataType))
      .map((column) => {
        const name = free(`Sum of ${column.name}`, taken);
        return {
          name,
          displayName: words.aggregation('Sum', column.displayName),
          aggregation: 'sum',
          column: column.name,
          format: column.dataType === 'integer' ? '#,0' : '#,0.00',
        };
      });
    return {
      name: table.name,
      displayName: table.name,
      source: `qc_${randomBytes(16).toString('hex')}`,
      columns,
      measures,
      hierarchies: [],
    };
  });
  return {
    id: randomUUID(),
    workspaceId: meta.workspaceId,
    name: meta.name ?? tables.map((t) => t.name).join(', '),
    description: 'Made by quick create from data supplied by the host page.',
    tables: modelTables,
    relationships: [],
  };
}

/** The rows as stored beside the model: by table name, each row `[row_number, …values]`. */
export function storedRows(tables: readonly ParsedTable[]): UserDatasetRows {
  return Object.fromEntries(
    tables.map((t) => [t.name, t.rows.map((row, r): Cell[] => [r + 1, ...row])] as const),
  );
}

/** Refuses physical names this module did not make (a tampered dataset file must not reach SQL). */
function checkPhysical(table: ModelTable): void {
  if (!PHYSICAL_TABLE.test(table.source) || table.columns.some((c) => !PHYSICAL_COLUMN.test(c.source))) {
    throw new Error(`dataset table '${table.name}' has physical names quick create did not make`);
  }
}

/** `'2024-05-02T07:41:09.000Z'` → `'2024-05-02 07:41:09.000'` (a TIMESTAMP is UTC without a zone). */
const timestamp = (iso: string): string => iso.replace('T', ' ').replace('Z', '');

/** Rows per INSERT statement; each value is a parameter (DuckDB) or a typed literal (ClickHouse). */
const BATCH_CELLS = 2_000;

/**
 * Creates the engine tables of a user dataset and inserts its rows, every value bound through the engine's dialect.
 * On a failure the caller drops what was made ({@link dropUserTables}). `rows` are as {@link storedRows} makes them.
 */
export async function createUserTables(
  engine: Engine,
  dataset: Dataset,
  databaseName: string,
  rows: UserDatasetRows,
): Promise<void> {
  // The engine's dialect follows its server's version (ClickHouse: DateTime64 from 20.1): known once it answered.
  await engine.ping();
  const { dialect } = engine;
  for (const table of dataset.tables) {
    checkPhysical(table);
    await engine.query(
      dialect.createTable(
        table.source,
        [
          { name: 'database_name', type: 'text', nullable: false },
          ...table.columns.map((c) => ({
            name: c.source,
            type: COLUMN_TYPES[c.dataType],
            nullable: c.source !== ROW_NUMBER_SOURCE,
          })),
        ],
        ['database_name', ROW_NUMBER_SOURCE],
      ),
    );
    const data = rows[table.name] ?? [];
    const width = table.columns.length + 1;
    const perBatch = Math.max(1, Math.floor(BATCH_CELLS / width));
    for (let start = 0; start < data.length; start += perBatch) {
      const batch = data.slice(start, start + perBatch);
      const values = dialect.plainValues();
      const tuples = batch.map((row) => {
        const slots = [databaseName, ...row].map((value, i) => {
          const column = i === 0 ? undefined : table.columns[i - 1];
          return value === null ? 'NULL' : values.add(boundCell(value, column?.dataType));
        });
        if (slots.length !== width) throw new Error(`a stored row of '${table.name}' has the wrong width`);
        return `(${slots.join(', ')})`;
      });
      await engine.query(
        `INSERT INTO ${dialect.ident(table.source)} VALUES ${tuples.join(', ')}`,
        values.values,
        values.types,
      );
    }
  }
}

/** A cell as the dialect binds it: dates and timestamps with their cast. */
function boundCell(value: Exclude<Cell, null>, dataType: DataType | undefined): BoundValue {
  if (dataType === 'date' && typeof value === 'string') return { value, cast: 'DATE' };
  if (dataType === 'dateTime' && typeof value === 'string')
    return { value: timestamp(value), cast: 'TIMESTAMP' };
  return { value };
}

/**
 * Refuses, with a DatasetConfigError naming the cell, a value the engine would not store as given (a date outside
 * ClickHouse's range, text with a lone surrogate), before any table is made.
 */
export function checkStorable(dialect: Dialect, tables: readonly ParsedTable[]): void {
  tables.forEach((table, t) => {
    table.rows.forEach((row, r) => {
      row.forEach((value, c) => {
        if (value === null) return;
        const why = dialect.unstorable(boundCell(value, table.columns[c]?.dataType));
        if (why !== undefined) {
          throw new DatasetConfigError(
            'INVALID_VALUE',
            `Row ${r + 1} of table '${table.name}', column '${table.columns[c]?.name ?? c}', cannot be stored: ${why}`,
            `tableSchemaList[${t}]`,
          );
        }
      });
    });
  });
}

/** Drops the engine tables of a user dataset (those that exist). */
export async function dropUserTables(engine: Engine, dataset: Dataset): Promise<void> {
  for (const table of dataset.tables) {
    checkPhysical(table);
    await engine.query(`DROP TABLE IF EXISTS ${engine.dialect.ident(table.source)}`);
  }
}

/** The quick-create tables the engine holds, by physical name (one statement for all datasets). */
export async function existingUserTables(engine: Engine): Promise<ReadonlySet<string>> {
  const { rows } = await engine.query(engine.dialect.tablesStartingWith('qc_'));
  return new Set(rows.map((row) => String(row[0])));
}
