import { describe, expect, it } from 'vitest';
import { AUTHORING_MESSAGES } from './authoring-messages.ts';
import { CHROME_MESSAGES, chromeMessages } from './chrome-messages.ts';
import { MENU_MESSAGES } from './messages.ts';

const LANGUAGES = ['en', 'de', 'es', 'fr', 'ja', 'pl', 'ru'];

/** A message's text: a string as it is, a function called with sample arguments of the types it takes. */
function textOf(message: unknown): string {
  if (typeof message === 'string') return message;
  if (typeof message === 'function') return String((message as (...a: unknown[]) => unknown)('Site', 2, 5));
  throw new Error(`not a message: ${String(message)}`);
}

describe.each([
  ['chrome', CHROME_MESSAGES],
  ['menus', MENU_MESSAGES],
  ['authoring', AUTHORING_MESSAGES],
])('the %s wording', (_area, table) => {
  const english = table.en ?? {};
  const keys = Object.keys(english).sort();

  it('has exactly the seven portal languages', () => {
    expect(Object.keys(table).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES)('has every key, each a non-empty text, in %s', (language) => {
    const messages = (table[language] ?? {}) as unknown as Record<string, unknown>;
    expect(Object.keys(messages).sort()).toEqual(keys);
    for (const key of keys) expect(textOf(messages[key]).trim(), `${language}.${key}`).not.toBe('');
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    'is translated in %s: no text is the English one',
    (language) => {
      const messages = (table[language] ?? {}) as unknown as Record<string, unknown>;
      const same = keys.filter(
        (key) => textOf(messages[key]) === textOf((english as unknown as Record<string, unknown>)[key]),
      );
      expect(same).toEqual([]);
    },
  );

  it('keeps the arguments it is given (titles, counts) in every language', () => {
    for (const language of LANGUAGES) {
      const messages = (table[language] ?? {}) as unknown as Record<string, unknown>;
      for (const key of keys) {
        const message = messages[key];
        if (typeof message !== 'function') continue;
        const text = textOf(message);
        expect(text, `${language}.${key}`).toMatch(/Site|2|5/);
      }
    }
  });
});

describe('the chrome’s language', () => {
  it('follows the primary subtag and reads English for an unknown or absent language', () => {
    expect(chromeMessages('de-AT').filters).toBe('Filter');
    expect(chromeMessages('ru_RU').pageOf(2, 9)).toBe('Страница 2 из 9');
    expect(chromeMessages('xx').loading).toBe('Loading…');
    expect(chromeMessages(undefined).onThisPage).toBe('On this page');
  });
});
