/**
 * The `Content-Disposition` of a paginated report's export (RFC 6266): `filename` the English name, every character but
 * `A-Z a-z 0-9 space . _ -` replaced by `_`, for clients that read only that; `filename*` the name in the sheet's
 * language, characters a file system refuses (`\ / : * ? " < > |`, controls) replaced by `_`, then every byte outside
 * RFC 8187's attr-char percent-encoded (`encodeURIComponent` leaves `'()*` as they are, which attr-char excludes).
 *
 * ```ts
 * exportDisposition('Invoice', "Facture d'avril (brouillon)", 'pdf');
 * // attachment; filename="Invoice.pdf"; filename*=UTF-8''Facture%20d%27avril%20%28brouillon%29.pdf
 * ```
 */
export function exportDisposition(englishName: string, name: string, extension: string): string {
  const ascii = `${englishName.replace(/[^A-Za-z0-9 ._-]/g, '_')}.${extension}`;
  const safe = `${[...name].map((c) => (c < ' ' || c === '\x7f' || '\\/:*?"<>|'.includes(c) ? '_' : c)).join('')}.${extension}`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${attrChars(safe)}`;
}

/** `text` as RFC 8187 `value-chars`: UTF-8, every byte outside attr-char as `%XX`. */
function attrChars(text: string): string {
  return encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
