/**
 * Text made safe for the servers' few hand-written HTML pages: element content and quoted attribute values.
 *
 * @example escapeHtml(`<a href="x">&</a>`) // → '&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;'
 */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
