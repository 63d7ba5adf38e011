/**
 * Which embed URLs the SDK loads, and the small URL helpers the embeds share. An embed URL must be https
 * (http only for localhost, when the host page opts in), must not ask for auto-auth, and its host must
 * be on the allow-list. Its origin is then the only one the SDK posts to and accepts messages from.
 */
import { EMBED_URL_NOT_SUPPORTED, EmbedErrorCode, INVALID_EMBED_URL, embedError } from './errors.ts';

/**
 * The hosts an embed URL may point at unless the service is configured otherwise: our analytics service
 * in development (`localhost`, any port; production deployments add their own host) and the Power BI
 * clouds. `'*.example.com'` matches any subdomain (not `example.com` itself); `'host:8443'` pins a port.
 */
export const DEFAULT_ALLOWED_HOSTS: readonly string[] = [
  'localhost',
  '127.0.0.1',
  '[::1]',
  '*.powerbi.com',
  '*.analysis.windows.net',
  '*.powerbigov.us',
  '*.powerbi.cn',
  '*.powerbi.de',
];

export interface OriginPolicy {
  /** Host patterns an embed URL may use; `DEFAULT_ALLOWED_HOSTS` when not given. */
  allowedHosts?: readonly string[];
  /** Lets `http://localhost` (and 127.0.0.1, [::1]) embed URLs through, for local development only. */
  allowInsecureLocalhost?: boolean;
}

const isLocalhost = (hostname: string): boolean =>
  hostname === 'localhost' ||
  hostname.endsWith('.localhost') ||
  hostname === '127.0.0.1' ||
  hostname === '[::1]';

/** True when `url`'s host (and port, when the pattern names one) matches a pattern of the list. */
export function hostAllowed(url: URL, patterns: readonly string[]): boolean {
  return patterns.some((raw) => {
    const pattern = raw.toLowerCase();
    const host = pattern.includes(':') && !pattern.endsWith(']') ? url.host : url.hostname;
    return pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern;
  });
}

/** True when the (decoded) URL asks the frame to sign in by itself, which embedding does not support. */
export const hasAutoAuth = (url: string | undefined): boolean =>
  !!url && decodeURIComponent(url).toLowerCase().includes('autoauth=true');

/** True for a paginated (RDL) report URL. */
export const isRdl = (url: string | undefined): boolean => !!url?.toLowerCase().includes('/rdlembed?');

/** Appends `name=value` to the query string, as powerbi-client does (no encoding, no de-duplication). */
export const addParam = (url: string, name: string, value: string): string =>
  `${url}${url.indexOf('?') > 0 ? '&' : '?'}${name}=${value}`;

/** The value of a query parameter found anywhere in the URL, e.g. `reportId=` (powerbi-client's look-up). */
export const findParam = (url: string | undefined, name: string): string | undefined =>
  url?.match(new RegExp(`${name}="?([^&]+)"?`))?.[1];

/**
 * Checks an embed URL against the policy and returns its origin, the only one messages go to and come from.
 *
 * @example embedOrigin('https://app.powerbi.com/reportEmbed?reportId=r1', {}) // → 'https://app.powerbi.com'
 */
export function embedOrigin(embedUrl: string, policy: OriginPolicy): string {
  if (hasAutoAuth(embedUrl)) throw embedError(EMBED_URL_NOT_SUPPORTED, EmbedErrorCode.InvalidUrl);
  let url: URL;
  try {
    url = new URL(embedUrl, (globalThis as { document?: Document }).document?.baseURI);
  } catch {
    throw embedError(`Embed URL is not a valid URL: ${embedUrl}`, EmbedErrorCode.InvalidUrl);
  }
  const insecureOk = url.protocol === 'http:' && policy.allowInsecureLocalhost && isLocalhost(url.hostname);
  if (url.protocol !== 'https:' && !insecureOk) {
    throw embedError('HTTP is not allowed. HTTPS is required', EmbedErrorCode.InvalidUrl);
  }
  if (!hostAllowed(url, policy.allowedHosts ?? DEFAULT_ALLOWED_HOSTS)) {
    throw embedError(
      INVALID_EMBED_URL,
      EmbedErrorCode.InvalidUrl,
      INVALID_EMBED_URL,
      `${url.host} is not in allowedHosts`,
    );
  }
  return url.origin;
}
