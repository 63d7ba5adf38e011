import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a download link names: the file, who asked, and for which account (the audit's fields). */
export interface LinkClaims {
  /** installer_release_files.id */
  fileId: number;
  /** `key:<prefix>` or `user:<sub>`. */
  actor: string;
  /** The access key's id, when a key asked (its use count rises on the download). */
  keyId: number | null;
  /** The customer account the download is for, when known. */
  account: string | null;
}

export type LinkCheck = { ok: true; claims: LinkClaims } | { ok: false; reason: 'invalid' | 'expired' };

export interface DownloadLinks {
  /** A token for `/api/download/file?token=<token>`, valid `seconds` from `now`. */
  issue(claims: LinkClaims, now?: number): { token: string; expiresAt: Date };
  check(token: string, now?: number): LinkCheck;
}

/** A link token: `v1.<payload>.<HMAC-SHA256>`, all base64url, so it can stand in a URL path as it is. */
export const LINK_TOKEN_PATTERN = '^v1\\.[A-Za-z0-9_-]{1,1024}\\.[A-Za-z0-9_-]{43}$';
const TOKEN = /^v1\.([A-Za-z0-9_-]{1,1024})\.([A-Za-z0-9_-]{43})$/;

/**
 * Short-lived signed download links. The key is derived from `secret` (PORTAL_DOWNLOAD_TOKEN_SECRET; replicas
 * sharing it accept each other's links) or random per process without one.
 *
 * ```ts
 * const links = createDownloadLinks(config.downloadTokenSecret, 300);
 * const { token } = links.issue({ fileId: 7, actor: 'key:AbCdEfGh', keyId: 3, account: 'contoso_emea' });
 * links.check(token); // { ok: true, claims: … }
 * ```
 */
export function createDownloadLinks(secret: string | undefined, seconds: number): DownloadLinks {
  const base = secret === undefined ? randomBytes(32) : Buffer.from(secret, 'utf8');
  // Domain separation: a report download token can never pass as a link, nor the other way round.
  const key = createHmac('sha256', base).update('portico installer download links v1').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    issue(claims, now = Date.now()) {
      const exp = now + seconds * 1000;
      const payload = Buffer.from(
        JSON.stringify({ f: claims.fileId, a: claims.actor, k: claims.keyId, d: claims.account, exp }),
      ).toString('base64url');
      return { token: `v1.${payload}.${sign(payload)}`, expiresAt: new Date(exp) };
    },
    check(token, now = Date.now()) {
      const match = TOKEN.exec(token);
      if (match === null) return { ok: false, reason: 'invalid' };
      const [, payload = '', signature = ''] = match;
      const expected = Buffer.from(sign(payload), 'base64url');
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, reason: 'invalid' };
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      const { f, a, k, d, exp } = (parsed ?? {}) as Record<string, unknown>;
      if (
        typeof f !== 'number' ||
        typeof a !== 'string' ||
        (k !== null && typeof k !== 'number') ||
        (d !== null && typeof d !== 'string') ||
        typeof exp !== 'number'
      ) {
        return { ok: false, reason: 'invalid' };
      }
      if (exp <= now) return { ok: false, reason: 'expired' };
      return { ok: true, claims: { fileId: f, actor: a, keyId: k, account: d } };
    },
  };
}
