/**
 * Which tables a query reads and how they join. A query starts at a root table (the table of its measures, or the
 * one table its columns all hang off) and walks many-to-one relationships out to the tables it needs, as filters
 * flow in a star schema: from the one side to the many side, never back.
 *
 * Row-level security lives here: every table enters the statement only through the dialect's rootTable or
 * securedTable, `(SELECT * FROM <table> WHERE list_contains($1, database_name))` in DuckDB, so whatever a filter says
 * (an OR, a NotIn, an All), it can only ever narrow rows that are already the caller's. (ClickHouse enters the root by
 * name so that a cluster aggregates on its shards; its predicate then comes back in FromClause.where, which every
 * statement ANDs into its WHERE.) Every join also matches `database_name`, so no relationship can pair one account's
 * rows with another's (calendar dates, for one, repeat in every account).
 */
import { QueryError } from '@portico/analytics-model';
import type { Edge, ModelColumn, ModelIndex } from '@portico/analytics-model';
import type { Dialect, StatementValues } from './dialect.ts';

/** The row-level-security column of a table whose model does not name one (the fleet tables'). */
export const RLS_COLUMN = 'database_name';

/** The physical column of `table` holding the customer account, as its model file names it. */
const rlsColumnOf = (index: ModelIndex, table: string): string =>
  index.table(table).model.rlsColumn ?? RLS_COLUMN;

/** The tables reachable from `root` and the edge that first reaches each (breadth first, so paths are shortest). */
export function reachable(index: ModelIndex, root: string): ReadonlyMap<string, Edge | undefined> {
  const reached = new Map<string, Edge | undefined>([[root, undefined]]);
  const queue = [root];
  for (let table = queue.shift(); table !== undefined; table = queue.shift()) {
    for (const edge of index.edgesFrom(table)) {
      if (!reached.has(edge.to)) {
        reached.set(edge.to, edge);
        queue.push(edge.to);
      }
    }
  }
  return reached;
}

/** The table every one of `tables` can be reached from; a QueryError when they are not related. */
export function chooseRoot(index: ModelIndex, tables: readonly string[]): string {
  const distinct = [...new Set(tables)];
  for (const candidate of distinct) {
    const reach = reachable(index, candidate);
    if (distinct.every((table) => reach.has(table))) return candidate;
  }
  throw new QueryError(
    `The tables ${distinct.map((t) => `'${t}'`).join(', ')} are not related; add a measure of a table that relates them`,
  );
}

/** Hands out table aliases unique within one statement (`t0`, `t1`, …), subqueries included. */
export class Aliases {
  private next = 0;
  take(): string {
    const alias = `t${this.next}`;
    this.next += 1;
    return alias;
  }
}

export interface FromClause {
  /** `FROM (…) AS "t3" JOIN (…) AS "t4" ON …` */
  readonly sql: string;
  /** Conditions the statement's WHERE must carry (ClickHouse: the root's row-level security). */
  readonly where: readonly string[];
  /** The alias of each joined table, by model table name. */
  readonly aliasOf: ReadonlyMap<string, string>;
}

function secured(
  dialect: Dialect,
  index: ModelIndex,
  table: string,
  alias: string,
  values: StatementValues,
  keys: readonly string[],
): string {
  const model = index.table(table).model;
  const columns = model.columns.map((column) => column.source);
  return dialect.securedTable(model.source, alias, columns, model.rlsColumn ?? RLS_COLUMN, values, keys);
}

/**
 * The FROM clause joining `root` to `tables` (each must be reachable from it).
 *
 * ```ts
 * fromClause(duckDbDialect, index, 'Meter readings', ['Devices'], aliases, values).sql;
 * // FROM (SELECT * FROM "meter_readings" WHERE list_contains($1, "database_name")) AS "t0" JOIN (…"devices"…) AS "t1" ON …
 * ```
 */
export function fromClause(
  dialect: Dialect,
  index: ModelIndex,
  root: string,
  tables: readonly string[],
  aliases: Aliases,
  values: StatementValues,
): FromClause {
  const reach = reachable(index, root);
  const rootModel = index.table(root).model;
  const first = dialect.rootTable(
    rootModel.source,
    aliases.take(),
    rootModel.columns.map((column) => column.source),
    rlsColumnOf(index, root),
    values,
  );
  const aliasOf = new Map<string, string>([[root, first.alias]]);
  const joins: { table: string; on: string }[] = [];
  const join = (table: string): string => {
    const known = aliasOf.get(table);
    if (known !== undefined) return known;
    const edge = reach.get(table);
    if (edge === undefined) throw new QueryError(`'${table}' is not related to '${root}'`);
    const fromAlias = join(edge.from);
    const alias = aliases.take();
    aliasOf.set(table, alias);
    const fromRls = { source: rlsColumnOf(index, edge.from) };
    const toRls = { source: rlsColumnOf(index, table) };
    const pairs: [Pick<ModelColumn, 'source'>, Pick<ModelColumn, 'source'>][] = [
      [edge.fromColumn, edge.toColumn],
    ];
    // A relationship on the account key itself already matches it (ClickHouse 18.16 refuses a repeated key).
    if (edge.fromColumn.source !== fromRls.source || edge.toColumn.source !== toRls.source) {
      pairs.push([fromRls, toRls]);
    }
    const on = pairs.map(
      ([left, right]) => `${dialect.columnRef(fromAlias, left)} = ${dialect.joinKey(alias, right)}`,
    );
    const keys = pairs.map(([, right]) => right.source);
    joins.push({ table: secured(dialect, index, table, alias, values, keys), on: on.join(' AND ') });
    return alias;
  };
  for (const table of tables) join(table);
  return { ...dialect.fromRoot(first, joins), aliasOf };
}
