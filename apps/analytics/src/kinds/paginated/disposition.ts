import { contentDisposition } from '@portico/server-kit';

/**
 * The `Content-Disposition` of a paginated report's export (RFC 6266): `filename` the English name, every character but
 * `A-Z a-z 0-9 space . _ -` replaced by `_`, for clients that read only that; `filename*` the name in the sheet's
 * language, characters a file system refuses (`\ / : * ? " < > |`, controls) replaced by `_`, then every byte outside
 * RFC 8187's attr-char percent-encoded (server-kit's `contentDisposition`, which the portal's downloads use too).
 *
 * ```ts
 * exportDisposition('Invoice', "Facture d'avril (brouillon)", 'pdf');
 * // attachment; filename="Invoice.pdf"; filename*=UTF-8''Facture%20d%27avril%20%28brouillon%29.pdf
 * ```
 */
export function exportDisposition(englishName: string, name: string, extension: string): string {
  const ascii = `${englishName.replace(/[^A-Za-z0-9 ._-]/g, '_')}.${extension}`;
  const safe = `${[...name].map((c) => (c < ' ' || c === '\x7f' || '\\/:*?"<>|'.includes(c) ? '_' : c)).join('')}.${extension}`;
  return contentDisposition('attachment', safe, ascii);
}
