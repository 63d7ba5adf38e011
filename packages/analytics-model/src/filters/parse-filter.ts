/**
 * Filters as they arrive (models' JSON, structured-cloned, with or without `$schema`) parsed into checked, resolved
 * filters. Anything malformed, unknown or unsupported is refused with a QueryError that says what and where.
 */
import type { AdvancedFilterConditionOperators } from '@portico/models';
import { FilterType, getFilterType, RelativeDateOperators as Op } from '@portico/models';
import type { IFilter, RelativeDateFilterTimeUnit as Unit } from '@portico/models';
import type { ColumnField, MeasureField, ResolvedField } from './fields.ts';
import { columnTarget, columnTargets, resolveTarget } from './filter-targets.ts';
import type { ModelIndex } from './model-index.ts';
import { relativeDateRange, relativeTimeRange } from './relative-dates.ts';
import type { DateRange, TimeRange } from './relative-dates.ts';
import { QueryError, shown } from './query-error.ts';

/** A condition's operator: the models' own list (`AdvancedFilterConditionOperators`). */
export type AdvancedOperator = AdvancedFilterConditionOperators;

export interface HierarchyNode {
  readonly value: unknown;
  readonly operator: 'Selected' | 'NotSelected' | 'Inherited';
  readonly children: readonly HierarchyNode[];
}

export type ParsedFilter =
  | {
      readonly type: 'basic';
      readonly target: ResolvedField;
      readonly operator: 'In' | 'NotIn' | 'All';
      readonly values: readonly unknown[];
    }
  | {
      readonly type: 'advanced';
      readonly target: ResolvedField;
      readonly logicalOperator: 'And' | 'Or';
      readonly conditions: readonly { readonly operator: AdvancedOperator; readonly value: unknown }[];
    }
  | {
      readonly type: 'topN';
      readonly target: ColumnField;
      readonly operator: 'Top' | 'Bottom';
      readonly itemCount: number;
      readonly orderBy: MeasureField;
    }
  | { readonly type: 'relativeDate'; readonly target: ColumnField; readonly range: DateRange }
  | { readonly type: 'relativeTime'; readonly target: ColumnField; readonly range: TimeRange }
  | {
      readonly type: 'tuple';
      readonly targets: readonly ColumnField[];
      readonly values: readonly (readonly unknown[])[];
    }
  | {
      readonly type: 'hierarchy';
      readonly targets: readonly ColumnField[];
      readonly nodes: readonly HierarchyNode[];
    };

/** Limits that keep one request from building an enormous statement. */
const MAX_VALUES = 10_000;
const MAX_CONDITIONS = 10;

const ADVANCED_OPERATORS: ReadonlySet<string> = new Set<AdvancedOperator>([
  'None',
  'LessThan',
  'LessThanOrEqual',
  'GreaterThan',
  'GreaterThanOrEqual',
  'Contains',
  'DoesNotContain',
  'StartsWith',
  'DoesNotStartWith',
  'Is',
  'IsNot',
  'IsBlank',
  'IsNotBlank',
]);

const SCHEMA_TYPES: Readonly<Record<string, FilterType>> = {
  basic: FilterType.Basic,
  advanced: FilterType.Advanced,
  topN: FilterType.TopN,
  relativeDate: FilterType.RelativeDate,
  relativeTime: FilterType.RelativeTime,
  tuple: FilterType.Tuple,
  identity: FilterType.Identity,
  hierarchy: FilterType.Hierarchy,
  includeExclude: FilterType.IncludeExclude,
  notSupported: FilterType.Unknown,
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isPrimitive = (value: unknown): boolean =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value) || value instanceof Date;

/** `filterType` when present; else the `$schema` URL's fragment; else the shape (models' `getFilterType`). */
function typeOf(filter: Json): FilterType {
  if (typeof filter['filterType'] === 'number') return filter['filterType'] as FilterType;
  const schema = filter['$schema'];
  if (typeof schema === 'string') {
    const found = SCHEMA_TYPES[schema.slice(schema.indexOf('#') + 1)];
    if (found !== undefined) return found;
  }
  return getFilterType(filter as unknown as IFilter);
}

function valueList(raw: unknown, name: string): unknown[] {
  if (!Array.isArray(raw)) throw new QueryError(`${name} must be an array`);
  if (raw.length > MAX_VALUES) throw new QueryError(`${name} may hold at most ${MAX_VALUES} values`);
  for (const value of raw) {
    if (!isPrimitive(value))
      throw new QueryError(`${name} may hold only strings, numbers and booleans; got ${shown(value)}`);
  }
  return raw;
}

function integerIn(raw: unknown, name: string, min: number, max: number): number {
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < min || raw > max) {
    throw new QueryError(`${name} must be an integer from ${min} to ${max}; got ${shown(raw)}`);
  }
  return raw;
}

function parseBasic(index: ModelIndex, f: Json): ParsedFilter {
  const operator = f['operator'];
  if (operator !== 'In' && operator !== 'NotIn' && operator !== 'All') {
    throw new QueryError(`operator must be In, NotIn or All; got ${shown(operator)}`);
  }
  const values = operator === 'All' && f['values'] === undefined ? [] : valueList(f['values'], 'values');
  if (f['requireSingleSelection'] === true && values.length > 1) {
    throw new QueryError(`requireSingleSelection allows one value; got ${values.length}`);
  }
  return { type: 'basic', target: resolveTarget(index, f['target']), operator, values };
}

function parseAdvanced(index: ModelIndex, f: Json): ParsedFilter {
  const logicalOperator = f['logicalOperator'];
  if (logicalOperator !== 'And' && logicalOperator !== 'Or') {
    throw new QueryError(`logicalOperator must be And or Or; got ${shown(logicalOperator)}`);
  }
  const raw = f['conditions'];
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_CONDITIONS) {
    throw new QueryError(`conditions must be an array of 1 to ${MAX_CONDITIONS} conditions`);
  }
  const conditions = raw.map((condition: unknown, i) => {
    if (
      !isObject(condition) ||
      typeof condition['operator'] !== 'string' ||
      !ADVANCED_OPERATORS.has(condition['operator'])
    ) {
      throw new QueryError(`conditions[${i}].operator must be one of ${[...ADVANCED_OPERATORS].join(', ')}`);
    }
    const operator = condition['operator'] as AdvancedOperator;
    const value = condition['value'];
    const needsValue = !['None', 'IsBlank', 'IsNotBlank'].includes(operator);
    if (needsValue && (value === undefined || value === null || !isPrimitive(value))) {
      throw new QueryError(`conditions[${i}] (${operator}) needs a string, number, boolean or date value`);
    }
    return { operator, value };
  });
  return { type: 'advanced', target: resolveTarget(index, f['target']), logicalOperator, conditions };
}

function parseTopN(index: ModelIndex, f: Json): ParsedFilter {
  const operator = f['operator'];
  if (operator !== 'Top' && operator !== 'Bottom')
    throw new QueryError(`operator must be Top or Bottom; got ${shown(operator)}`);
  const orderBy = resolveTarget(index, f['orderBy']);
  if (orderBy.kind !== 'measure') {
    throw new QueryError(
      'orderBy of a top N filter must be a measure or a column with an aggregationFunction',
    );
  }
  return {
    type: 'topN',
    target: columnTarget(index, f['target'], 'A top N filter'),
    operator,
    itemCount: integerIn(f['itemCount'], 'itemCount', 1, MAX_VALUES),
    orderBy,
  };
}

function parseRelative(index: ModelIndex, f: Json, now: Date, time: boolean): ParsedFilter {
  const what = time ? 'A relative time filter' : 'A relative date filter';
  const target = columnTarget(index, f['target'], what);
  if (target.dataType !== 'date' && target.dataType !== 'dateTime') {
    throw new QueryError(`${what} needs a date column; ${target.queryName} is ${target.dataType}`);
  }
  const operator = integerIn(f['operator'], 'operator (InLast 0, InThis 1, InNext 2)', 0, 2) as Op;
  const unit = time
    ? (integerIn(f['timeUnitType'], 'timeUnitType (Minutes 7, Hours 8)', 7, 8) as Unit)
    : (integerIn(f['timeUnitType'], 'timeUnitType (Days 0 … CalendarYears 6)', 0, 6) as Unit);
  const count =
    operator === Op.InThis && f['timeUnitsCount'] === undefined
      ? 1
      : integerIn(f['timeUnitsCount'], 'timeUnitsCount', 1, 10_000);
  if (time) return { type: 'relativeTime', target, range: relativeTimeRange(operator, count, unit, now) };
  const includeToday = f['includeToday'] ?? true;
  if (typeof includeToday !== 'boolean') throw new QueryError('includeToday must be a boolean');
  return { type: 'relativeDate', target, range: relativeDateRange(operator, count, unit, includeToday, now) };
}

function parseTuple(index: ModelIndex, f: Json): ParsedFilter {
  const targets = columnTargets(index, f['target'], 'A tuple filter');
  const raw = f['values'];
  if (!Array.isArray(raw) || raw.length > MAX_VALUES)
    throw new QueryError(`values must be an array of at most ${MAX_VALUES} tuples`);
  const values = raw.map((tuple: unknown, i) => {
    if (!Array.isArray(tuple) || tuple.length !== targets.length) {
      throw new QueryError(`values[${i}] must hold one { value } per target (${targets.length})`);
    }
    return tuple.map((element: unknown) => {
      if (!isObject(element) || !isPrimitive(element['value'] ?? null))
        throw new QueryError(`values[${i}] holds an invalid { value }`);
      return element['value'] ?? null;
    });
  });
  return { type: 'tuple', targets, values };
}

function hierarchyNodes(
  raw: unknown,
  depth: number,
  levels: number,
  budget: { left: number },
): HierarchyNode[] {
  if (!Array.isArray(raw)) throw new QueryError('hierarchyData and children must be arrays');
  if (depth >= levels) throw new QueryError(`hierarchyData is deeper than its ${levels} target levels`);
  return raw.map((node: unknown) => {
    budget.left -= 1;
    if (budget.left < 0) throw new QueryError(`hierarchyData may hold at most ${MAX_VALUES} nodes`);
    if (!isObject(node) || !isPrimitive(node['value'] ?? null))
      throw new QueryError('a hierarchy node needs a value');
    const operator = node['operator'] ?? 'Selected';
    if (operator !== 'Selected' && operator !== 'NotSelected' && operator !== 'Inherited') {
      throw new QueryError(
        `a hierarchy node's operator must be Selected, NotSelected or Inherited; got ${shown(operator)}`,
      );
    }
    const children =
      node['children'] === undefined ? [] : hierarchyNodes(node['children'], depth + 1, levels, budget);
    return { value: node['value'] ?? null, operator, children };
  });
}

/**
 * Parses one filter.
 *
 * ```ts
 * parseFilter(index, { filterType: 1, target: { table: 'Devices', column: 'Site' }, operator: 'In', values: ['Berlin'] }, new Date());
 * ```
 */
export function parseFilter(index: ModelIndex, raw: unknown, now: Date): ParsedFilter {
  if (!isObject(raw)) throw new QueryError('a filter must be an object');
  const type = typeOf(raw);
  switch (type) {
    case FilterType.Basic:
      return parseBasic(index, raw);
    case FilterType.Advanced:
      return parseAdvanced(index, raw);
    case FilterType.TopN:
      return parseTopN(index, raw);
    case FilterType.RelativeDate:
      return parseRelative(index, raw, now, false);
    case FilterType.RelativeTime:
      return parseRelative(index, raw, now, true);
    case FilterType.Tuple:
      return parseTuple(index, raw);
    case FilterType.Hierarchy: {
      const targets = columnTargets(index, raw['target'], 'A hierarchy filter');
      return {
        type: 'hierarchy',
        targets,
        nodes: hierarchyNodes(raw['hierarchyData'], 0, targets.length, { left: MAX_VALUES }),
      };
    }
    case FilterType.IncludeExclude: {
      const values = valueList(raw['values'], 'values');
      const operator = raw['isExclude'] === true ? 'NotIn' : 'In';
      return { type: 'basic', target: resolveTarget(index, raw['target']), operator, values };
    }
    case FilterType.Identity:
      throw new QueryError(
        'Identity filters are not supported: filter by the data point values with a tuple filter',
      );
    default:
      throw new QueryError(
        `Unsupported filter type ${shown(type)}${typeof raw['message'] === 'string' ? ` (${shown(raw['message'])})` : ''}`,
      );
  }
}
