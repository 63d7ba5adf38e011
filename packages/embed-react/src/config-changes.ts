/**
 * How a new `embedConfig` differs from the one applied, decided as powerbi-client-react 2.x decides it, and
 * the in-place calls that apply it: a changed access token is sent with `setAccessToken`, a report's
 * settings, page and filters are updated in place, anything else that differs by value re-embeds.
 */
import {
  models,
  type Embed,
  type IEmbedConfiguration,
  type IEmbedSettings,
  type Report,
} from '@portico/embed';
import type { EmbedConfig } from './types.ts';

/** What to call on the live embed instead of re-embedding. */
export interface InPlaceUpdate {
  accessToken?: string;
  settings?: IEmbedSettings;
  pageName?: string;
  /** The report's new filters; `null` removes them all. */
  filters?: models.IFilter[] | null;
}

const REPORT_IN_PLACE = ['accessToken', 'settings', 'pageName', 'filters'] as const;

/**
 * Deep equality of configuration values. Functions (event hooks) are equal when both are functions: the
 * component calls the latest ones, so a new closure each render must not count as a change. A missing key
 * equals an `undefined` one.
 */
export function isDeepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a === 'function' && typeof b === 'function') return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) {
    return false;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if (!isDeepEqual(left[key], right[key])) return false;
  return true;
}

/** Loads take a token and a URL; without them an embed stays bootstrapped (as in powerbi-client-react). */
export const canLoad = (config: EmbedConfig): boolean => !!config.accessToken && !!config.embedUrl;

/**
 * `'embed'` to embed again on the element, the in-place calls otherwise (an empty object when nothing is
 * to be done). Call it only with configurations that differ by value.
 */
export function changesBetween(previous: EmbedConfig, next: EmbedConfig): 'embed' | InPlaceUpdate {
  const prev = previous as IEmbedConfiguration;
  const curr = next as IEmbedConfiguration;
  if (!canLoad(next)) return {};
  if (!canLoad(previous)) return 'embed'; // it was bootstrapped: this completes it
  // Array filters are replaced in place; on-load filters (an object) apply only when loading.
  const isReport = curr.type === 'report' && [prev.filters, curr.filters].every(isFilterList);
  const inPlace: readonly string[] = isReport ? REPORT_IN_PLACE : ['accessToken'];
  const rest = { ...prev } as Record<string, unknown>;
  for (const key of inPlace) rest[key] = (curr as Record<string, unknown>)[key];
  if (!isDeepEqual(rest, curr)) return 'embed';

  const update: InPlaceUpdate = {};
  if (curr.accessToken && curr.accessToken !== prev.accessToken) update.accessToken = curr.accessToken;
  if (!isReport) return update;
  if (curr.settings && !isDeepEqual(curr.settings, prev.settings)) update.settings = curr.settings;
  if (curr.pageName && curr.pageName !== prev.pageName) update.pageName = curr.pageName;
  if (curr.filters && !isDeepEqual(curr.filters, prev.filters)) update.filters = curr.filters;
  else if (!curr.filters && prev.filters) update.filters = null;
  return update;
}

const isFilterList = (filters: unknown): boolean => filters == null || Array.isArray(filters);

/**
 * The in-place calls, one after another while `isLive()` (the component still holds the embed); a failure
 * is logged and does not stop the next.
 */
export function applyInPlace(embed: Embed, update: InPlaceUpdate, isLive: () => boolean): Promise<unknown> {
  const report = embed as Report;
  const { accessToken, settings, pageName, filters } = update;
  const calls: (() => Promise<unknown>)[] = [];
  if (accessToken) calls.push(() => embed.setAccessToken(accessToken));
  if (settings) calls.push(() => report.updateSettings(settings));
  if (pageName) calls.push(() => report.setPage(pageName));
  if (filters) calls.push(() => report.updateFilters(models.FiltersOperations.Replace, filters));
  if (filters === null) calls.push(() => report.updateFilters(models.FiltersOperations.RemoveAll));
  return calls.reduce<Promise<unknown>>(
    (done, call) => done.then(() => (isLive() ? call() : undefined)).catch(logError),
    Promise.resolve(),
  );
}

function logError(error: unknown): void {
  // A call still pending when the embed is reset (unmount, new kind) is cancelled on purpose.
  if ((error as { errorCode?: unknown } | null)?.errorCode === 'CancelledError') return;
  console.error('@portico/embed-react:', error);
}
