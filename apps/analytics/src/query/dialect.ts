/**
 * One SQL dialect per engine: everything in a statement that DuckDB and ClickHouse write differently. The query
 * compiler (compile.ts, grouped.ts, planner.ts, predicates.ts, underlying.ts) builds every statement through one of
 * these, and nothing else in it knows which engine runs the SQL.
 *
 * - DuckDB binds values as positional parameters (`$1` is the row-level-security list).
 * - ClickHouse 18.16 has no server-side parameters, so values become typed literals (clickhouse-literals.ts). Its
 *   JOIN takes one right-hand table per SELECT (before 19.x) and resolves names by column, so every table enters as a
 *   subquery whose columns carry their alias (`t0__model`), and joins nest. It has no window functions (before 21.x),
 *   no correlated subqueries, no `IS [NOT] DISTINCT FROM` and no TRUE/FALSE keywords (before 21.x); each of these has a
 *   form below that both 18.16 and current releases (24.x–26.x) read the same way.
 */
import { LIST, listValue, VARCHAR } from '@duckdb/node-api';
import type { DuckDBType, DuckDBValue } from '@duckdb/node-api';
import type { Aggregation, ModelColumn } from '@portico/analytics-model';
import { clickHouseLiteral } from './clickhouse-literals.ts';
import { QueryError } from '@portico/analytics-model';

/**
 * The most values one statement binds. Each costs DuckDB about 0.15 ms to bind, so without a cap a 2 MiB request of
 * many filters (100 of 1,000 values each took 15 s) would hold a connection for tens of seconds. Twice the 10,000
 * values a single filter may hold, because a filter is repeated in each measure table's subquery.
 */
export const MAX_BOUND_VALUES = 20_000;

/** A value ready to bind: the JS value and, for dates and timestamps, the SQL type it stands for. */
export interface BoundValue {
  readonly value: string | number | boolean;
  readonly cast?: 'DATE' | 'TIMESTAMP';
}

/** The values of one statement, and the row-level-security list they start with. */
export interface StatementValues {
  /** Adds a value; returns what stands for it in the text (`$3`, `CAST($3 AS DATE)`, `toDate('2024-06-30')`). */
  add(bound: BoundValue): string;
  /** `<column>` is one of the caller's accounts. */
  rls(column: string): string;
  /** Positional parameters to send with the text (empty for ClickHouse). */
  readonly values: DuckDBValue[];
  readonly types: readonly DuckDBType[];
}

/** A joined table as it enters a FROM clause, and its ON condition. */
export interface Join {
  readonly table: string;
  readonly on: string;
}

/** How the root table of a FROM clause enters it (Dialect.rootTable). */
export interface RootTable {
  /** What stands for the table after FROM. */
  readonly table: string;
  /** The alias its columns are read by, through Dialect.columnRef. */
  readonly alias: string;
  /** Its row-level-security predicate when `table` does not carry it itself, otherwise ''. */
  readonly rls: string;
}

/** The types a statement's own columns are cast to (paginated reports' line streams, quick-create tables). */
export type ColumnType = 'text' | 'integer' | 'bigint' | 'double' | 'boolean' | 'date' | 'timestamp';

/** The time buckets a dialect can truncate a date to; weeks start on Sunday, as the fleet calendar's do. */
export type TimeBucket = 'day' | 'week' | 'month' | 'year';

export interface Dialect {
  readonly name: 'duckdb' | 'clickhouse';
  /**
   * The server releases this dialect writes for, where one engine has several dialects (ClickHouse: one JOIN per
   * SELECT and whole-second timestamps before 20.1, all joins in one SELECT and DateTime64 from 20.1). Two dialects
   * of one name write different text for the same query when their variants differ, so whatever keeps compiled
   * statements keys on `name` and `variant` together (compile-cache.ts).
   */
  readonly variant: string;
  ident(name: string): string;
  /** A fresh value list for one statement, restricted to `databaseNames`. */
  values(databaseNames: readonly string[]): StatementValues;
  /** A column of a table entered by {@link securedTable}. */
  columnRef(alias: string, column: Pick<ModelColumn, 'source'>): string;
  /** A column of a derived table (`"q"."c0"`). */
  qualified(alias: string, name: string): string;
  /**
   * A table restricted to the caller's accounts, as it enters a FROM clause: the one place the row-level-security
   * predicate is written.
   */
  securedTable(
    source: string,
    alias: string,
    columns: readonly string[],
    rlsColumn: string,
    values: StatementValues,
    /** The columns its ON condition matches, read there through {@link joinKey}. */
    keys?: readonly string[],
  ): string;
  /**
   * A join key of a table entered by {@link securedTable} with `keys`, as its ON condition reads it. ClickHouse 18.16
   * keeps the rows an INNER JOIN ON should drop when the statement also reads a right-hand key column itself (the
   * unmatched rows come back with that column empty), so there the ON condition reads copies that nothing else reads.
   */
  joinKey(alias: string, column: Pick<ModelColumn, 'source'>): string;
  /** `FROM first JOIN …`: the FROM clause of inner joins, each with its ON condition. */
  fromJoins(first: string, joins: readonly Join[]): string;
  /**
   * The root table of a query's FROM clause (the table of its measures), restricted to the caller's accounts. In
   * ClickHouse it enters by name, so that on a cluster the whole statement runs on the shards (see
   * {@link clickHouseDialect}); its row-level-security predicate is then `rls`, for the statement's WHERE.
   */
  rootTable(
    source: string,
    alias: string,
    columns: readonly string[],
    rlsColumn: string,
    values: StatementValues,
  ): RootTable;
  /**
   * The FROM clause of a root and its joins, and what the statement's WHERE must carry besides its filters (the
   * root's row-level-security predicate, where the root entered by name).
   */
  fromRoot(
    root: RootTable,
    joins: readonly Join[],
  ): { readonly sql: string; readonly where: readonly string[] };
  /** `expr IN (subquery)`; in ClickHouse `GLOBAL IN`, the subquery answered once for the whole cluster. */
  inSubquery(expr: string, subquery: string): string;
  readonly true: string;
  readonly false: string;
  aggregate(aggregation: Aggregation, expr: string): string;
  toDouble(expr: string): string;
  /** `expr` as lower-case text. */
  lowerText(expr: string): string;
  contains(haystack: string, needle: string): string;
  startsWith(text: string, prefix: string): string;
  /** Equal, NULL equal to NULL, and never NULL itself. */
  notDistinct(a: string, b: string): string;
  /** An order term; NULLs always last. */
  order(expr: string, descending: boolean): string;
  timeBucket(bucket: TimeBucket, expr: string): string;
  /** Whether `row_number() OVER (…)` is available (the ranked top N); otherwise the `IN (top N)` form is used. */
  readonly windowFunctions: boolean;
  /**
   * A UNION ALL of measure subqueries that each compute some of the measures: DuckDB lines them up by name; ClickHouse
   * needs every column in every part, typed alike.
   */
  readonly unionByName: boolean;
  /** A measure as a UNION part carries it (ClickHouse: Nullable(Float64)), or the absent one (`expr` undefined). */
  unionMeasure(expr: string | undefined): string;
  /** Whether a subquery may read the outer query's columns (EXISTS … WHERE outer = inner). */
  readonly correlatedSubqueries: boolean;
  /** A key that compares NULL equal to NULL in `(…) IN (SELECT …)`. */
  nullSafeKey(expr: string): string;
  /**
   * A fresh value list with no row-level-security list (statements that read no table: quick create's INSERTs).
   * Its `rls` restricts to nothing.
   */
  plainValues(): StatementValues;
  /** `expr` as text: dates `YYYY-MM-DD`, timestamps `YYYY-MM-DD HH:MM:SS` (whole seconds). */
  text(expr: string): string;
  /** Text parts joined; NULL when any part is NULL. */
  concat(...parts: string[]): string;
  /** Any one value of `expr` in the group. */
  anyValue(expr: string): string;
  /** The rows of the group for which `condition` holds (0 when none). */
  countIf(condition: string): string;
  /** Integer division, rounding toward zero. */
  intDiv(dividend: string, divisor: string): string;
  /**
   * `expr` cast to `type`; `nullable` where it may be NULL (ClickHouse needs every part of a UNION ALL typed alike,
   * Nullable included). `typed('NULL', type, true)` is a typed NULL.
   */
  typed(expr: string, type: ColumnType, nullable: boolean): string;
  /** `LIMIT count OFFSET skip` (both already bound). */
  limit(count: string, skip?: string): string;
  /**
   * `CREATE TABLE` of a table the service owns; `orderBy` is its sort key on engines that have one (ClickHouse's
   * MergeTree). Names are the service's own, never a user's.
   */
  createTable(
    table: string,
    columns: readonly { readonly name: string; readonly type: ColumnType; readonly nullable: boolean }[],
    orderBy: readonly string[],
  ): string;
  /** The names of this database's tables that start with `prefix` (`[a-z_]+`), one per row. */
  tablesStartingWith(prefix: string): string;
  /**
   * Why `bound` cannot be stored as exactly that value (a date outside ClickHouse's Date range, text that is not
   * well-formed unicode), or undefined when it can.
   */
  unstorable(bound: BoundValue): string | undefined;
}

function checkCount(count: number): void {
  if (count > MAX_BOUND_VALUES) {
    throw new QueryError(
      `The query binds more than ${MAX_BOUND_VALUES} filter values in all: narrow its filters`,
    );
  }
}

function quoteWith(quote: '"' | '`', escape: (name: string) => string): (name: string) => string {
  return (name) => `${quote}${escape(name)}${quote}`;
}

const commonAggregate =
  (distinct: (expr: string) => string) =>
  (aggregation: Aggregation, expr: string): string => {
    switch (aggregation) {
      case 'sum':
        return `sum(${expr})`;
      case 'avg':
        return `avg(${expr})`;
      case 'count':
        return `count(${expr})`;
      case 'distinctCount':
        return distinct(expr);
      case 'min':
        return `min(${expr})`;
      case 'max':
        return `max(${expr})`;
    }
  };

/** Parameters `$1…`; `$1` is the row-level-security list (a VARCHAR[] even when empty), unless there is none. */
class DuckDbValues implements StatementValues {
  readonly values: DuckDBValue[];
  readonly types: readonly DuckDBType[];

  constructor(databaseNames: readonly string[] | undefined) {
    this.values = databaseNames === undefined ? [] : [listValue([...databaseNames])];
    this.types = databaseNames === undefined ? [] : [LIST(VARCHAR)];
  }

  add(bound: BoundValue): string {
    checkCount(this.values.length);
    this.values.push(bound.value);
    const placeholder = `$${this.values.length}`;
    return bound.cast === undefined ? placeholder : `CAST(${placeholder} AS ${bound.cast})`;
  }

  rls(column: string): string {
    return this.types.length === 0 ? 'FALSE' : `list_contains($1, ${column})`;
  }
}

const PREFIX = /^[a-z_]+$/;

function checkPrefix(prefix: string): string {
  if (!PREFIX.test(prefix)) throw new Error(`'${prefix}' is not a table-name prefix of the service`);
  return prefix;
}

const DUCK_TYPES: Readonly<Record<ColumnType, string>> = {
  text: 'VARCHAR',
  integer: 'INTEGER',
  bigint: 'BIGINT',
  double: 'DOUBLE',
  boolean: 'BOOLEAN',
  date: 'DATE',
  timestamp: 'TIMESTAMP',
};

const duckIdent = quoteWith('"', (name) => name.replaceAll('"', '""'));

export const duckDbDialect: Dialect = {
  name: 'duckdb',
  variant: 'every release',
  ident: duckIdent,
  values: (databaseNames) => new DuckDbValues(databaseNames),
  columnRef: (alias, column) => `${duckIdent(alias)}.${duckIdent(column.source)}`,
  joinKey: (alias, column) => `${duckIdent(alias)}.${duckIdent(column.source)}`,
  qualified: (alias, name) => `${duckIdent(alias)}.${duckIdent(name)}`,
  securedTable: (source, alias, _columns, rlsColumn, values) =>
    `(SELECT * FROM ${duckIdent(source)} WHERE ${values.rls(duckIdent(rlsColumn))}) AS ${duckIdent(alias)}`,
  fromJoins: (first, joins) =>
    [`FROM ${first}`, ...joins.map((join) => `JOIN ${join.table} ON ${join.on}`)].join('\n  '),
  rootTable: (source, alias, columns, rlsColumn, values) => ({
    table: duckDbDialect.securedTable(source, alias, columns, rlsColumn, values),
    alias,
    rls: '',
  }),
  fromRoot: (root, joins) => ({ sql: duckDbDialect.fromJoins(root.table, joins), where: [] }),
  inSubquery: (expr, subquery) => `${expr} IN (${subquery})`,
  true: 'TRUE',
  false: 'FALSE',
  aggregate: commonAggregate((expr) => `count(DISTINCT ${expr})`),
  toDouble: (expr) => `CAST(${expr} AS DOUBLE)`,
  lowerText: (expr) => `lower(CAST(${expr} AS VARCHAR))`,
  contains: (haystack, needle) => `contains(${haystack}, ${needle})`,
  startsWith: (text, prefix) => `starts_with(${text}, ${prefix})`,
  notDistinct: (a, b) => `(${a} IS NOT DISTINCT FROM ${b})`,
  order: (expr, descending) => `${expr} ${descending ? 'DESC' : 'ASC'} NULLS LAST`,
  timeBucket(bucket, expr) {
    if (bucket === 'week') return `CAST(CAST(${expr} AS DATE) - CAST(dayofweek(${expr}) AS INTEGER) AS DATE)`;
    if (bucket === 'day') return `CAST(${expr} AS DATE)`;
    return `CAST(date_trunc('${bucket}', ${expr}) AS DATE)`;
  },
  windowFunctions: true,
  unionByName: true,
  unionMeasure: (expr) => expr ?? 'NULL',
  correlatedSubqueries: true,
  nullSafeKey: (expr) => expr,
  plainValues: () => new DuckDbValues(undefined),
  text: (expr) => `CAST(${expr} AS VARCHAR)`,
  concat: (...parts) => `(${parts.join(' || ')})`,
  anyValue: (expr) => `any_value(${expr})`,
  countIf: (condition) => `count(*) FILTER (WHERE ${condition})`,
  intDiv: (dividend, divisor) => `((${dividend}) // (${divisor}))`,
  typed: (expr, type) => `CAST(${expr} AS ${DUCK_TYPES[type]})`,
  limit: (count, skip) => `LIMIT ${count}${skip === undefined ? '' : ` OFFSET ${skip}`}`,
  createTable: (table, columns) =>
    `CREATE TABLE ${duckIdent(table)} (${columns
      .map((c) => `${duckIdent(c.name)} ${DUCK_TYPES[c.type]}${c.nullable ? '' : ' NOT NULL'}`)
      .join(', ')})`,
  tablesStartingWith: (prefix) =>
    `SELECT table_name FROM information_schema.tables WHERE starts_with(table_name, '${checkPrefix(prefix)}')`,
  unstorable: () => undefined,
};

/** Typed literals; the row-level-security list is an `IN (…)` of string literals (`0` when empty). */
class ClickHouseValues implements StatementValues {
  readonly values: DuckDBValue[] = [];
  readonly types: readonly DuckDBType[] = [];
  /** The row-level-security list counts as one, as in DuckDB. */
  private count: number;
  private readonly accounts: readonly string[];

  constructor(
    databaseNames: readonly string[],
    withRls = true,
    /** Timestamps as DateTime64(3) literals (servers of 20.1 and later). */
    private readonly milliseconds = false,
  ) {
    this.accounts = [...databaseNames];
    this.count = withRls ? 1 : 0;
    // Formatting checks every name now, before any text is written.
    for (const name of this.accounts) clickHouseLiteral({ value: name });
  }

  add(bound: BoundValue): string {
    checkCount(this.count);
    this.count += 1;
    return clickHouseLiteral(bound, this.milliseconds);
  }

  rls(column: string): string {
    if (this.accounts.length === 0) return '0';
    return `${column} IN (${this.accounts.map((name) => clickHouseLiteral({ value: name })).join(', ')})`;
  }
}

const clickHouseIdent = quoteWith('`', (name) => name.replaceAll('\\', '\\\\').replaceAll('`', '\\`'));
/** A column of a secured table, named after its alias so that no two columns of a join share a name. */
const aliasedColumn = (alias: string, source: string): string => clickHouseIdent(`${alias}__${source}`);

/**
 * A join key's copy in a secured table, read only by the ON condition: `k1__device_id` for `t1`, `k_d__device_id` for
 * another alias `d` (never the name of a column of `d`'s own, `d__device_id`).
 */
const keyColumn = (alias: string, source: string): string =>
  clickHouseIdent(`${/^t\d+$/.test(alias) ? alias.replace(/^t/, 'k') : `k_${alias}`}__${source}`);

/** Marks the alias of a root table entered by name: its columns are read by their own names. */
const BY_NAME = '=';
/** Names a statement gives to its groups, measures and derived tables (c0, m0, t1, j0, r0, q). */
const STATEMENT_NAMES = /^([cmtjrk]\d+|q)$/;

/** `first ALL INNER JOIN …`: one JOIN per SELECT (18.16), so each further join wraps the ones before it. */
function nestedJoins(first: string, joins: readonly Join[]): string {
  let from = first;
  joins.forEach((join, i) => {
    const joined = `${from} ALL INNER JOIN ${join.table} ON ${join.on}`;
    from = i === joins.length - 1 ? joined : `(SELECT * FROM ${joined}) AS ${clickHouseIdent(`j${i}`)}`;
  });
  return from;
}

/** Timestamps are UTC whatever the server's zone, as the fleet tables' `DateTime('UTC')` columns are. */
const CLICKHOUSE_TYPES: Readonly<Record<ColumnType, string>> = {
  text: 'String',
  integer: 'Int32',
  bigint: 'Int64',
  double: 'Float64',
  boolean: 'UInt8',
  date: 'Date',
  timestamp: "DateTime('UTC')",
};
/** The days every supported ClickHouse release stores as they are in Date and DateTime. */
const STORABLE_DAYS = { first: '1970-01-01', last: '2105-12-31' } as const;

/** Quick create's timestamps on servers with DateTime64 (20.1 and later): milliseconds kept. */
const CLICKHOUSE_TYPES_MS: Readonly<Record<ColumnType, string>> = {
  ...CLICKHOUSE_TYPES,
  timestamp: "DateTime64(3, 'UTC')",
};

const clickHouseType = (type: ColumnType, nullable: boolean, types = CLICKHOUSE_TYPES): string =>
  nullable ? `Nullable(${types[type]})` : types[type];

function clickHouseCreateTable(types: Readonly<Record<ColumnType, string>>): Dialect['createTable'] {
  return (table, columns, orderBy) =>
    `CREATE TABLE ${clickHouseIdent(table)} (${columns
      .map((c) => `${clickHouseIdent(c.name)} ${clickHouseType(c.type, c.nullable, types)}`)
      .join(', ')}) ENGINE = MergeTree ORDER BY (${orderBy.map(clickHouseIdent).join(', ')})`;
}

export const clickHouseDialect: Dialect = {
  name: 'clickhouse',
  variant: 'before 20.1',
  ident: clickHouseIdent,
  values: (databaseNames) => new ClickHouseValues(databaseNames),
  columnRef: (alias, column) =>
    alias.startsWith(BY_NAME) ? clickHouseIdent(column.source) : aliasedColumn(alias, column.source),
  // Derived tables' column names are unique in their scope; 18.16 resolves a bare name more reliably than alias.name.
  qualified: (_alias, name) => clickHouseIdent(name),
  joinKey: (alias, column) => keyColumn(alias, column.source),
  securedTable(source, alias, columns, rlsColumn, values, keys = []) {
    const names = [...new Set([rlsColumn, ...columns])];
    const list = [
      ...names.map((name) => `${clickHouseIdent(name)} AS ${aliasedColumn(alias, name)}`),
      ...[...new Set(keys)].map((name) => `${clickHouseIdent(name)} AS ${keyColumn(alias, name)}`),
    ].join(', ');
    return `(SELECT ${list} FROM ${clickHouseIdent(source)} WHERE ${values.rls(clickHouseIdent(rlsColumn))}) AS ${clickHouseIdent(alias)}`;
  },
  fromJoins: (first, joins) => `FROM ${nestedJoins(first, joins)}`,
  rootTable(source, alias, columns, rlsColumn, values) {
    // By name only when none of its columns could be taken for a name the statement gives (c0, m0, t1__x, j0, q).
    if (columns.some((name) => STATEMENT_NAMES.test(name) || name.includes('__'))) {
      return {
        table: clickHouseDialect.securedTable(source, alias, columns, rlsColumn, values),
        alias,
        rls: '',
      };
    }
    return {
      table: clickHouseIdent(source),
      alias: `${BY_NAME}${alias}`,
      rls: values.rls(clickHouseIdent(rlsColumn)),
    };
  },
  fromRoot(root, joins) {
    if (root.rls === '') return { sql: clickHouseDialect.fromJoins(root.table, joins), where: [] };
    const [first, ...rest] = joins;
    if (first === undefined || rest.length === 0) {
      const join = first === undefined ? '' : ` ALL INNER JOIN ${first.table} ON ${first.on}`;
      return { sql: `FROM ${root.table}${join}`, where: [root.rls] };
    }
    // 18.16 joins one table per SELECT: the root and its first join go to the shards as one subquery (filtered
    // there), the others join it on the initiator.
    const pushed = `(SELECT * FROM ${root.table} ALL INNER JOIN ${first.table} ON ${first.on} WHERE ${root.rls}) AS ${clickHouseIdent('r0')}`;
    return { sql: `FROM ${nestedJoins(pushed, rest)}`, where: [] };
  },
  inSubquery: (expr, subquery) => `${expr} GLOBAL IN (${subquery})`,
  true: '1',
  false: '0',
  aggregate: commonAggregate((expr) => `uniqExact(${expr})`),
  toDouble: (expr) => `toFloat64(${expr})`,
  lowerText: (expr) => `lowerUTF8(toString(${expr}))`,
  contains: (haystack, needle) => `(position(${haystack}, ${needle}) > 0)`,
  startsWith: (text, prefix) => `startsWith(${text}, ${prefix})`,
  notDistinct: (a, b) => `((isNull(${a}) AND isNull(${b})) OR ifNull(${a} = ${b}, 0))`,
  order: (expr, descending) => `${expr} ${descending ? 'DESC' : 'ASC'} NULLS LAST`,
  timeBucket(bucket, expr) {
    if (bucket === 'week') return `(toDate(${expr}) - (toDayOfWeek(${expr}) % 7))`;
    if (bucket === 'day') return `toDate(${expr})`;
    return bucket === 'month' ? `toStartOfMonth(${expr})` : `toStartOfYear(${expr})`;
  },
  windowFunctions: false,
  unionByName: false,
  unionMeasure: (expr) =>
    expr === undefined ? 'CAST(NULL AS Nullable(Float64))' : `toNullable(toFloat64(${expr}))`,
  correlatedSubqueries: false,
  nullSafeKey: (expr) => `tuple(isNull(${expr}), ifNull(toString(${expr}), ''))`,
  plainValues: () => new ClickHouseValues([], false),
  text: (expr) => `toString(${expr})`,
  concat: (...parts) => `concat(${parts.join(', ')})`,
  anyValue: (expr) => `any(${expr})`,
  countIf: (condition) => `countIf(${condition})`,
  intDiv: (dividend, divisor) => `intDiv(${dividend}, ${divisor})`,
  typed: (expr, type, nullable) => `CAST(${expr} AS ${clickHouseType(type, nullable)})`,
  limit: (count, skip) => `LIMIT ${count}${skip === undefined ? '' : ` OFFSET ${skip}`}`,
  createTable: clickHouseCreateTable(CLICKHOUSE_TYPES),
  tablesStartingWith: (prefix) =>
    `SELECT name FROM system.tables WHERE database = currentDatabase() AND startsWith(name, '${checkPrefix(prefix)}')`,
  unstorable(bound) {
    if (bound.cast !== undefined && typeof bound.value === 'string') {
      // Date and DateTime hold 1970 to 2105 in 18.16 (Date to 2149 in current releases); the literal would clamp.
      const day = bound.value.slice(0, 10);
      if (day < STORABLE_DAYS.first || day > STORABLE_DAYS.last) {
        return `ClickHouse stores dates from ${STORABLE_DAYS.first} to ${STORABLE_DAYS.last}`;
      }
    }
    try {
      clickHouseLiteral(bound);
      return undefined;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  },
};

/**
 * The ClickHouse dialect of 20.1 and later releases: the same statements as {@link clickHouseDialect}, except that
 * - quick create's timestamp columns are `DateTime64(3, 'UTC')` and timestamp values millisecond literals, so a
 *   supplied `07:41:09.250` is stored and filtered as such (18.16 has no DateTime64: it stores whole seconds, a
 *   fraction rounded up to the next second);
 * - a root entered by name takes all its joins in one SELECT (18.16 takes one), so on a cluster a statement that
 *   joins several tables to its measure table runs whole on the shards too.
 */
export const clickHouseCurrentDialect: Dialect = {
  ...clickHouseDialect,
  variant: '20.1 and later',
  fromRoot(root, joins) {
    if (root.rls === '') return clickHouseDialect.fromRoot(root, joins);
    const joined = joins.map((join) => ` ALL INNER JOIN ${join.table} ON ${join.on}`).join('');
    return { sql: `FROM ${root.table}${joined}`, where: [root.rls] };
  },
  values: (databaseNames) => new ClickHouseValues(databaseNames, true, true),
  plainValues: () => new ClickHouseValues([], false, true),
  createTable: clickHouseCreateTable(CLICKHOUSE_TYPES_MS),
};

/** The dialect for a server's `version()` (`18.16.1`, `26.7.2.1`): {@link clickHouseCurrentDialect} from 20.1 on. */
export function clickHouseDialectFor(version: string): Dialect {
  const major = Number(/^(\d+)\./.exec(version)?.[1] ?? 0);
  return major >= 20 ? clickHouseCurrentDialect : clickHouseDialect;
}

export const DIALECTS = { duckdb: duckDbDialect, clickhouse: clickHouseDialect } as const;
