/**
 * A small declarative validator: rules are plain data, and `check` is the one interpreter that walks them.
 *
 * ```ts
 * const saveAs: Rule = { fields: { name: ['required', 'string'] } };
 * check(saveAs, {}, 'input', ''); // { message: 'name is required', path: 'name', keyword: 'required' }
 * ```
 *
 * Rules are data (not closures built at import time) so that a bundler can drop the ones nobody uses.
 * Semantics follow powerbi-models: checks run in order and the first failure is the answer; every rule
 * except `required` and `forbidden` accepts a missing value (`undefined` or `null`).
 */
import type { IError } from '../interfaces/report.ts';

/** A hand-written check for what the data rules cannot say (cross-field rules, recursion). */
export type CheckFn = (value: unknown, field: string, path: string) => IError | undefined;

export type Rule =
  /** `{field} is required` unless present (not undefined or null). */
  | 'required'
  /** `{field} is forbidden` unless undefined. */
  | 'forbidden'
  /** `{field} must be a string` (number, boolean) / `{field} must be an object` (not an array). */
  | 'string'
  | 'number'
  | 'boolean'
  | 'object'
  /** Every rule in turn; the first failure wins. */
  | readonly Rule[]
  /** A number, and one of these (an enum's values). */
  | { readonly enum: readonly number[] }
  /** A string, and one of these; the message defaults to `{field} property is invalid`. */
  | { readonly oneOf: readonly string[]; readonly message?: string }
  /** A number within [min, max]. */
  | { readonly range: readonly [number, number] }
  /** An array whose every item passes; `of` names the items in the message (`must be an array of strings`). */
  | { readonly array: Rule; readonly of?: string }
  /** Passes one of the alternatives. */
  | { readonly anyOf: readonly Rule[] }
  /** An object whose every value passes. */
  | { readonly map: Rule }
  /** An object whose named fields pass, in declaration order; `base` is checked first (schema inheritance). */
  | { readonly fields: { readonly [name: string]: Rule }; readonly base?: Rule }
  | CheckFn;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// Array.isArray does not narrow a readonly array type, hence this guard.
const isList = (rule: Rule): rule is readonly Rule[] => Array.isArray(rule);

const join = (path: string, key: string): string => (path ? `${path}.${key}` : key);

/** Builds an error; the top-level value has no path. */
export const fail = (message: string, keyword: string, path: string): IError =>
  path ? { message, path, keyword } : { message, keyword };

const invalid = (field: string, path: string, keyword = 'invalid'): IError =>
  fail(`${field} property is invalid`, keyword, path);

/** Checks `value` (named `field` in messages, found at `path`) against `rule`; returns the first error. */
export function check(rule: Rule, value: unknown, field: string, path: string): IError | undefined {
  if (typeof rule === 'function') return rule(value, field, path);
  if (isList(rule)) {
    for (const each of rule) {
      const error = check(each, value, field, path);
      if (error) return error;
    }
    return undefined;
  }
  if (rule === 'required') return value == null ? fail(`${field} is required`, 'required', path) : undefined;
  if (rule === 'forbidden')
    return value === undefined ? undefined : fail(`${field} is forbidden`, 'forbidden', path);
  if (value == null) return undefined;

  if (typeof rule === 'string') {
    if (rule === 'object')
      return isObject(value) ? undefined : fail(`${field} must be an object`, 'type', path);
    return typeof value === rule ? undefined : fail(`${field} must be a ${rule}`, 'type', path);
  }
  if ('enum' in rule) {
    return (
      check('number', value, field, path) ??
      (rule.enum.includes(value as number) ? undefined : invalid(field, path))
    );
  }
  if ('oneOf' in rule) {
    if (typeof value !== 'string') return check('string', value, field, path);
    return rule.oneOf.includes(value)
      ? undefined
      : fail(rule.message ?? `${field} property is invalid`, 'invalid', path);
  }
  if ('range' in rule) {
    const [min, max] = rule.range;
    if (typeof value !== 'number') return check('number', value, field, path);
    return value >= min && value <= max
      ? undefined
      : fail(`${field} must be a number between ${min} and ${max}`, 'range', path);
  }
  if ('array' in rule) {
    const ok =
      Array.isArray(value) && value.every((item, i) => !check(rule.array, item, field, join(path, `${i}`)));
    if (ok) return undefined;
    return rule.of
      ? fail(`${field} must be an array of ${rule.of}`, 'type', path)
      : invalid(field, path, 'type');
  }
  if ('anyOf' in rule) {
    return rule.anyOf.some((each) => !check(each, value, field, path)) ? undefined : invalid(field, path);
  }

  if (!isObject(value)) return fail(`${field} must be an object`, 'type', path);
  if ('map' in rule) {
    for (const [key, item] of Object.entries(value)) {
      const error = check(rule.map, item, field, join(path, key));
      if (error) return error;
    }
    return undefined;
  }
  const error = rule.base && check(rule.base, value, field, path);
  if (error) return error;
  for (const [key, each] of Object.entries(rule.fields)) {
    const fieldError = check(each, value[key], key, join(path, key));
    if (fieldError) return fieldError;
  }
  return undefined;
}

// Shared by the rule tables: one object each, so the bundles hold one copy.
export const requiredString: Rule = ['required', 'string'];
export const stringArray: Rule = { array: 'string', of: 'strings' };
/** The values of a two-member enum (`TokenType`, `ViewMode`, `MenuLocation` …). */
export const zeroOrOne: Rule = { enum: [0, 1] };

/** Runs a top-level rule the way every `validate*` function answers: `undefined` when valid, else the errors. */
export function validate(rule: Rule, input: unknown, name = 'input'): IError[] | undefined {
  const error = check(rule, input, name, '');
  return error && [error];
}
