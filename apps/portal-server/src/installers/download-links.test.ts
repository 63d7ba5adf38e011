import { describe, expect, it } from 'vitest';
import { createDownloadLinks } from './download-links.ts';

const claims = { fileId: 7, actor: 'key:AbCdEfGh', keyId: 3, account: 'contoso_emea' };

describe('installer download links', () => {
  it('accepts its own link until it expires, then says it expired', () => {
    const links = createDownloadLinks('secret', 300);
    const { token, expiresAt } = links.issue(claims, 1_000_000);
    expect(expiresAt.getTime()).toBe(1_300_000);
    expect(links.check(token, 1_299_999)).toEqual({ ok: true, claims });
    expect(links.check(token, 1_300_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a link with a changed payload or from another secret', () => {
    const { token } = createDownloadLinks('secret', 300).issue(claims);
    const [version, payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), f: 8 }),
    ).toString('base64url');
    expect(createDownloadLinks('secret', 300).check(`${version}.${forged}.${signature}`)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(createDownloadLinks('other', 300).check(token).ok).toBe(false);
    expect(createDownloadLinks('secret', 300).check('v1.x.y').ok).toBe(false);
  });
});
