/**
 * Names people give new content (a report saved as, or created in the frame). The schema bounds their length; this
 * refuses what a length cannot: a blank name, control characters, and bidirectional overrides and isolates, which
 * make a name read as something else in every list that shows it.
 */

/** C0 and C1 controls, the bidirectional embeddings and overrides (U+202A–E) and isolates (U+2066–9). */
function unsafe(name: string): boolean {
  for (const char of name) {
    const c = char.codePointAt(0) ?? 0;
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069))
      return true;
  }
  return false;
}

/**
 * The name, trimmed, or a sentence saying what is wrong with it.
 *
 * ```ts
 * contentName('  Fleet copy '); // { name: 'Fleet copy' }
 * contentName('a\u202egnp.exe'); // { problem: 'name may not hold control characters or bidirectional overrides' }
 * ```
 */
export function contentName(raw: string): { name: string } | { problem: string } {
  const name = raw.trim();
  if (name === '') return { problem: 'name is required' };
  if (unsafe(name)) return { problem: 'name may not hold control characters or bidirectional overrides' };
  return { name };
}
