/**
 * A format string cut into sections (`positive;negative;zero`) and each section into tokens: literal text (quoted
 * `"…"`, escaped `\x`, or any character that is no placeholder) and the placeholders' characters.
 */

export interface Token {
  /** `literal` text as it is; otherwise the character of a placeholder (`0 # , . % E y M d H h m s t` …). */
  readonly kind: 'literal' | 'char';
  readonly text: string;
}

/** Splits on `;` outside quotes and escapes. */
export function splitSections(format: string): string[] {
  const sections: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < format.length; i++) {
    const c = format[i] ?? '';
    if (c === '\\' && !quoted) {
      current += c + (format[i + 1] ?? '');
      i++;
    } else if (c === '"') {
      quoted = !quoted;
      current += c;
    } else if (c === ';' && !quoted) {
      sections.push(current);
      current = '';
    } else current += c;
  }
  sections.push(current);
  return sections;
}

/** A section's tokens; adjacent literal characters join into one literal. */
export function tokenize(section: string, placeholders: ReadonlySet<string>): Token[] {
  const tokens: Token[] = [];
  const literal = (text: string) => {
    const last = tokens[tokens.length - 1];
    if (last?.kind === 'literal') tokens[tokens.length - 1] = { kind: 'literal', text: last.text + text };
    else tokens.push({ kind: 'literal', text });
  };
  for (let i = 0; i < section.length; i++) {
    const c = section[i] ?? '';
    if (c === '\\') {
      literal(section[i + 1] ?? '');
      i++;
    } else if (c === '"') {
      const end = section.indexOf('"', i + 1);
      literal(section.slice(i + 1, end < 0 ? section.length : end));
      i = end < 0 ? section.length : end;
    } else if (placeholders.has(c)) tokens.push({ kind: 'char', text: c });
    else literal(c);
  }
  return tokens;
}
