import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from './languages';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('../../public/locales/*/translation.json', {
  eager: true,
  import: 'default',
});

/** Every key with its text: `{ 'Menu.home': 'Home', … }`. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  return new Map(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : [...flatten(value, `${prefix}${key}.`)],
    ),
  );
}

const load = (language: string) => flatten(files[`../../public/locales/${language}/translation.json`] ?? {});
const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
const english = load('en');

describe('the language files', () => {
  it.each(LANGUAGE_CODES.filter((code) => code !== 'en'))(
    'translate every English key, with the same placeholders, in %s',
    (language) => {
      const translated = load(language);
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of translated) {
        expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(english.get(key) ?? ''));
        expect(text.trim(), `${language} ${key}`).not.toBe('');
      }
    },
  );
});
