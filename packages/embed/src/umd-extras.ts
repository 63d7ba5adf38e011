/**
 * The entry of the UMD add-on, `portico-embed-extras.min.js`, for pages that load `portico-embed.min.js`
 * first: the Q&A and quick-create kinds, paginated (RDL) reports, and the rest of `models` (the type guards
 * and the validators the core never runs). It registers `extras.ts` for the core's stand-ins and completes
 * the core's exports. Built against the core (`umdExtras` in `scripts/bundles.mjs`): `./embed.ts` is the
 * core's `Embed`, and internal members get the core's minified names.
 */
import { modelsExtras } from '@portico/models/namespace';
import * as extras from './extras.ts';
import type * as Sdk from './index.ts';
import { EXTRAS } from './umd-key.ts';

/** The core's exports: the add-on factory's argument. */
declare const __core: typeof Sdk;

(globalThis as { [EXTRAS]?: typeof extras })[EXTRAS] = extras;
Object.assign(__core, { Qna: extras.Qna, QuickCreate: extras.QuickCreate });
Object.assign(__core.models, modelsExtras());
