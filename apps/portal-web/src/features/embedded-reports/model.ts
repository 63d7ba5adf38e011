/** One of the user's embedded reports (spec §3). */
export interface UserReport {
  workspaceId: string;
  reportId: string;
  reportName: string;
}

export interface EmbedToken {
  token: string;
  tokenId: string;
  expiration: string;
}

/** The answer of POST /api/embedpbi/GetPbiEmbedInfoForUserAsync. */
export interface EmbedInfo {
  embedReport: { reportId: string; embedUrl: string }[];
  embedToken: EmbedToken;
}

/** Renew the embed token this long before it expires. */
export const TOKEN_REFRESH_MARGIN_MS = 2 * 60_000;

/** Milliseconds until the token should be renewed (never below 10 s, so a bad clock cannot spin). */
export function refreshDelay(expiration: string, now: number = Date.now()): number {
  const expires = Date.parse(expiration);
  if (Number.isNaN(expires)) return 10 * 60_000;
  return Math.max(10_000, expires - now - TOKEN_REFRESH_MARGIN_MS);
}
