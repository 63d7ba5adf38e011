/**
 * A filter as a sentence a customer reads in the filters pane: "Date is in the last 12 calendar months",
 * "Site is Berlin or Paris", "Model is the top 10 by Total pages" — the field by its display name in the model,
 * values formatted with the column's format string, a listed value by its caption ("Severity is Kritisch").
 */
import type { IFilter } from '@portico/models';
import type { Dataset } from '@portico/analytics-model';
import type { ValueFormatter } from '../render/value-format.ts';
import { ENGLISH_VALUES } from '../render/value-format.ts';
import type { CanvasMessages } from './canvas-messages.ts';

interface Target {
  readonly table?: string;
  readonly column?: string;
  readonly measure?: string;
}

/** The model's column (or measure) a target names, if the dataset has it. */
export function modelFieldOf(dataset: Dataset | undefined, target: Target | undefined) {
  const table = dataset?.tables.find((t) => t.name === target?.table);
  if (!table || !target) return undefined;
  if (target.column !== undefined) return table.columns.find((c) => c.name === target.column);
  if (target.measure !== undefined) return table.measures.find((m) => m.name === target.measure);
  return undefined;
}

/** A target's display name: the model's, else the column or measure name as given. */
export function fieldLabel(dataset: Dataset | undefined, target: Target | undefined): string {
  const field = modelFieldOf(dataset, target);
  return field?.displayName ?? target?.column ?? target?.measure ?? '';
}

/** A value of a target's column, formatted as the column is in visuals (a listed value by its caption). */
export function valueLabel(
  dataset: Dataset | undefined,
  target: Target | undefined,
  value: unknown,
  formatter: ValueFormatter = ENGLISH_VALUES,
): string {
  const field = modelFieldOf(dataset, target);
  const source = field && {
    format: 'format' in field ? field.format : undefined,
    values: 'values' in field ? field.values : undefined,
  };
  if (value === null || value === undefined) return '(Blank)';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return formatter.value(value, source);
  }
  return String(value as object);
}

/** The sentence of `filter`, in the language of `messages`; `fieldName` names the field instead of the model. */
export function filterTitle(
  filter: IFilter,
  dataset: Dataset | undefined,
  messages: CanvasMessages,
  formatter: ValueFormatter = ENGLISH_VALUES,
  fieldName?: string,
): string {
  const f = filter as {
    target?: Target;
    operator?: unknown;
    values?: unknown[];
    logicalOperator?: string;
    conditions?: { operator: string; value?: unknown }[];
    itemCount?: number;
    orderBy?: Target;
    timeUnitsCount?: number;
    timeUnitType?: number;
  };
  // The card's name for its field (`displaySettings.displayName`) wins over the model's.
  const field = fieldName ?? fieldLabel(dataset, f.target);
  const value = (v: unknown) => valueLabel(dataset, f.target, v, formatter);
  if (Array.isArray(f.values)) {
    if (f.operator === 'All' || (f.values.length === 0 && f.operator !== 'NotIn'))
      return messages.titleAll(field);
    const list = messages.titleList(f.values.map(value));
    return f.operator === 'NotIn' ? messages.titleIsNot(field, list) : messages.titleIs(field, list);
  }
  if (Array.isArray(f.conditions)) {
    const [first, second] = f.conditions;
    if (
      second &&
      f.logicalOperator !== 'Or' &&
      first?.operator === 'GreaterThanOrEqual' &&
      second.operator === 'LessThanOrEqual'
    ) {
      return messages.titleBetween(field, value(first.value), value(second.value));
    }
    const joiner = f.logicalOperator === 'Or' ? messages.or : messages.and;
    const parts = f.conditions.map((c) => {
      const words = messages.conditions[c.operator] ?? c.operator;
      return c.value === undefined ? words : `${words} ${value(c.value)}`;
    });
    return messages.titleCondition(field, parts.join(` ${joiner.toLowerCase()} `));
  }
  if (typeof f.itemCount === 'number') {
    return messages.titleTop(field, f.operator !== 'Bottom', f.itemCount, fieldLabel(dataset, f.orderBy));
  }
  if (typeof f.timeUnitsCount === 'number') {
    const unit = messages.units[f.timeUnitType ?? 0] ?? messages.units[0];
    return messages.titleRelative(field, Number(f.operator ?? 0), f.timeUnitsCount, unit);
  }
  return field;
}
