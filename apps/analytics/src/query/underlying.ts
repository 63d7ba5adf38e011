/**
 * The underlying data behind a visual: the detail rows of its measures' table, with the visual's columns and the
 * columns its measures aggregate, under every filter. Filters on measures keep the rows of the groups that pass them.
 */
import type {
  ColumnField,
  Dataset,
  MeasureField,
  QueryContext,
  ResolvedField,
  VisualQuery,
} from '@portico/analytics-model';
import { columnField, MAX_UNDERLYING_ROWS, QueryError } from '@portico/analytics-model';
import type { CompiledQuery } from './compile.ts';
import { prepareQuery } from './compile.ts';
import { orderTerm } from './sort-order.ts';
import { duckDbDialect } from './dialect.ts';
import type { Dialect } from './dialect.ts';
import { applicableFilters, groupAlias, groupedSelect, groupName, measureName, rowScope } from './grouped.ts';
import { chooseRoot, fromClause } from './planner.ts';
import { predicate } from './predicates.ts';
import type { PredicateScope } from './predicates.ts';

function baseColumns(index: Parameters<typeof columnField>[0], measure: MeasureField): ColumnField[] {
  const parts =
    'aggregation' in measure.formula
      ? [measure.formula]
      : [measure.formula.numerator, measure.formula.denominator];
  return parts.map((part) => columnField(index, measure.table, part.column.name));
}

/**
 * Compiles the underlying-data query of a visual query.
 *
 * ```ts
 * compileUnderlyingQuery(dataset, visualQuery, { databaseNames: ['fabrikam'] }, 1000).sql; // SELECT … (no GROUP BY)
 * ```
 */
export function compileUnderlyingQuery(
  dataset: Dataset,
  query: VisualQuery | unknown,
  context: QueryContext,
  rows = MAX_UNDERLYING_ROWS,
  dialect: Dialect = duckDbDialect,
): CompiledQuery {
  const prepared = prepareQuery(dataset, query, context, dialect);
  const { state } = prepared;
  const measures = prepared.select.map((s) => s.field).filter((f): f is MeasureField => f.kind === 'measure');
  const measureTables = [...new Set(measures.map((m) => m.table))];
  if (measureTables.length > 1) {
    throw new QueryError(
      `Underlying data needs measures of one table; these come from ${measureTables.join(', ')}`,
    );
  }
  const groups = prepared.groups.slice(0, prepared.selectedGroups);
  const root =
    measureTables[0] ??
    chooseRoot(
      state.index,
      groups.map((g) => g.table),
    );
  const columns: ColumnField[] = [];
  for (const field of [...groups, ...measures.flatMap((m) => baseColumns(state.index, m))]) {
    if (!columns.some((c) => c.queryName === field.queryName)) columns.push(field);
  }
  const applicable = applicableFilters(state, root, prepared.rowFilters);
  const from = fromClause(
    dialect,
    state.index,
    root,
    [...columns.map((c) => c.table), ...applicable.tables],
    state.aliases,
    state.params,
  );
  const scope = rowScope(state, from.aliasOf, prepared.rowFilters);
  const where = [...from.where, ...applicable.filters.map((filter) => predicate(scope, filter))];

  if (prepared.measureFilters.length > 0) {
    // Keep the detail rows of the groups whose measures pass: the visual's own groups, filtered as the visual is.
    const filterMeasures = prepared.measureFilters.flatMap((f) =>
      'target' in f && f.target.kind === 'measure' ? [f.target] : [],
    );
    const grouped = groupedSelect(state, groups, filterMeasures, prepared.rowFilters);
    const aliasName = state.aliases.take();
    const alias = state.ident(aliasName);
    const having: PredicateScope = {
      params: state.params,
      dialect,
      expr: (field: ResolvedField) =>
        state.qualified(
          aliasName,
          measureName(filterMeasures.findIndex((m) => m.queryName === field.queryName)),
        ),
      topN: () => 'NULL',
    };
    const pass = prepared.measureFilters.map((filter) => predicate(having, filter));
    if (dialect.correlatedSubqueries) {
      const match = groups.map((g, i) =>
        dialect.notDistinct(state.qualified(aliasName, groupName(i)), scope.expr(g)),
      );
      where.push(
        `EXISTS (SELECT 1 FROM (${grouped}) AS ${alias} WHERE ${[...match, ...pass].join(' AND ')})`,
      );
    } else if (groups.length === 0) {
      // No groups: the one total either passes or not.
      where.push(`(SELECT count() FROM (${grouped}) AS ${alias} WHERE ${pass.join(' AND ')}) > 0`);
    } else {
      // No correlated subqueries (ClickHouse): the detail row's groups IN the passing groups, NULL-safe.
      const outer = groups.map((g) => dialect.nullSafeKey(scope.expr(g)));
      const inner = groups.map((_g, i) => dialect.nullSafeKey(state.qualified(aliasName, groupName(i))));
      where.push(
        dialect.inSubquery(
          `tuple(${outer.join(', ')})`,
          `SELECT tuple(${inner.join(', ')}) FROM (${grouped}) AS ${alias} WHERE ${pass.join(' AND ')}`,
        ),
      );
    }
  }
  const select = columns.map((c, i) => `${scope.expr(c)} AS ${groupAlias(i, dialect)}`);
  const order = columns.map((c) => orderTerm(dialect, scope.expr(c), c.dataType === 'string', false));
  const sql = [
    `SELECT ${select.join(', ')}`,
    from.sql,
    where.length > 0 ? `WHERE ${where.join(' AND ')}` : '',
    order.length > 0 ? `ORDER BY ${order.join(', ')}` : '',
    `LIMIT ${state.limit(rows + 1)}`,
  ]
    .filter((line) => line !== '')
    .join('\n');
  return {
    sql,
    params: state.values,
    paramTypes: state.params.types,
    columns: columns.map((c) => ({
      field: { column: { table: c.table, column: c.column.name } },
      kind: 'column' as const,
      queryName: c.queryName,
      displayName: c.displayName,
      dataType: c.dataType,
      ...(c.format === undefined ? {} : { format: c.format }),
    })),
    limit: rows,
  };
}
