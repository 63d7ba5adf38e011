/**
 * Parsed filters as SQL predicates. Semantics, for every operator (blank = NULL; for text also the empty string in
 * IsBlank / IsNotBlank):
 * - In / Is / comparisons never match blank; NotIn / IsNot / DoesNotContain / DoesNotStartWith always do.
 * - Contains and StartsWith ignore case; In, Is and comparisons do not.
 * - Relative ranges are half-open: from ≤ value < to.
 */
import type { Dialect, StatementValues } from './dialect.ts';
import { castFor } from './sql.ts';
import type { ColumnField, ResolvedField } from '@portico/analytics-model';
import type { AdvancedOperator, HierarchyNode, ParsedFilter } from '@portico/analytics-model';
import { bindText, bindValue, timestampText } from './values.ts';

export interface PredicateScope {
  readonly params: StatementValues;
  readonly dialect: Dialect;
  /** The SQL expression of a column or measure in the query being built. */
  expr(field: ResolvedField): string;
  /** A one-column subquery listing the values a top N filter keeps. */
  topN(filter: Extract<ParsedFilter, { type: 'topN' }>): string;
}

const or = (d: Dialect, parts: readonly string[]): string =>
  parts.length === 0 ? d.false : `(${parts.join(' OR ')})`;
const and = (d: Dialect, parts: readonly string[]): string =>
  parts.length === 0 ? d.true : `(${parts.join(' AND ')})`;

function bound(scope: PredicateScope, field: ResolvedField, value: unknown): string {
  return scope.params.add(bindValue(value, field.dataType, field.queryName));
}

function basic(
  scope: PredicateScope,
  field: ResolvedField,
  operator: 'In' | 'NotIn' | 'All',
  values: readonly unknown[],
): string {
  const d = scope.dialect;
  if (operator === 'All') return d.true;
  const e = scope.expr(field);
  const hasNull = values.some((v) => v === null);
  const list = values.filter((v) => v !== null).map((v) => bound(scope, field, v));
  const inList = list.length === 0 ? d.false : `${e} IN (${list.join(', ')})`;
  if (operator === 'In') return hasNull ? `(${inList} OR ${e} IS NULL)` : `(${inList})`;
  if (list.length === 0) return hasNull ? `(${e} IS NOT NULL)` : d.true;
  return hasNull
    ? `(${e} IS NOT NULL AND ${e} NOT IN (${list.join(', ')}))`
    : `(${e} IS NULL OR ${e} NOT IN (${list.join(', ')}))`;
}

const COMPARISONS: Partial<Record<AdvancedOperator, string>> = {
  LessThan: '<',
  LessThanOrEqual: '<=',
  GreaterThan: '>',
  GreaterThanOrEqual: '>=',
  Is: '=',
};

function condition(
  scope: PredicateScope,
  field: ResolvedField,
  operator: AdvancedOperator,
  value: unknown,
): string | undefined {
  const d = scope.dialect;
  const e = scope.expr(field);
  const text = d.lowerText(e);
  const search = (): string => d.lowerText(scope.params.add(bindText(value, field.queryName)));
  const comparison = COMPARISONS[operator];
  if (comparison !== undefined) return `(${e} ${comparison} ${bound(scope, field, value)})`;
  switch (operator) {
    case 'None':
      return undefined;
    case 'IsNot':
      return `(NOT ${d.notDistinct(e, bound(scope, field, value))})`;
    case 'Contains':
      return `(${e} IS NOT NULL AND ${d.contains(text, search())})`;
    case 'DoesNotContain':
      return `(${e} IS NULL OR NOT ${d.contains(text, search())})`;
    case 'StartsWith':
      return `(${e} IS NOT NULL AND ${d.startsWith(text, search())})`;
    case 'DoesNotStartWith':
      return `(${e} IS NULL OR NOT ${d.startsWith(text, search())})`;
    case 'IsBlank':
      return field.dataType === 'string' ? `(${e} IS NULL OR ${e} = '')` : `(${e} IS NULL)`;
    case 'IsNotBlank':
      return field.dataType === 'string' ? `(${e} IS NOT NULL AND ${e} <> '')` : `(${e} IS NOT NULL)`;
    default:
      return undefined;
  }
}

/** Equal to a value, never NULL itself (so that NOT over it stays two-valued). */
function same(scope: PredicateScope, field: ColumnField, value: unknown): string {
  const e = scope.expr(field);
  return value === null ? `(${e} IS NULL)` : scope.dialect.notDistinct(e, bound(scope, field, value));
}

/**
 * A hierarchy node: its own value at its level, and then its children. A Selected node keeps its subtree except the
 * children listed otherwise; NotSelected keeps only listed children that say so; Inherited follows its parent.
 * Returns a renderer (or undefined when the node keeps nothing), so that parameters are bound only for the parts of
 * the tree that end up in the statement.
 */
function hierarchyNode(
  scope: PredicateScope,
  targets: readonly ColumnField[],
  node: HierarchyNode,
  depth: number,
  inherited: boolean,
): (() => string) | undefined {
  const selected = node.operator === 'Selected' || (node.operator === 'Inherited' && inherited);
  const target = targets[depth];
  if (target === undefined) return undefined;
  if (node.children.length === 0) return selected ? () => same(scope, target, node.value) : undefined;
  const kept = node.children
    .map((child) => hierarchyNode(scope, targets, child, depth + 1, selected))
    .filter((part): part is () => string => part !== undefined);
  const next = targets[depth + 1];
  if (selected && next !== undefined) {
    kept.push(
      () =>
        `NOT ${or(
          scope.dialect,
          node.children.map((child) => same(scope, next, child.value)),
        )}`,
    );
  }
  if (kept.length === 0) return undefined;
  return () =>
    and(scope.dialect, [
      same(scope, target, node.value),
      or(
        scope.dialect,
        kept.map((part) => part()),
      ),
    ]);
}

/**
 * The SQL predicate of one filter; its values are added to `scope.params`.
 *
 * ```ts
 * predicate(scope, parsedBasicIn); // '("t1"."site" IN ($2, $3))'
 * ```
 */
export function predicate(scope: PredicateScope, filter: ParsedFilter): string {
  const d = scope.dialect;
  switch (filter.type) {
    case 'basic':
      return basic(scope, filter.target, filter.operator, filter.values);
    case 'advanced': {
      const parts = filter.conditions
        .map((c) => condition(scope, filter.target, c.operator, c.value))
        .filter((part): part is string => part !== undefined);
      if (parts.length === 0) return d.true;
      return filter.logicalOperator === 'And' ? and(d, parts) : or(d, parts);
    }
    case 'topN':
      return `(${scope.dialect.inSubquery(scope.expr(filter.target), scope.topN(filter))})`;
    case 'relativeDate': {
      const e = scope.expr(filter.target);
      const cast = castFor(filter.target.dataType) ?? 'DATE';
      const from = scope.params.add({ value: filter.range.from, cast });
      const to = scope.params.add({ value: filter.range.to, cast });
      return `(${e} >= ${from} AND ${e} < ${to})`;
    }
    case 'relativeTime': {
      const e = scope.expr(filter.target);
      const from = scope.params.add({ value: timestampText(filter.range.from), cast: 'TIMESTAMP' });
      const to = scope.params.add({ value: timestampText(filter.range.to), cast: 'TIMESTAMP' });
      return `(${e} >= ${from} AND ${e} < ${to})`;
    }
    case 'tuple':
      return or(
        d,
        filter.values.map((tuple) =>
          and(
            d,
            filter.targets.map((target, i) => same(scope, target, tuple[i] ?? null)),
          ),
        ),
      );
    case 'hierarchy':
      return or(
        d,
        filter.nodes
          .map((node) => hierarchyNode(scope, filter.targets, node, 0, false))
          .filter((part): part is () => string => part !== undefined)
          .map((part) => part()),
      );
  }
}

/** The fields a filter reads (which decide the tables it needs). */
export function filterFields(filter: ParsedFilter): readonly ResolvedField[] {
  if (filter.type === 'tuple' || filter.type === 'hierarchy') return filter.targets;
  return [filter.target];
}
