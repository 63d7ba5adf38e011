/**
 * The grouped core of a visual query: the selected columns as groups (`"c0"`, `"c1"`, …) and the measures
 * aggregated per group (`"m0"`, …), under the filters on rows. Measures of different tables are aggregated each from
 * its own table and then lined up by group, so a visual can show pages and alerts per model side by side.
 */
import type { DuckDBValue } from '@duckdb/node-api';
import type {
  ColumnField,
  MeasureField,
  ModelIndex,
  ParsedFilter,
  ResolvedField,
} from '@portico/analytics-model';
import { QueryError } from '@portico/analytics-model';
import { Aliases, chooseRoot, fromClause, reachable } from './planner.ts';
import { filterFields, predicate } from './predicates.ts';
import type { PredicateScope } from './predicates.ts';
import { duckDbDialect } from './dialect.ts';
import type { Dialect, StatementValues } from './dialect.ts';
import { measureExpr } from './sql.ts';
import { orderTerm } from './sort-order.ts';

/** What one statement's pieces share: the dialect, the model, the value list and the alias counter. */
export class QueryState {
  readonly params: StatementValues;
  readonly aliases = new Aliases();

  constructor(
    readonly index: ModelIndex,
    databaseNames: readonly string[],
    readonly dialect: Dialect = duckDbDialect,
  ) {
    this.params = dialect.values(databaseNames);
  }

  /** Binds a row count (LIMIT) like any other value. */
  limit(rows: number): string {
    return this.params.add({ value: rows });
  }

  get values(): DuckDBValue[] {
    return this.params.values;
  }

  ident(name: string): string {
    return this.dialect.ident(name);
  }

  /** `"q"."c0"`: a column of a derived table. */
  qualified(alias: string, name: string): string {
    return this.dialect.qualified(alias, name);
  }
}

/** The name of the i-th group (`c0`) and j-th measure (`m0`) in a grouped select. */
export const groupName = (i: number): string => `c${i}`;
export const measureName = (j: number): string => `m${j}`;
export const groupAlias = (i: number, dialect: Dialect): string => dialect.ident(groupName(i));
export const measureAlias = (j: number, dialect: Dialect): string => dialect.ident(measureName(j));

/** The filters on rows that a query rooted at `root` can apply: those whose tables are reachable from it. */
export function applicableFilters(
  state: QueryState,
  root: string,
  filters: readonly ParsedFilter[],
): { readonly filters: readonly ParsedFilter[]; readonly tables: readonly string[] } {
  const reach = reachable(state.index, root);
  const applicable = filters.filter((f) => filterFields(f).every((field) => reach.has(field.table)));
  return {
    filters: applicable,
    tables: applicable.flatMap((f) => filterFields(f).map((field) => field.table)),
  };
}

/** A predicate scope over one FROM clause: columns by alias; measures never appear among row filters. */
export function rowScope(
  state: QueryState,
  aliasOf: ReadonlyMap<string, string>,
  rowFilters: readonly ParsedFilter[],
): PredicateScope {
  return {
    params: state.params,
    dialect: state.dialect,
    expr(field: ResolvedField) {
      const alias = aliasOf.get(field.table);
      if (field.kind !== 'column' || alias === undefined)
        throw new QueryError(`${field.queryName} cannot filter rows here`);
      return state.dialect.columnRef(alias, field.column);
    },
    topN: (filter) => topNSubquery(state, filter, rowFilters),
  };
}

function groupSelect(
  state: QueryState,
  root: string,
  groups: readonly ColumnField[],
  measures: readonly { readonly field: MeasureField; readonly slot: number }[],
  rowFilters: readonly ParsedFilter[],
  /** Every measure slot of the statement, when the part goes into a UNION that needs them all (ClickHouse). */
  allSlots?: number,
): string {
  const reach = reachable(state.index, root);
  for (const column of groups) {
    if (!reach.has(column.table)) {
      const with_ = measures.length > 0 ? `measures of '${root}'` : `'${root}'`;
      throw new QueryError(
        `${column.queryName} cannot be shown with ${with_}: no relationship leads from '${root}' to '${column.table}'`,
      );
    }
  }
  const applicable = applicableFilters(state, root, rowFilters);
  const from = fromClause(
    state.dialect,
    state.index,
    root,
    [...groups.map((c) => c.table), ...applicable.tables],
    state.aliases,
    state.params,
  );
  const scope = rowScope(state, from.aliasOf, rowFilters);
  const groupExprs = groups.map((column) => scope.expr(column));
  const rootAlias = from.aliasOf.get(root) ?? '';
  const { dialect } = state;
  const measureColumns =
    allSlots === undefined
      ? measures.map(
          ({ field, slot }) =>
            `${measureExpr(dialect, rootAlias, field.formula)} AS ${measureAlias(slot, dialect)}`,
        )
      : Array.from({ length: allSlots }, (_unused, slot) => {
          const own = measures.find((m) => m.slot === slot);
          const expr = own === undefined ? undefined : measureExpr(dialect, rootAlias, own.field.formula);
          return `${dialect.unionMeasure(expr)} AS ${measureAlias(slot, dialect)}`;
        });
  const select = [...groupExprs.map((expr, i) => `${expr} AS ${groupAlias(i, dialect)}`), ...measureColumns];
  const where = [...from.where, ...applicable.filters.map((filter) => predicate(scope, filter))];
  return [
    `SELECT ${select.join(', ')}`,
    from.sql,
    where.length > 0 ? `WHERE ${where.join(' AND ')}` : '',
    groupExprs.length > 0 ? `GROUP BY ${groupExprs.join(', ')}` : '',
  ]
    .filter((line) => line !== '')
    .join('\n  ');
}

/**
 * A SELECT of the groups `"c0"…` and measures `"m0"…` under the row filters.
 *
 * ```ts
 * groupedSelect(state, [modelColumn], [totalPages], filters);
 * // SELECT "t1"."model" AS "c0", sum("t0"."total_pages") AS "m0" FROM … WHERE … GROUP BY "t1"."model"
 * ```
 */
export function groupedSelect(
  state: QueryState,
  groups: readonly ColumnField[],
  measures: readonly MeasureField[],
  rowFilters: readonly ParsedFilter[],
): string {
  const byTable = new Map<string, { field: MeasureField; slot: number }[]>();
  measures.forEach((field, slot) => {
    const list = byTable.get(field.table) ?? [];
    list.push({ field, slot });
    byTable.set(field.table, list);
  });
  if (byTable.size === 0) {
    if (groups.length === 0) throw new QueryError('select needs at least one column or measure');
    byTable.set(
      chooseRoot(
        state.index,
        groups.map((c) => c.table),
      ),
      [],
    );
  }
  const { dialect } = state;
  const several = byTable.size > 1;
  const allSlots = several && !dialect.unionByName ? measures.length : undefined;
  const parts = [...byTable].map(([root, list]) =>
    groupSelect(state, root, groups, list, rowFilters, allSlots),
  );
  if (!several) return parts[0] ?? '';
  // Several tables' measures: each part has its own measures; line them up by group (max() picks the one value).
  const keys = groups.map((_c, i) => groupAlias(i, dialect));
  const values = measures.map((_m, j) => `max(${measureAlias(j, dialect)}) AS ${measureAlias(j, dialect)}`);
  const union = dialect.unionByName
    ? parts.map((part) => `(${part})`).join('\n  UNION ALL BY NAME\n  ')
    : parts.map((part) => `SELECT * FROM (${part})`).join('\n  UNION ALL\n  ');
  const group = keys.length > 0 ? ` GROUP BY ${keys.join(', ')}` : '';
  return `SELECT ${[...keys, ...values].join(', ')} FROM (${union}) AS ${state.ident(state.aliases.take())}${group}`;
}

/**
 * The values of a top N filter's target with the best (or worst) `itemCount` values of its measure, ties broken by
 * the target's value as every statement orders it (sort-order.ts).
 */
export function topNSubquery(
  state: QueryState,
  filter: Extract<ParsedFilter, { type: 'topN' }>,
  rowFilters: readonly ParsedFilter[],
): string {
  const others = rowFilters.filter((f) => f.type !== 'topN');
  const inner = groupedSelect(state, [filter.target], [filter.orderBy], others);
  const { dialect } = state;
  return (
    `SELECT ${groupAlias(0, dialect)} FROM (${inner}) AS ${state.ident(state.aliases.take())}` +
    ` ORDER BY ${dialect.order(measureAlias(0, dialect), filter.operator === 'Top')}, ${orderTerm(dialect, groupAlias(0, dialect), filter.target.dataType === 'string', false)}` +
    ` LIMIT ${state.limit(filter.itemCount)}`
  );
}
