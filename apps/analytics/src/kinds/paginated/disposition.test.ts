import { describe, expect, it } from 'vitest';
import { exportDisposition } from './disposition.ts';

/** RFC 8187 attr-char, the only characters `filename*`'s value may hold besides `%XX`. */
const ATTR_CHARS = /^[A-Za-z0-9!#$&+\-.^_`|~]$/;

/** The `filename*` value of a Content-Disposition, and what it decodes to. */
function extended(header: string): { raw: string; decoded: string } {
  const raw = /filename\*=UTF-8''(\S+)$/.exec(header)?.[1] ?? '';
  return { raw, decoded: decodeURIComponent(raw) };
}

describe('the Content-Disposition of a paginated export', () => {
  it("percent-encodes ' ( ) in filename*, which RFC 8187's attr-char excludes, and decodes back to the name", () => {
    const header = exportDisposition('Invoice', "Facture d'avril (brouillon)", 'pdf');
    expect(header).toBe(
      `attachment; filename="Invoice.pdf"; filename*=UTF-8''Facture%20d%27avril%20%28brouillon%29.pdf`,
    );
    expect(extended(header).decoded).toBe("Facture d'avril (brouillon).pdf");
  });

  it('leaves only attr-chars and %XX in filename* whatever the name holds', () => {
    const name = `Gerätemeldungen*(Standort)'s 請求書 !~#$&+^\`|"<>:?/\\\u0001\u007f;,=%`;
    const { raw, decoded } = extended(exportDisposition('Device alerts by site', name, 'csv'));
    expect(
      raw
        .replace(/%[0-9A-F]{2}/g, '')
        .split('')
        .filter((c) => !ATTR_CHARS.test(c)),
    ).toEqual([]);
    // Characters a file system refuses became `_`; everything else is the name as written.
    expect(decoded).toBe(`Gerätemeldungen_(Standort)'s 請求書 !~#$&+^\`${'_'.repeat(10)};,=%.csv`);
  });

  it('keeps the English fallback to letters, digits, space, dot, underscore and hyphen', () => {
    expect(exportDisposition(`Alerts "Q1"; (v2)*`, 'x', 'pdf')).toMatch(
      /^attachment; filename="Alerts _Q1__ _v2__.pdf";/,
    );
  });
});
