import { describe, expect, it } from 'vitest';
import { CANVAS_MESSAGES, canvasMessages } from './canvas-messages.ts';

const LANGUAGES = ['en', 'de', 'es', 'fr', 'ja', 'pl', 'ru'];

/** Every text of a message table, flattened: strings, list and record entries, functions called with samples. */
function texts(messages: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'string') out[key] = value;
    else if (typeof value === 'function') {
      out[key] = String(
        (value as (...a: unknown[]) => unknown)(key === 'titleList' ? ['A', 'B'] : 'Site', 2, 5, 'x'),
      );
    } else if (typeof value === 'object' && value !== null) {
      for (const [inner, text] of Object.entries(value)) out[`${key}.${inner}`] = String(text);
    }
  }
  return out;
}

describe('the canvas wording', () => {
  const english = texts(CANVAS_MESSAGES.en ?? {});

  it.each(LANGUAGES)('has every text, none empty, in %s', (language) => {
    const table = texts(CANVAS_MESSAGES[language] ?? {});
    expect(Object.keys(table).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(table)) expect(text.trim(), `${language}.${key}`).not.toBe('');
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    'is translated in %s (but for Top N and the order of a condition title)',
    (language) => {
      const table = texts(CANVAS_MESSAGES[language] ?? {});
      const same = Object.keys(english).filter(
        (k) => table[k] === english[k] && k !== 'topN' && k !== 'titleCondition' && !k.startsWith('units.7'),
      );
      expect(same).toEqual([]);
    },
  );

  it('falls back to English for other languages and reads regional codes', () => {
    expect(canvasMessages('nl')).toBe(CANVAS_MESSAGES.en);
    expect(canvasMessages('de-AT')).toBe(CANVAS_MESSAGES.de);
  });
});
