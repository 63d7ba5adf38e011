/**
 * The whole `@portico/models` namespace as one plain object, for the UMD build of `@portico/embed` (its
 * `models`): the `validate*` functions are made at load from the rule table (`validation/table.ts`), one
 * short entry each instead of a function each. ESM users import `@portico/models` itself, where every
 * validator is tree-shaken on its own; `validators.test.ts` runs every validator case against both.
 */
import * as base from './base.ts';
import type * as Models from './index.ts';
import { validate } from './validation/engine.ts';
import { validatorRules } from './validation/table.ts';

export function modelsNamespace(): typeof Models {
  const models: Record<string, unknown> = { ...base };
  for (const [name, rule] of Object.entries(validatorRules)) {
    models[`validate${name}`] = (input: unknown) => validate(rule, input);
  }
  models.validateQnaLoad = models.validateLoadQnaConfiguration;
  return models as typeof Models;
}
