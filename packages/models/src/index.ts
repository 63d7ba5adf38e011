/**
 * @portico/models — the shared object model of the Portico embedding SDK, compatible with powerbi-models 1.x:
 * enums, filter and selector classes, the wire interfaces and the `validate*` functions.
 *
 * ```ts
 * import { BasicFilter, validateFilter } from '@portico/models';
 * const filter = new BasicFilter({ table: 'Store', column: 'Chain' }, 'In', 'Fashions Direct');
 * validateFilter(filter.toJSON()); // undefined: valid
 * ```
 */
export * from './base.ts';
export * from './guards.ts';
export * from './validation/validators.ts';
export type { CheckFn, Rule } from './validation/engine.ts';
export type * from './interfaces/configuration.ts';
export type * from './interfaces/filters.ts';
export type * from './interfaces/report.ts';
export type * from './interfaces/selectors.ts';
export type * from './interfaces/settings.ts';
