/**
 * What the UMD build leaves to its add-on, `portico-embed-extras.min.js`: the Q&A and quick-create kinds and
 * the paginated-report (RDL) validator. The SDK reaches them only through this module, so the UMD core
 * (`scripts/bundles.mjs`) swaps it for `umd-slot.ts`, whose stand-ins use what the add-on registers. ESM and
 * CommonJS users get them from here, like everything else.
 */
export { Qna } from './qna.ts';
export { QuickCreate } from './quick-create.ts';
export { validatePaginatedReportLoad } from '@portico/models';
