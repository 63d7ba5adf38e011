/**
 * The entry of the UMD (script-tag) build: the whole SDK, plus `window.powerbi`, the page's shared service,
 * as powerbi-client provides it (under `window[powerBISDKGlobalServiceInstanceName]` when `powerbi` is taken).
 */
import { getDefaultService } from './service.ts';

export * from './index.ts';

const host = globalThis as unknown as Record<string, unknown> & {
  powerBISDKGlobalServiceInstanceName?: string;
};
const name = host.powerbi ? host.powerBISDKGlobalServiceInstanceName : undefined;
host[name || 'powerbi'] = getDefaultService();
