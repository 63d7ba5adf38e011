/**
 * Report parameters: typed definitions, and the one function that turns what a caller sends (models'
 * `IParameterValue[]`: strings, a multi-value parameter repeated by name) into checked values with defaults. Valid
 * values come from the caller's grant (accounts are the token's databaseNames), so no value can reach rows the token
 * does not cover; values reach SQL only as bound parameters.
 */
import type { ParameterType, ResolvedParameter } from '@portico/analytics-model';
import { compareText } from '../../query/sort-order.ts';

/** Why a request's parameters were refused: answered 400 with `code`. */
export class ParameterError extends Error {
  override readonly name = 'ParameterError';
  constructor(
    readonly code: 'UNKNOWN_PARAMETER' | 'INVALID_PARAMETER',
    message: string,
  ) {
    super(message);
  }
}

/** What the caller's grant and the data allow, read once per request. */
export interface ParameterContext {
  /** The token's accounts with their names, in display order. */
  readonly accounts: readonly { readonly databaseName: string; readonly name: string }[];
  /** Sites by account. */
  readonly sites: ReadonlyMap<string, readonly string[]>;
  /** First and last day of the data (ISO dates). */
  readonly firstDate: string;
  readonly lastDate: string;
}

export type ParameterValueOf = string | readonly string[] | number | boolean | null;
export type ParameterValues = Readonly<Record<string, ParameterValueOf>>;

/**
 * A parameter. `choices` names where its valid values come from: the token's `accounts`, the `sites` of the
 * accounts chosen so far, or a fixed list. `fallback` gives the default from the context and the values before it.
 */
export interface ParameterDefinition {
  readonly name: string;
  readonly prompt: string;
  readonly type: ParameterType;
  readonly multiValue?: boolean;
  readonly nullable?: boolean;
  readonly allLabel?: string;
  readonly choices?: 'accounts' | 'sites' | readonly { readonly value: string; readonly label: string }[];
  /**
   * The model column whose listed values the fixed choices are: the panel and the sheet label them by the model's
   * captions in the viewer's language, as the sheet's cells of that column (values.ts).
   */
  readonly values?: { readonly table: string; readonly column: string };
  /** The parameter whose accounts `choices: 'sites'` lists. */
  readonly accountParameter?: string;
  readonly min?: number;
  readonly max?: number;
  readonly fallback: (context: ParameterContext, before: ParameterValues) => ParameterValueOf;
  /** A rule over the values before it (and this one): a message when broken. */
  readonly check?: (
    value: ParameterValueOf,
    before: ParameterValues,
    context: ParameterContext,
  ) => string | undefined;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;
const DECIMAL = /^-?\d{1,9}(\.\d{1,6})?$/;

function isDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && year <= 9999 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isMonth(text: string): boolean {
  const match = MONTH.exec(text);
  return !!match && Number(match[1]) >= 1900 && Number(match[2]) >= 1 && Number(match[2]) <= 12;
}

/** The valid values of `definition` given the values resolved before it. */
function choicesOf(
  definition: ParameterDefinition,
  context: ParameterContext,
  before: ParameterValues,
): { value: string; label: string }[] | undefined {
  const { choices } = definition;
  if (choices === undefined) return undefined;
  if (choices === 'accounts') return context.accounts.map((a) => ({ value: a.databaseName, label: a.name }));
  if (choices === 'sites') {
    const chosen = before[definition.accountParameter ?? ''];
    const accounts = Array.isArray(chosen) ? chosen : typeof chosen === 'string' ? [chosen] : [];
    const sites = new Set<string>();
    for (const account of accounts) for (const site of context.sites.get(account) ?? []) sites.add(site);
    return [...sites].sort(compareText).map((site) => ({ value: site, label: site }));
  }
  return choices.map((c) => ({ ...c }));
}

/** One text value read as the parameter's type; a ParameterError naming the parameter otherwise. */
function readOne(
  definition: ParameterDefinition,
  text: string,
  valid: readonly { value: string }[] | undefined,
): string | number | boolean {
  const refuse = (why: string): never => {
    throw new ParameterError('INVALID_PARAMETER', `Parameter '${definition.name}': ${why}`);
  };
  if (text.length > 200) refuse('the value is too long.');
  if (valid !== undefined && !valid.some((v) => v.value === text)) {
    refuse(`'${text}' is not one of its valid values.`);
  }
  switch (definition.type) {
    case 'Date':
      if (!isDate(text)) refuse(`'${text}' is not a date (YYYY-MM-DD).`);
      return text;
    case 'Month':
      if (!isMonth(text)) refuse(`'${text}' is not a month (YYYY-MM).`);
      return text;
    case 'Boolean':
      if (text !== 'true' && text !== 'false') refuse(`'${text}' is not true or false.`);
      return text === 'true';
    case 'Decimal': {
      if (!DECIMAL.test(text.trim())) refuse(`'${text}' is not a number.`);
      const value = Number(text.trim());
      if (definition.min !== undefined && value < definition.min)
        refuse(`${value} is below ${definition.min}.`);
      if (definition.max !== undefined && value > definition.max)
        refuse(`${value} is above ${definition.max}.`);
      return value;
    }
    case 'String':
      return text;
  }
}

const asText = (value: ParameterValueOf): string[] =>
  value === null ? [] : Array.isArray(value) ? [...(value as string[])] : [String(value)];

/**
 * Checks `given` against `definitions`, fills defaults, and answers the values (for SQL) and the parameters as the
 * frame shows them. Throws a ParameterError naming the first problem.
 *
 * ```ts
 * const { values } = resolveParameters(report.parameters, [{ name: 'Month', value: '2024-05' }], context);
 * values.Month; // '2024-05'
 * ```
 */
export function resolveParameters(
  definitions: readonly ParameterDefinition[],
  given: unknown,
  context: ParameterContext,
): { values: ParameterValues; parameters: ResolvedParameter[] } {
  if (given !== undefined && given !== null && !Array.isArray(given)) {
    throw new ParameterError('INVALID_PARAMETER', 'parameterValues must be a list of { name, value }.');
  }
  const byName = new Map<string, (string | null)[]>();
  for (const [index, item] of ((given ?? []) as unknown[]).entries()) {
    const { name, value } = (item ?? {}) as { name?: unknown; value?: unknown };
    if (typeof name !== 'string' || (value !== undefined && value !== null && typeof value !== 'string')) {
      throw new ParameterError(
        'INVALID_PARAMETER',
        `parameterValues[${index}] must be { name: string, value?: string }.`,
      );
    }
    if (!definitions.some((d) => d.name === name)) {
      const known = definitions.map((d) => d.name).join(', ');
      throw new ParameterError(
        'UNKNOWN_PARAMETER',
        `This report has no parameter '${name}' (it has: ${known}).`,
      );
    }
    byName.set(name, [...(byName.get(name) ?? []), value ?? null]);
  }

  const values: Record<string, ParameterValueOf> = {};
  const parameters: ResolvedParameter[] = [];
  for (const definition of definitions) {
    const valid = choicesOf(definition, context, values);
    const texts = byName.get(definition.name);
    let value: ParameterValueOf;
    if (texts === undefined) {
      value = definition.fallback(context, values);
    } else if (definition.multiValue) {
      const present = [...new Set(texts.filter((t): t is string => t !== null && t !== ''))];
      if (present.length === 0) {
        throw new ParameterError(
          'INVALID_PARAMETER',
          `Parameter '${definition.name}': choose at least one value.`,
        );
      }
      value = present.map((t) => String(readOne(definition, t, valid)));
    } else {
      if (texts.length > 1) {
        throw new ParameterError('INVALID_PARAMETER', `Parameter '${definition.name}' takes one value.`);
      }
      const text = texts[0] ?? null;
      if (text === null || text === '') {
        if (!definition.nullable) {
          throw new ParameterError('INVALID_PARAMETER', `Parameter '${definition.name}' needs a value.`);
        }
        value = null;
      } else {
        value = readOne(definition, text, valid);
      }
    }
    const broken = definition.check?.(value, values, context);
    if (broken !== undefined) {
      throw new ParameterError('INVALID_PARAMETER', `Parameter '${definition.name}': ${broken}`);
    }
    values[definition.name] = value;
    parameters.push({
      name: definition.name,
      prompt: definition.prompt,
      type: definition.type,
      multiValue: definition.multiValue ?? false,
      nullable: definition.nullable ?? false,
      ...(definition.allLabel === undefined ? {} : { allLabel: definition.allLabel }),
      ...(valid === undefined ? {} : { validValues: valid }),
      ...(definition.min === undefined ? {} : { min: String(definition.min) }),
      ...(definition.max === undefined ? {} : { max: String(definition.max) }),
      values: asText(value),
    });
  }
  return { values, parameters };
}

/** `addDays('2024-06-30', -29)` → `'2024-06-01'`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The last month that ends on or before `date`: `lastWholeMonth('2024-06-30')` → `'2024-06'`, `('2024-06-29')` → `'2024-05'`. */
export function lastWholeMonth(date: string): string {
  const next = addDays(date, 1);
  const [year, month] = [Number(next.slice(0, 4)), Number(next.slice(5, 7))];
  const previous = new Date(Date.UTC(year, month - 2, 1));
  return previous.toISOString().slice(0, 7);
}
