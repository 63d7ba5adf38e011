/**
 * The `@portico/models` namespace as plain objects, for the UMD build of `@portico/embed`: the `validate*`
 * functions are made at load from the rule tables (`validation/table.ts`), one short entry each instead of
 * a function each. The UMD core's `models` is `modelsCore()`; its add-on adds `modelsExtras()` (the type
 * guards and the validators the core SDK never runs). ESM users import `@portico/models` itself, where every
 * export is tree-shaken on its own; `validators.test.ts` runs every validator case against both.
 */
import * as base from './base.ts';
import * as guards from './guards.ts';
import type * as Models from './index.ts';
import { validate, type Rule } from './validation/engine.ts';
import { otherValidatorRules, sdkValidatorRules } from './validation/table.ts';

type Members = Record<string, unknown>;

const validatorsOf = (rules: Readonly<Record<string, Rule>>): Members => {
  const validators: Members = {};
  for (const [name, rule] of Object.entries(rules))
    validators[`validate${name}`] = (input: unknown) => validate(rule, input);
  return validators;
};

/** Enums, filter and selector classes, `check`, `validate`, and the validators the host SDK runs itself. */
export const modelsCore = (): Members => ({ ...base, ...validatorsOf(sdkValidatorRules) });

/** The type guards and the other validators (`validateQnaLoad` the same function as `validateLoadQnaConfiguration`). */
export const modelsExtras = (): Members => {
  const validators = validatorsOf(otherValidatorRules);
  return { ...guards, ...validators, validateQnaLoad: validators.validateLoadQnaConfiguration };
};

/** The whole namespace: the same names and answers as `@portico/models`. */
export const modelsNamespace = (): typeof Models => ({ ...modelsCore(), ...modelsExtras() }) as typeof Models;
