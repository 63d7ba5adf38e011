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
import type { Edge, ModelIndex } from '@portico/analytics-model';
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

/** A table as one statement reads it. */
export interface ReadTable {
  /** Its name in the database. */
  readonly source: string;
  /** Its alias, unique in the statement. */
  readonly alias: string;
  /** The columns the statement reads of it (a joined table's ON keys need not be listed). */
  readonly columns: readonly string[];
  /** Its row-level-security column. */
  readonly rlsColumn: string;
}

/** A derived table (a named subquery) already restricted to the caller's accounts, as it enters a FROM clause. */
export interface DerivedTable {
  /** What stands for it after FROM. */
  readonly table: string;
  readonly alias: string;
  readonly rlsColumn: string;
  /** One of its columns as the statement reads it. */
  column(name: string): string;
}

/** A table joined to one entered before it (`to`, that table's alias), on pairs `[column of to, column of this]`. */
export interface JoinedTable extends ReadTable {
  readonly to: string;
  readonly on: readonly (readonly [string, string])[];
}

/** A FROM clause written by securedFrom. */
export interface SecuredFrom {
  /** `FROM (…) AS "t3" JOIN (…) AS "t4" ON …` */
  readonly sql: string;
  /** Conditions the statement's WHERE must carry (ClickHouse: the root's row-level security). */
  readonly where: readonly string[];
  /** For each table's alias, the alias Dialect.columnRef reads its columns by. */
  readonly aliasOf: ReadonlyMap<string, string>;
  /** A column of the table entered as `alias`. */
  column(alias: string, column: string): string;
}

/**
 * The FROM clause of `root` and `joins` (inner joins), every table restricted to the caller's accounts through the
 * dialect: the root by rootTable (on ClickHouse by name, so that a cluster runs the statement on its shards; its
 * predicate then comes back in `where`), each joined table by securedTable. Every join also matches the two tables'
 * row-level-security columns, so no join pairs one account's rows with another's, and its ON condition reads the
 * joined table's keys through joinKey (ClickHouse 18.16 keeps unmatched rows otherwise). The one writer of joins for
 * visual queries (fromClause) and paginated reports (src/kinds/paginated/sql.ts). The root may also be a derived
 * table, which enters as it is.
 */
export function securedFrom(
  dialect: Dialect,
  values: StatementValues,
  root: ReadTable | DerivedTable,
  joins: readonly JoinedTable[],
): SecuredFrom {
  const tables = new Map<string, ReadTable | DerivedTable>(
    [root, ...joins].map((table) => [table.alias, table]),
  );
  // The columns each table is read for, with those a later join's ON condition reads.
  const read = new Map<string, Set<string>>();
  for (const table of ['source' in root ? [root] : [], joins].flat()) {
    read.set(table.alias, new Set(table.columns));
  }
  for (const join of joins) {
    for (const [left] of join.on) read.get(join.to)?.add(left);
  }
  const columnsOf = (table: ReadTable) => [...(read.get(table.alias) ?? table.columns)];
  const first =
    'source' in root
      ? dialect.rootTable(root.source, root.alias, columnsOf(root), root.rlsColumn, values)
      : { table: root.table, alias: root.alias, rls: '' };
  const aliasOf = new Map<string, string>([[root.alias, first.alias]]);
  const column = (alias: string, name: string): string => {
    const as = aliasOf.get(alias);
    if (as === undefined) throw new Error(`no table '${alias}' in this FROM clause`);
    return 'source' in root || alias !== root.alias
      ? dialect.columnRef(as, { source: name })
      : root.column(name);
  };
  const joined = joins.map((join) => {
    const to = tables.get(join.to);
    if (to === undefined || !aliasOf.has(join.to)) {
      throw new Error(`'${join.alias}' joins '${join.to}', which is not entered before it`);
    }
    const pairs: (readonly [string, string])[] = [...join.on];
    // A join on the account key itself already matches it (ClickHouse 18.16 refuses a repeated key).
    if (!pairs.some(([left, right]) => left === to.rlsColumn && right === join.rlsColumn)) {
      pairs.push([to.rlsColumn, join.rlsColumn]);
    }
    const on = pairs
      .map(([left, right]) => `${column(join.to, left)} = ${dialect.joinKey(join.alias, { source: right })}`)
      .join(' AND ');
    aliasOf.set(join.alias, join.alias);
    const keys = pairs.map(([, right]) => right);
    return {
      table: dialect.securedTable(join.source, join.alias, columnsOf(join), join.rlsColumn, values, keys),
      on,
    };
  });
  return { ...dialect.fromRoot(first, joined), aliasOf, column };
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
  const readTable = (table: string, alias: string): ReadTable => {
    const model = index.table(table).model;
    return {
      source: model.source,
      alias,
      columns: model.columns.map((column) => column.source),
      rlsColumn: rlsColumnOf(index, table),
    };
  };
  const rootAlias = aliases.take();
  const aliasByTable = new Map<string, string>([[root, rootAlias]]);
  const joins: JoinedTable[] = [];
  const join = (table: string): string => {
    const known = aliasByTable.get(table);
    if (known !== undefined) return known;
    const edge = reach.get(table);
    if (edge === undefined) throw new QueryError(`'${table}' is not related to '${root}'`);
    const fromAlias = join(edge.from);
    const alias = aliases.take();
    aliasByTable.set(table, alias);
    joins.push({
      ...readTable(table, alias),
      to: fromAlias,
      on: [[edge.fromColumn.source, edge.toColumn.source]],
    });
    return alias;
  };
  for (const table of tables) join(table);
  const from = securedFrom(dialect, values, readTable(root, rootAlias), joins);
  const aliasOf = new Map(
    [...aliasByTable].map(([table, alias]) => [table, from.aliasOf.get(alias) ?? alias]),
  );
  return { sql: from.sql, where: from.where, aliasOf };
}
