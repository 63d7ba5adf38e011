/**
 * The entry of the UMD (script-tag) build: the whole SDK, plus `window.powerbi`, the page's shared service,
 * as powerbi-client provides it (under `window[powerBISDKGlobalServiceInstanceName]` when `powerbi` is taken).
 * Its `models` is the same surface as `@portico/models`, built at load (`modelsNamespace`: the `validate*`
 * functions from one rule table, which is smaller than one function each).
 */
import { modelsNamespace } from '@portico/models/namespace';
import { getDefaultService } from './service.ts';

export * from './index.ts';
export const models = modelsNamespace();

const host = globalThis as unknown as Record<string, unknown> & {
  powerBISDKGlobalServiceInstanceName?: string;
};
const name = host.powerbi ? host.powerBISDKGlobalServiceInstanceName : undefined;
host[name || 'powerbi'] = getDefaultService();
