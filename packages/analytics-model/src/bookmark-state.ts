/**
 * The state string of a bookmark: what a captured view holds, as base64url-encoded JSON. The frame captures and
 * applies it; the sample reports ship bookmarks in it. Plain functions with no Node imports.
 */
import type { IFilter } from '@portico/models';

export interface BookmarkState {
  readonly version: 1;
  /** The page the bookmark opens. */
  readonly activePage?: string;
  readonly reportFilters?: readonly IFilter[];
  /** Filters by page name. */
  readonly pageFilters?: Readonly<Record<string, readonly IFilter[]>>;
  /** Filters by page name, then visual name (slicer selections included). */
  readonly visualFilters?: Readonly<Record<string, Readonly<Record<string, readonly IFilter[]>>>>;
  /** Names of hidden visuals by page name. */
  readonly hiddenVisuals?: Readonly<Record<string, readonly string[]>>;
}

/** `encodeBookmarkState({ version: 1, activePage: 'trend' })` → `'eyJ2ZXJzaW9uIjoxLC…'` */
export function encodeBookmarkState(state: BookmarkState): string {
  const bytes = new TextEncoder().encode(JSON.stringify(state));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The state in a bookmark string, or undefined when it is not one of ours. */
export function decodeBookmarkState(text: string): BookmarkState | undefined {
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    const state: unknown = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))),
    );
    return typeof state === 'object' && state !== null && (state as { version?: unknown }).version === 1
      ? (state as BookmarkState)
      : undefined;
  } catch {
    return undefined;
  }
}
