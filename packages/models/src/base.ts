/**
 * The runtime exports of `@portico/models` but the type guards and the `validate*` functions: `index.ts`
 * adds those (validators from `validators.ts`), `namespace.ts` builds the UMD's from the rule table.
 */
export * from './enums.ts';
export * from './filters.ts';
export * from './selectors.ts';
export { check, validate } from './validation/engine.ts';
