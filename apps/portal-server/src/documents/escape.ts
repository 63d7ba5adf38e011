const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;', // predefined in XML and in HTML5
};
const SPECIAL = /[&<>"']/g;
const HAS_SPECIAL = /[&<>"']/;
// Characters XML 1.0 forbids outright (C0 controls but tab, CR and LF; lone surrogates; U+FFFE, U+FFFF).
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- matching the control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const HAS_FORBIDDEN = new RegExp(FORBIDDEN.source);

/**
 * Escapes text for HTML and XML, in element content and in quoted attributes alike, and drops the characters
 * XML cannot carry. Every value a report writes goes through here.
 *
 * @example escapeMarkup('<script>"Tom & Jerry"</script>') // '&lt;script&gt;&quot;Tom &amp; Jerry&quot;&lt;/script&gt;'
 */
export function escapeMarkup(text: string): string {
  const clean = HAS_FORBIDDEN.test(text) ? text.replace(FORBIDDEN, '') : text;
  return HAS_SPECIAL.test(clean) ? clean.replace(SPECIAL, (c) => ENTITIES[c] ?? c) : clean;
}
