/**
 * The pieces paginated reports write their statements from, on any engine's {@link Dialect}: fleet tables restricted
 * to the caller's accounts, named subqueries (a CTE on DuckDB, repeated inline on ClickHouse 18.16, which has no
 * `WITH name AS (subquery)`), a UNION ALL whose parts are typed alike, `IN` lists and keyset conditions of bound
 * values. Nothing here splices a value into text: every value goes through the statement's value list.
 */
import type { FleetTable } from '../../data/fleet-schema.ts';
import type { ColumnType, Dialect, StatementValues } from '../../query/dialect.ts';
import type { CellValue } from '../../data/engine.ts';

/** The row-level-security key of every fleet table. */
const RLS_COLUMN = 'database_name';

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
   * `table` restricted to the caller's accounts, as it enters a FROM clause under `alias`, with `columns` (those the
   * statement reads); `col(name)` names one of them.
   */
  table(
    table: FleetTable,
    alias: string,
    columns: readonly string[],
  ): { readonly from: string; col(name: string): string } {
    const { dialect } = this;
    return {
      from: dialect.securedTable(table, alias, columns, RLS_COLUMN, this.values),
      col: (name) => dialect.columnRef(alias, { source: name }),
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

/**
 * The keyset condition "after these keys" in the order of `keys`: `k1 > v1 OR (k1 = v1 AND k2 > v2) OR …`, every
 * key value bound.
 */
export function keysAfter(
  dialect: Dialect,
  values: StatementValues,
  keys: readonly { readonly name: string; readonly type: 'text' | 'integer' }[],
  after: readonly CellValue[],
): string {
  const bound = keys.map((key, i) => {
    const value = after[i];
    if (key.type === 'integer') {
      if (typeof value !== 'number' || !Number.isInteger(value)) {
        throw new Error(`key ${key.name} is not an integer`);
      }
      return values.add({ value });
    }
    return values.add({ value: String(value ?? '') });
  });
  const terms = keys.map((key, i) => {
    const equal = keys.slice(0, i).map((k, j) => `${dialect.ident(k.name)} = ${bound[j] as string}`);
    return `(${[...equal, `${dialect.ident(key.name)} > ${bound[i] as string}`].join(' AND ')})`;
  });
  return `(${terms.join(' OR ')})`;
}
