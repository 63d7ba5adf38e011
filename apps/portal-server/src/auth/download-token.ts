import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Lifetime of a download access token. */
export const DOWNLOAD_TOKEN_SECONDS = 300;

export interface DownloadTokens {
  /** A token bound to `subject`, valid DOWNLOAD_TOKEN_SECONDS from `now`. */
  issue(subject: string, now?: number): { accessToken: string; expiresOn: string };
  /** True when `token` was issued here (or by a replica with the same secret) for `subject` and has not expired. */
  verify(token: string, subject: string, now?: number): boolean;
}

const TOKEN = /^v1\.([A-Za-z0-9_-]{1,1024})\.([A-Za-z0-9_-]{43})$/;

/**
 * The short-lived tokens of POST /api/reports/downloadReport's `accessToken` field: `v1.<payload>.<HMAC-SHA256>`,
 * the payload `{ sub, exp }`. Without a configured secret a random one is made per process (one replica only).
 *
 * ```ts
 * const tokens = createDownloadTokens(config.downloadTokenSecret);
 * const { accessToken } = tokens.issue(user.subject);
 * tokens.verify(accessToken, user.subject); // true
 * ```
 */
export function createDownloadTokens(secret: string | undefined): DownloadTokens {
  const key = secret === undefined ? randomBytes(32) : Buffer.from(secret, 'utf8');
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    issue(subject, now = Date.now()) {
      const exp = Math.floor(now / 1000) + DOWNLOAD_TOKEN_SECONDS;
      const payload = Buffer.from(JSON.stringify({ sub: subject, exp })).toString('base64url');
      return { accessToken: `v1.${payload}.${sign(payload)}`, expiresOn: new Date(exp * 1000).toISOString() };
    },
    verify(token, subject, now = Date.now()) {
      const match = TOKEN.exec(token);
      if (match === null) return false;
      const [, payload = '', signature = ''] = match;
      const expected = Buffer.from(sign(payload), 'base64url');
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
      let claims: unknown;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return false;
      }
      if (typeof claims !== 'object' || claims === null) return false;
      const { sub, exp } = claims as { sub?: unknown; exp?: unknown };
      return sub === subject && typeof exp === 'number' && exp * 1000 > now;
    },
  };
}
