/**
 * Look-ups over a dataset's semantic model. Every name a query uses is checked here, and what comes back is the
 * model's own object: the SQL writer only ever sees identifiers that the model defines.
 */
import type { Dataset, ModelColumn, ModelHierarchy, ModelMeasure, ModelTable } from '../content-types.ts';
import { QueryError } from './query-error.ts';

export interface IndexedTable {
  readonly model: ModelTable;
  readonly columns: ReadonlyMap<string, ModelColumn>;
  readonly measures: ReadonlyMap<string, ModelMeasure>;
  readonly hierarchies: ReadonlyMap<string, ModelHierarchy>;
}

/** A many-to-one step from one table to another. */
export interface Edge {
  readonly from: string;
  readonly to: string;
  readonly fromColumn: ModelColumn;
  readonly toColumn: ModelColumn;
}

export interface ModelIndex {
  readonly dataset: Dataset;
  table(name: unknown): IndexedTable;
  column(table: unknown, column: unknown): { readonly table: IndexedTable; readonly column: ModelColumn };
  measure(table: unknown, measure: unknown): { readonly table: IndexedTable; readonly measure: ModelMeasure };
  hierarchyLevel(
    table: unknown,
    hierarchy: unknown,
    level: unknown,
  ): { readonly table: IndexedTable; readonly column: ModelColumn };
  /** The many-to-one relationships leaving `table`. */
  edgesFrom(table: string): readonly Edge[];
}

const quoted = (values: Iterable<string>): string => [...values].map((v) => `'${v}'`).join(', ');

function requireName(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '') throw new QueryError(`${what} must be a non-empty string`);
  if (value.length > 200) throw new QueryError(`${what} is longer than 200 characters`);
  return value;
}

function indexTable(model: ModelTable): IndexedTable {
  return {
    model,
    columns: new Map(model.columns.map((c) => [c.name, c])),
    measures: new Map(model.measures.map((m) => [m.name, m])),
    hierarchies: new Map(model.hierarchies.map((h) => [h.name, h])),
  };
}

function buildIndex(dataset: Dataset): ModelIndex {
  const tables = new Map(dataset.tables.map((t) => [t.name, indexTable(t)]));

  function table(name: unknown): IndexedTable {
    const key = requireName(name, 'A table name');
    const found = tables.get(key);
    if (found === undefined) {
      throw new QueryError(
        `${key} is not a table of the dataset '${dataset.name}' (tables: ${quoted(tables.keys())})`,
      );
    }
    return found;
  }

  function column(tableName: unknown, columnName: unknown) {
    const t = table(tableName);
    const key = requireName(columnName, 'A column name');
    const found = t.columns.get(key);
    if (found === undefined) {
      throw new QueryError(
        `${t.model.name}.${key} is not a column of the dataset (columns of ${t.model.name}: ${quoted(t.columns.keys())})`,
      );
    }
    return { table: t, column: found };
  }

  function measure(tableName: unknown, measureName: unknown) {
    const t = table(tableName);
    const key = requireName(measureName, 'A measure name');
    const found = t.measures.get(key);
    if (found === undefined) {
      const known = t.measures.size === 0 ? 'none' : quoted(t.measures.keys());
      throw new QueryError(
        `${t.model.name}.${key} is not a measure of the dataset (measures of ${t.model.name}: ${known})`,
      );
    }
    return { table: t, measure: found };
  }

  function hierarchyLevel(tableName: unknown, hierarchyName: unknown, levelName: unknown) {
    const t = table(tableName);
    const hierarchy = t.hierarchies.get(requireName(hierarchyName, 'A hierarchy name'));
    if (hierarchy === undefined) {
      throw new QueryError(`${t.model.name}.${String(hierarchyName)} is not a hierarchy of the dataset`);
    }
    const level = hierarchy.levels.find((l) => l.name === levelName);
    if (level === undefined) {
      throw new QueryError(
        `${String(levelName)} is not a level of the hierarchy ${t.model.name}.${hierarchy.name} (levels: ${quoted(hierarchy.levels.map((l) => l.name))})`,
      );
    }
    return column(t.model.name, level.column);
  }

  const edges = new Map<string, Edge[]>();
  for (const relationship of dataset.relationships) {
    const from = column(relationship.from.table, relationship.from.column);
    const to = column(relationship.to.table, relationship.to.column);
    const list = edges.get(from.table.model.name) ?? [];
    list.push({
      from: from.table.model.name,
      to: to.table.model.name,
      fromColumn: from.column,
      toColumn: to.column,
    });
    edges.set(from.table.model.name, list);
  }

  return {
    dataset,
    table,
    column,
    measure,
    hierarchyLevel,
    edgesFrom: (name) => edges.get(name) ?? [],
  };
}

const cache = new WeakMap<Dataset, ModelIndex>();

/**
 * The (cached) index of a dataset.
 *
 * ```ts
 * modelIndex(dataset).column('Devices', 'Model').column.source; // 'model'
 * ```
 */
export function modelIndex(dataset: Dataset): ModelIndex {
  let index = cache.get(dataset);
  if (index === undefined) {
    index = buildIndex(dataset);
    cache.set(dataset, index);
  }
  return index;
}
