/**
 * Which tables a query reads and how they join. A query starts at a root table (the table of its measures, or the
 * one table its columns all hang off) and walks many-to-one relationships out to the tables it needs, as filters
 * flow in a star schema: from the one side to the many side, never back.
 *
 * Row-level security lives here: every table enters the statement only as
 * `(SELECT * FROM <table> WHERE list_contains($1, database_name))`, so whatever a filter says (an OR, a NotIn, an
 * All), it can only ever narrow rows that are already the caller's. Every join also matches `database_name`, so no
 * relationship can pair one account's rows with another's (calendar dates, for one, repeat in every account).
 */
import type { Edge, ModelIndex } from '@portico/analytics-model';
import { QueryError } from '@portico/analytics-model';
import { columnRef, ident } from './sql.ts';
import type { SqlParams } from './sql.ts';

/** The row-level-security column every table carries. */
export const RLS_COLUMN = 'database_name';

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
  /** The alias of each joined table, by model table name. */
  readonly aliasOf: ReadonlyMap<string, string>;
}

function secured(index: ModelIndex, table: string, alias: string, params: SqlParams): string {
  const source = index.table(table).model.source;
  return `(SELECT * FROM ${ident(source)} WHERE list_contains(${params.rls}, ${ident(RLS_COLUMN)})) AS ${ident(alias)}`;
}

/**
 * The FROM clause joining `root` to `tables` (each must be reachable from it).
 *
 * ```ts
 * fromClause(index, 'Meter readings', ['Devices'], aliases, params).sql;
 * // FROM (SELECT * FROM "meter_readings" WHERE list_contains($1, "database_name")) AS "t0" JOIN (…"devices"…) AS "t1" ON …
 * ```
 */
export function fromClause(
  index: ModelIndex,
  root: string,
  tables: readonly string[],
  aliases: Aliases,
  params: SqlParams,
): FromClause {
  const reach = reachable(index, root);
  const aliasOf = new Map<string, string>([[root, aliases.take()]]);
  const parts = [`FROM ${secured(index, root, aliasOf.get(root) ?? '', params)}`];
  const join = (table: string): string => {
    const known = aliasOf.get(table);
    if (known !== undefined) return known;
    const edge = reach.get(table);
    if (edge === undefined) throw new QueryError(`'${table}' is not related to '${root}'`);
    const fromAlias = join(edge.from);
    const alias = aliases.take();
    aliasOf.set(table, alias);
    const rls = ident(RLS_COLUMN);
    parts.push(
      `JOIN ${secured(index, table, alias, params)} ON ${columnRef(fromAlias, edge.fromColumn)} = ${columnRef(alias, edge.toColumn)}` +
        ` AND ${ident(fromAlias)}.${rls} = ${ident(alias)}.${rls}`,
    );
    return alias;
  };
  for (const table of tables) join(table);
  return { sql: parts.join('\n  '), aliasOf };
}
