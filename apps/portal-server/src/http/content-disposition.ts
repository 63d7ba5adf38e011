/**
 * A Content-Disposition value (RFC 6266): an ASCII `filename` fallback and the exact name in `filename*` (RFC 8187).
 *
 * ```ts
 * contentDisposition('attachment', 'Geräte.csv'); // attachment; filename="Ger_te.csv"; filename*=UTF-8''Ger%C3%A4te.csv
 * ```
 */
export function contentDisposition(type: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
