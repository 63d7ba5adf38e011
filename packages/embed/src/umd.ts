/**
 * The entry of the UMD (script-tag) build: the SDK, plus `window.powerbi`, the page's shared service, as
 * powerbi-client provides it (under `window[powerBISDKGlobalServiceInstanceName]` when `powerbi` is taken).
 * Q&A, quick create, paginated reports, models' type guards and the validators the SDK never runs come with
 * the add-on `portico-embed-extras.min.js` (`umd-extras.ts`); `extras.ts` is `umd-slot.ts` here. `models` is
 * built at load (`modelsCore`: the validators from a rule table, which is smaller than one function each).
 */
import { modelsCore } from '@portico/models/namespace';
import { hpmFactory, routerFactory, wpmpFactory } from './factories.ts';
import type * as Sdk from './index.ts';
import { Service, getDefaultService } from './service.ts';

export * from './index.ts';
export const models = modelsCore() as typeof Sdk.models;
// Plain objects with the namespaces' members: a namespace import would be bundled with a getter per member.
export const service: typeof Sdk.service = { Service, getDefaultService };
export const factories: typeof Sdk.factories = { hpmFactory, wpmpFactory, routerFactory };

const host = globalThis as unknown as Record<string, unknown> & {
  powerBISDKGlobalServiceInstanceName?: string;
};
const name = host.powerbi ? host.powerBISDKGlobalServiceInstanceName : undefined;
host[name || 'powerbi'] = getDefaultService();
