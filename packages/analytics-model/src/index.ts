/**
 * The analytics model, for the analytics service and its frame alike (no Node imports): what reports, datasets,
 * dashboards, paginated reports and Q&A answers look like, how a visual becomes a query, the filter parser that checks
 * a filter against a dataset, and the format-string interpreter.
 */
export * from './content-types.ts';
export * from './public-dataset.ts';
export * from './query-types.ts';
export * from './visual-query.ts';
export * from './bookmark-state.ts';
export * from './dashboard-types.ts';
export * from './paginated-types.ts';
export * from './qna-types.ts';
export * from './format.ts';
export * from './captions.ts';
export * from './authoring-wording.ts';
export * from './value-captions.ts';
export * from './filters/query-error.ts';
export * from './filters/model-index.ts';
export * from './filters/fields.ts';
export * from './filters/filter-targets.ts';
export * from './filters/parse-filter.ts';
export * from './filters/filter-problems.ts';
export * from './filters/relative-dates.ts';
