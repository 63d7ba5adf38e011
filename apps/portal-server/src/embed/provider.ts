/** An embedded report a user may open (spec §3 "Embedded user report"). */
export interface EmbeddedReport {
  workspaceId: string;
  reportId: string;
  reportName: string;
  /**
   * For a report someone saved through an embed token (save-as, create): the accounts (databaseNames) of that token,
   * whose report it is. Absent for the service's own reports.
   */
  createdFor?: readonly string[];
}

export interface EmbedInfoRequest {
  workspaceId: string;
  reportId: string;
  /** Row-level security: exactly the caller's accounts. */
  databaseNames: readonly string[];
  /** Host origins allowed to embed the report. */
  allowedOrigins: readonly string[];
  /** Who views: the caller's `sub` at the identity provider (the analytics service keeps saved filters per viewer). */
  viewer: string;
  /** The caller's UI language: the report's name comes in it (a saved-as copy keeps the name it was given). */
  language?: string;
}

/** The answer of POST /api/embedpbi/GetPbiEmbedInfoForUserAsync. */
export interface EmbedInfo {
  embedReport: { reportId: string; embedUrl: string; reportName: string }[];
  embedToken: { token: string; tokenId: string; expiration: string };
}

/**
 * Where embedded reports and their tokens come from. The default asks the analytics service
 * (`createAnalyticsProvider`); a deployment can plug in another service behind the same two calls.
 */
export interface EmbedInfoProvider {
  /**
   * Every report the portal can embed, named in `language` (the caller's UI language) where the report has a
   * translated name; a saved-as copy keeps the name the user typed.
   */
  listReports(language?: string): Promise<EmbeddedReport[]>;
  /** The report's embed URL and a token for it; undefined when there is no such report. */
  embedInfo(request: EmbedInfoRequest): Promise<EmbedInfo | undefined>;
}

/** The provider could not be reached or answered something unexpected; routes answer 503. */
export class EmbedProviderUnavailableError extends Error {
  override readonly name = 'EmbedProviderUnavailableError';
}

/**
 * The provider answered, and refused to embed the report for these accounts or origins (analytics: 400, such as
 * `Unknown databaseNames: newco.` for a portal account its data does not hold, or an origin outside
 * ANALYTICS_EMBED_ORIGINS). Asking again will not help: the two services' configurations differ. The message holds
 * the provider's reason, for the log.
 */
export class EmbedProviderRefusedError extends Error {
  override readonly name = 'EmbedProviderRefusedError';
}
