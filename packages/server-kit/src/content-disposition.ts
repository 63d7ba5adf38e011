/**
 * A Content-Disposition value (RFC 6266): an ASCII `filename` fallback and the exact name in `filename*` (RFC 8187).
 * The fallback is `asciiFallback` when given (a name the caller chose for old clients), else `fileName` with every
 * character outside printable ASCII, and `"`, `\`, `%`, `;`, replaced by `_`.
 *
 * ```ts
 * contentDisposition('attachment', 'Geräte.csv'); // attachment; filename="Ger_te.csv"; filename*=UTF-8''Ger%C3%A4te.csv
 * contentDisposition('attachment', 'Geräte.csv', 'Geraete.csv'); // attachment; filename="Geraete.csv"; filename*=…
 * ```
 */
export function contentDisposition(
  type: 'attachment' | 'inline',
  fileName: string,
  asciiFallback: string = fileName,
): string {
  const ascii = asciiFallback.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
