/**
 * Every runtime export of `@portico/models` except the `validate*` functions: `index.ts` adds those from
 * `validators.ts` (ESM), `namespace.ts` builds them from the rule table (UMD).
 */
export * from './enums.ts';
export * from './filters.ts';
export * from './guards.ts';
export * from './selectors.ts';
export { check, validate } from './validation/engine.ts';
