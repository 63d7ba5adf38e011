/**
 * The pieces paginated reports write their statements from, on any engine's {@link Dialect}: fleet tables restricted
 * to the caller's accounts and joined as visual queries join them (on a ClickHouse cluster, on the shards), named
 * subqueries (a CTE on DuckDB, repeated inline on ClickHouse 18.16, which has no
 * `WITH name AS (subquery)`), a UNION ALL whose parts are typed alike, `IN` lists and keyset conditions of bound
 * values. Nothing here splices a value into text: every value goes through the statement's value list.
 */
import type { FleetTable } from '../../data/fleet-schema.ts';
import type { ColumnType, Dialect, StatementValues } from '../../query/dialect.ts';
import { securedFrom } from '../../query/planner.ts';
import { orderTerm, sortKeys } from '../../query/sort-order.ts';
import type { CellValue } from '../../data/engine.ts';

/** The row-level-security key of every fleet table. */
const RLS_COLUMN = 'database_name';

/** A fleet table a statement reads: its alias there and the columns it reads (join keys need not be listed). */
export interface ReportTable {
  readonly table: FleetTable;
  readonly alias: string;
  readonly columns: readonly string[];
}

/** A fleet table joined to one entered before it (`to`, that table's alias), on `[column of to, column of this]`. */
export interface ReportJoin extends ReportTable {
  readonly to: string;
  readonly on: readonly (readonly [string, string])[];
}

/** A named subquery (ReportStatement.define) as the root of a FROM clause, read by its name; it has `database_name`. */
export interface NamedRoot {
  readonly named: string;
}

/** Fleet tables entered in one FROM clause (ReportStatement.from). */
export interface ReportFrom {
  /** A column of the table entered as `alias`. */
  col(alias: string, column: string): string;
  /**
   * `SELECT expr AS name, … FROM <the tables> WHERE <their row-level security and where> GROUP BY <groupBy>`: the
   * columns in the order given, named as given.
   */
  select(
    columns: readonly (readonly [name: string, expr: string])[],
    where?: readonly string[],
    groupBy?: readonly string[],
  ): string;
}

/** One statement under construction: its dialect and its values (the first of which restrict to the accounts). */
export class ReportStatement {
  readonly values: StatementValues;
  private readonly named: { name: string; sql: string }[] = [];

  constructor(
    readonly dialect: Dialect,
    databaseNames: readonly string[],
  ) {
    this.values = dialect.values(databaseNames);
  }

  /** A text, number or boolean value. */
  value(value: string | number | boolean): string {
    return this.values.add({ value });
  }

  date(value: string): string {
    return this.values.add({ value, cast: 'DATE' });
  }

  /** `expr IN (…values)`; false for no values. */
  in(expr: string, values: readonly string[]): string {
    if (values.length === 0) return this.dialect.false;
    return `${expr} IN (${values.map((value) => this.value(value)).join(', ')})`;
  }

  /**
   * `root` joined to `joins`, every table restricted to the caller's accounts, as the visual queries join them
   * (planner.ts securedFrom): on ClickHouse the root enters by name, so that on a cluster each shard joins, filters
   * and aggregates its own rows and the initiator merges what they send; the joined tables are read as each shard's
   * own, and their ON conditions read copies of the keys (ClickHouse 18.16 keeps the rows an inner join should drop
   * otherwise). `root` is the table whose rows the statement aggregates or lists (a fact table); each join also
   * matches the account key. Keep one join per statement for 18.16 to run it whole on the shards (it takes one JOIN
   * per SELECT: with more, only the root and the first join go to the shards). The root may be a named subquery
   * instead (a small table joined to the rows the shards send, on the initiator).
   *
   * ```ts
   * const from = statement.from({ table: 'meter_readings', alias: 'm', columns: ['mono_pages'] }, [
   *   { table: 'devices', alias: 'd', columns: ['site'], to: 'm', on: [['device_id', 'device_id']] },
   * ]);
   * from.select([['site', from.col('d', 'site')], ['pages', `sum(${from.col('m', 'mono_pages')})`]], [], [from.col('d', 'site')]);
   * ```
   */
  from(root: ReportTable | NamedRoot, joins: readonly ReportJoin[] = []): ReportFrom {
    const { dialect } = this;
    const read = (table: ReportTable) => ({
      source: table.table,
      alias: table.alias,
      columns: table.columns,
      rlsColumn: RLS_COLUMN,
    });
    const from = securedFrom(
      dialect,
      this.values,
      'named' in root
        ? {
            table: this.ref(root.named),
            alias: root.named,
            rlsColumn: RLS_COLUMN,
            column: (name) => dialect.qualified(root.named, name),
          }
        : read(root),
      joins.map((join) => ({ ...read(join), to: join.to, on: join.on })),
    );
    const col = (alias: string, column: string) => from.column(alias, column);
    return {
      col,
      select(columns, where = [], groupBy = []) {
        // The columns are named c0, c1, … where the tables are read, and renamed outside: on ClickHouse a root
        // entered by name has its columns read by their own names, which an output name must not shadow.
        const inner = (i: number) => dialect.ident(`c${i}`);
        const conditions = [...from.where, ...where];
        const sql = [
          `SELECT ${columns.map(([, expr], i) => `${expr} AS ${inner(i)}`).join(', ')}`,
          from.sql,
          conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`,
          groupBy.length === 0 ? '' : `GROUP BY ${groupBy.join(', ')}`,
        ]
          .filter((line) => line !== '')
          .join('\n        ');
        const outer = columns.map(
          ([name], i) => `${dialect.qualified('q', `c${i}`)} AS ${dialect.ident(name)}`,
        );
        return `SELECT ${outer.join(', ')}\n      FROM (${sql}) AS ${dialect.ident('q')}`;
      },
    };
  }

  /** Names `sql` (a SELECT that may read earlier names) for {@link ref}. */
  define(name: string, sql: string): void {
    this.named.push({ name, sql });
  }

  /** A named subquery as it enters a FROM clause. */
  ref(name: string): string {
    const found = this.named.find((n) => n.name === name);
    if (found === undefined) throw new Error(`no subquery '${name}'`);
    const ident = this.dialect.ident(name);
    return this.dialect.name === 'duckdb' ? ident : `(${found.sql}) AS ${ident}`;
  }

  /** The whole statement: DuckDB's CTEs before `body`. */
  text(body: string): string {
    if (this.dialect.name !== 'duckdb' || this.named.length === 0) return body;
    const ctes = this.named.map((n) => `${this.dialect.ident(n.name)} AS (${n.sql})`).join(',\n    ');
    return `WITH ${ctes}\n    ${body}`;
  }
}

/** A column of a UNION ALL, as its first part names and every part types it. */
export interface UnionColumn {
  readonly name: string;
  readonly type: ColumnType;
  readonly nullable: boolean;
}

/**
 * `SELECT … UNION ALL SELECT …`: every part gives one expression per column (`null` for NULL) and the rest of its
 * SELECT (`FROM … GROUP BY …`); each expression is cast to its column's type.
 */
export function unionAll(
  dialect: Dialect,
  columns: readonly UnionColumn[],
  parts: readonly { readonly select: readonly (string | null)[]; readonly rest: string }[],
): string {
  return parts
    .map((part, p) => {
      if (part.select.length !== columns.length) {
        throw new Error(`part ${p + 1} has ${part.select.length} columns, not ${columns.length}`);
      }
      const list = part.select.map((expr, i) => {
        const column = columns[i] as UnionColumn;
        const typed = dialect.typed(expr ?? 'NULL', column.type, column.nullable);
        return p === 0 ? `${typed} AS ${dialect.ident(column.name)}` : typed;
      });
      return `SELECT ${list.join(', ')}\n      ${part.rest}`;
    })
    .join('\n      UNION ALL\n      ');
}

/** A line stream's sort keys: text or integers, never null (PaginatedReport.keys). */
export type LineKeys = readonly { readonly name: string; readonly type: 'text' | 'integer' }[];

/**
 * The ORDER BY of a line stream by `keys`, text keys as every statement sorts text (`sort-order.ts`: by its lower
 * case, then itself), so a site or device named in lower case sits among its letter.
 */
export function keysOrder(dialect: Dialect, keys: LineKeys): string {
  return keys
    .map((key) => orderTerm(dialect, dialect.ident(key.name), key.type === 'text', false))
    .join(', ');
}

/**
 * The keyset condition "after these keys" in the order of {@link keysOrder}: over its sort expressions e1, e2, … (a
 * text key gives two, its lower case and itself) `e1 > v1 OR (e1 = v1 AND e2 > v2) OR …`, every key value bound.
 */
export function keysAfter(
  dialect: Dialect,
  values: StatementValues,
  keys: LineKeys,
  after: readonly CellValue[],
): string {
  const compared = keys.flatMap((key, i) => {
    const value = after[i];
    if (key.type === 'integer' && (typeof value !== 'number' || !Number.isInteger(value))) {
      throw new Error(`key ${key.name} is not an integer`);
    }
    const bound = values.add({ value: key.type === 'integer' ? (value as number) : String(value ?? '') });
    const text = key.type === 'text';
    const bounds = sortKeys(dialect, bound, text);
    return sortKeys(dialect, dialect.ident(key.name), text).map((expr, j) => [expr, bounds[j] as string]);
  });
  const terms = compared.map(([expr, bound], i) => {
    const equal = compared.slice(0, i).map(([e, b]) => `${e} = ${b}`);
    return `(${[...equal, `${expr} > ${bound}`].join(' AND ')})`;
  });
  return `(${terms.join(' OR ')})`;
}
