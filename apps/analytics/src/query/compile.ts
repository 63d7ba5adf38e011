/**
 * A visual query → one parameterised SQL statement: the grouped core (grouped.ts) wrapped in the filters on
 * measures, the order and the row limit.
 */
import type { DuckDBType, DuckDBValue } from '@duckdb/node-api';
import type { Dataset, FieldRef } from '@portico/analytics-model';
import { QueryError } from '@portico/analytics-model';
import { columnField, resolveField, sameField } from '@portico/analytics-model';
import type { ColumnField, MeasureField, ResolvedField } from '@portico/analytics-model';
import { parseFilter } from '@portico/analytics-model';
import type { ParsedFilter } from '@portico/analytics-model';
import { duckDbDialect } from './dialect.ts';
import type { Dialect } from './dialect.ts';
import { groupAlias, groupedSelect, groupName, measureAlias, measureName, QueryState } from './grouped.ts';
import { modelIndex } from '@portico/analytics-model';
import { predicate } from './predicates.ts';
import { orderTerm } from './sort-order.ts';
import type { PredicateScope } from './predicates.ts';
import { MAX_QUERY_ROWS } from '@portico/analytics-model';
import type { QueryContext, ResultColumn, VisualQuery } from '@portico/analytics-model';

export interface CompiledQuery {
  readonly sql: string;
  /**
   * DuckDB: `$1` is the row-level-security list; every other value of the query follows, in placeholder order.
   * ClickHouse: empty (its values are typed literals in the text).
   */
  readonly params: readonly DuckDBValue[];
  /** Types of the leading parameters (the RLS list). */
  readonly paramTypes: readonly DuckDBType[];
  readonly columns: ResultColumn[];
  /** Rows the caller asked for; the statement fetches one more to tell whether there were more. */
  readonly limit: number;
  /**
   * What of "now" the statement holds: nothing, the UTC day (relative date filters) or the instant (relative time
   * filters). Tells compile-cache.ts how long the statement stays true. Absent where it is not worked out.
   */
  readonly clock?: ClockDependence;
}

export type ClockDependence = 'none' | 'day' | 'instant';

/** The most precise use of "now" among `filters`. */
function clockOf(filters: readonly ParsedFilter[]): ClockDependence {
  if (filters.some((f) => f.type === 'relativeTime')) return 'instant';
  return filters.some((f) => f.type === 'relativeDate') ? 'day' : 'none';
}

/** The parts every compiled form shares: resolved fields and filters, split by what they act on. */
export interface PreparedQuery {
  readonly state: QueryState;
  readonly select: readonly { readonly ref: FieldRef; readonly field: ResolvedField }[];
  /** The selected columns in select order, then the sort-by columns they need that are not selected. */
  readonly groups: readonly ColumnField[];
  /** How many of `groups` were selected. */
  readonly selectedGroups: number;
  /** For each group, the index of the group that orders it (itself, or its sort-by column). */
  readonly sortGroup: readonly number[];
  readonly rowFilters: readonly ParsedFilter[];
  readonly measureFilters: readonly ParsedFilter[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function list(value: unknown, name: string, max: number): readonly unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new QueryError(`${name} must be an array`);
  if (value.length > max) throw new QueryError(`${name} may hold at most ${max} items`);
  return value;
}

export function resultColumn(ref: FieldRef, field: ResolvedField): ResultColumn {
  return {
    field: ref,
    kind: field.kind,
    queryName: field.queryName,
    displayName: field.displayName,
    dataType: field.dataType,
    ...(field.format === undefined ? {} : { format: field.format }),
  };
}

/** Checks the query's shape, resolves every name and parses every filter. */
export function prepareQuery(
  dataset: Dataset,
  query: VisualQuery | unknown,
  context: QueryContext,
  dialect: Dialect = duckDbDialect,
): PreparedQuery {
  if (!isObject(query)) throw new QueryError('query must be an object');
  if (query['datasetId'] !== undefined && query['datasetId'] !== dataset.id) {
    throw new QueryError(`datasetId must be the report's dataset (${dataset.id})`);
  }
  const index = modelIndex(dataset);
  const state = new QueryState(index, context.databaseNames, dialect);
  const refs = list(query['select'], 'select', 50);
  if (refs.length === 0) throw new QueryError('select needs at least one column or measure');
  const select = refs.map((ref, i) => {
    try {
      return { ref: ref as FieldRef, field: resolveField(index, ref) };
    } catch (error) {
      throw error instanceof QueryError ? new QueryError(`select[${i}]: ${error.message}`) : error;
    }
  });
  const now = context.now ?? new Date();
  const filters = list(query['filters'], 'filters', 100).map((raw, i) => {
    try {
      return parseFilter(index, raw, now);
    } catch (error) {
      throw error instanceof QueryError ? new QueryError(`filters[${i}]: ${error.message}`) : error;
    }
  });
  const onMeasure = (f: ParsedFilter): boolean => 'target' in f && f.target.kind === 'measure';
  const groups = select.map((s) => s.field).filter((f): f is ColumnField => f.kind === 'column');
  const selectedGroups = groups.length;
  const sortGroup = groups.map((group, i) => {
    if (group.column.sortBy === undefined) return i;
    const by = columnField(index, group.table, group.column.sortBy);
    const found = groups.findIndex((g) => sameField(g, by));
    return found >= 0 ? found : groups.push(by) - 1;
  });
  return {
    state,
    select,
    groups,
    selectedGroups,
    sortGroup,
    rowFilters: filters.filter((f) => !onMeasure(f)),
    measureFilters: filters.filter(onMeasure),
  };
}

function orderTerms(
  query: Record<string, unknown>,
  prepared: PreparedQuery,
  slotOf: (field: ResolvedField) => string,
): string[] {
  const terms: string[] = [];
  list(query['orderBy'], 'orderBy', 10).forEach((item, i) => {
    if (!isObject(item)) throw new QueryError(`orderBy[${i}] must be { field, direction }`);
    const direction = item['direction'];
    const descending = direction === 'Descending' || direction === 2;
    if (!descending && direction !== 'Ascending' && direction !== 1 && direction !== undefined) {
      throw new QueryError(`orderBy[${i}].direction must be Ascending or Descending`);
    }
    const field = resolveField(prepared.state.index, item['field']);
    terms.push(orderTerm(prepared.state.dialect, slotOf(field), field.dataType === 'string', descending));
  });
  // Then every selected group (by its sort-by column), so equal sort keys still come back in one stable order.
  const { state } = prepared;
  for (let i = 0; i < prepared.selectedGroups; i += 1) {
    const group = prepared.sortGroup[i] ?? i;
    const type = prepared.groups[group]?.dataType ?? 'integer';
    terms.push(orderTerm(state.dialect, state.qualified('q', groupName(group)), type === 'string', false));
  }
  return terms;
}

/**
 * Compiles a visual query for the caller in `context`.
 *
 * ```ts
 * const { sql, params } = compileVisualQuery(dataset, { select: [{ column: { table: 'Devices', column: 'Model' } }] }, { databaseNames: ['fabrikam'] });
 * ```
 */
export function compileVisualQuery(
  dataset: Dataset,
  query: VisualQuery | unknown,
  context: QueryContext,
  dialect: Dialect = duckDbDialect,
): CompiledQuery {
  const prepared = prepareQuery(dataset, query, context, dialect);
  const raw = query as Record<string, unknown>;
  const top = raw['top'] ?? MAX_QUERY_ROWS;
  if (typeof top !== 'number' || !Number.isInteger(top) || top < 1 || top > MAX_QUERY_ROWS) {
    throw new QueryError(`top must be an integer from 1 to ${MAX_QUERY_ROWS}`);
  }
  const { state } = prepared;
  // Measures: the selected ones, then any that only a filter or the order needs.
  const measures: MeasureField[] = prepared.select
    .map((s) => s.field)
    .filter((f): f is MeasureField => f.kind === 'measure');
  const need = (field: ResolvedField): number => {
    if (field.kind !== 'measure') return -1;
    let slot = measures.findIndex((m) => sameField(m, field));
    if (slot < 0) slot = measures.push(field) - 1;
    return slot;
  };
  for (const filter of prepared.measureFilters) if ('target' in filter) need(filter.target);
  const ranked = dialect.windowFunctions
    ? rankableTopN(prepared.groups, measures, prepared.rowFilters)
    : undefined;
  if (ranked) need(ranked.orderBy);
  const slotOf = (field: ResolvedField): string => {
    if (field.kind === 'measure') return state.qualified('q', measureName(need(field)));
    const group = prepared.groups.slice(0, prepared.selectedGroups).findIndex((g) => sameField(g, field));
    if (group < 0) throw new QueryError(`orderBy names ${field.queryName}, which is not selected`);
    return state.qualified('q', groupName(prepared.sortGroup[group] ?? group));
  };
  const order = orderTerms(raw, prepared, slotOf);
  const inner = ranked
    ? rankedSelect(state, prepared.groups, measures, prepared.rowFilters, ranked)
    : groupedSelect(state, prepared.groups, measures, prepared.rowFilters);

  const outerScope: PredicateScope = {
    params: state.params,
    dialect,
    expr: slotOf,
    topN: () => {
      throw new QueryError('a top N filter must target a column');
    },
  };
  const having = prepared.measureFilters.map((filter) => predicate(outerScope, filter));
  let groupIndex = 0;
  let measureIndex = 0;
  const outputs = prepared.select.map(({ field }) =>
    field.kind === 'column'
      ? state.qualified('q', groupName(groupIndex++))
      : state.qualified('q', measureName(measureIndex++)),
  );
  const sql = [
    `SELECT ${outputs.join(', ')}`,
    `FROM (${inner}) AS ${state.ident('q')}`,
    having.length > 0 ? `WHERE ${having.join(' AND ')}` : '',
    order.length > 0 ? `ORDER BY ${order.join(', ')}` : '',
    `LIMIT ${state.limit(top + 1)}`,
  ]
    .filter((line) => line !== '')
    .join('\n');
  return {
    sql,
    params: state.values,
    paramTypes: state.params.types,
    columns: prepared.select.map(({ ref, field }) => resultColumn(ref, field)),
    limit: top,
    clock: clockOf([...prepared.rowFilters, ...prepared.measureFilters]),
  };
}

type TopNFilter = Extract<ParsedFilter, { type: 'topN' }>;

/**
 * The top N filter a query can rank in place: the only one, on the query's only grouping column, ranked by a measure
 * of the table all the query's measures aggregate. Its `IN (top N subquery)` would aggregate the same rows, under
 * the same filters, a second time.
 */
function rankableTopN(
  groups: readonly ColumnField[],
  measures: readonly MeasureField[],
  rowFilters: readonly ParsedFilter[],
): TopNFilter | undefined {
  const topN = rowFilters.filter((f): f is TopNFilter => f.type === 'topN');
  const [filter] = topN;
  const [group] = groups;
  if (topN.length !== 1 || filter === undefined || group === undefined || groups.length !== 1)
    return undefined;
  if (!sameField(group, filter.target) || measures.length === 0) return undefined;
  return measures.every((m) => m.table === filter.orderBy.table) ? filter : undefined;
}

/**
 * The grouped rows under every other filter, numbered by the top N's measure (ties by the group's value in the order
 * every statement sorts it, as the subquery does) and kept up to N. A blank group takes its place in the ranking but,
 * as `IN` never matches blank, is not kept.
 */
function rankedSelect(
  state: QueryState,
  groups: readonly ColumnField[],
  measures: readonly MeasureField[],
  rowFilters: readonly ParsedFilter[],
  filter: TopNFilter,
): string {
  const base = groupedSelect(
    state,
    groups,
    measures,
    rowFilters.filter((f) => f !== filter),
  );
  const { dialect } = state;
  const measure = measureAlias(
    measures.findIndex((m) => sameField(m, filter.orderBy)),
    dialect,
  );
  const group = groupAlias(0, dialect);
  const rank = state.ident('rank');
  const numbered =
    `SELECT *, row_number() OVER (ORDER BY ${dialect.order(measure, filter.operator === 'Top')}, ${orderTerm(dialect, group, filter.target.dataType === 'string', false)})` +
    ` AS ${rank} FROM (${base}) AS ${state.ident(state.aliases.take())}`;
  return (
    `SELECT * EXCLUDE (${rank}) FROM (${numbered}) AS ${state.ident(state.aliases.take())}` +
    ` WHERE ${rank} <= ${state.limit(filter.itemCount)} AND ${group} IS NOT NULL`
  );
}
