/**
 * Words of a question, in the one normal form both the question and the model's vocabulary are reduced to:
 * lower case, British spelling (colour), plural folded to singular (pages → page, supplies → supply).
 */

const SPELLING: Readonly<Record<string, string>> = {
  color: 'colour',
  colors: 'colours',
  colored: 'coloured',
  gray: 'grey',
  favorite: 'favourite',
  analyze: 'analyse',
  organization: 'organisation',
  organizations: 'organisations',
};

/** `pages` → `page`, `supplies` → `supply`; short words, codes (digits, `-`, `&`) and `-ss`/`-us`/`-is` are kept. */
export function stem(word: string): string {
  if (word.length <= 3 || /[\d\-.&/]/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is)$/.test(word)) return word;
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/** One word in normal form: `Colors` → `colour`. */
export function normalWord(word: string): string {
  const lower = word.toLowerCase();
  return stem(SPELLING[lower] ?? lower);
}

// A word: letters and digits, joined inside by - . & / or an apostrophe ("i-sensys", "b&w", "2024-06-01");
// or a comparison sign.
const WORD = /[\p{L}\p{N}]+(?:[-.&/'][\p{L}\p{N}]+)*|[<>]=?|=/gu;

/** A token: its normal form and the text it came from (for messages that quote the user). */
export interface Token {
  readonly word: string;
  readonly text: string;
}

/**
 * Splits text into normalised tokens.
 *
 * ```ts
 * tokenize('Top 5 models by colour pages?').map((t) => t.word); // ['top', '5', 'model', 'by', 'colour', 'page']
 * ```
 */
export function tokenize(text: string): Token[] {
  // "10,000" is one number.
  const source = text
    .normalize('NFC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/(\d),(?=\d{3}\b)/g, '$1');
  const tokens: Token[] = [];
  for (const match of source.matchAll(WORD)) {
    let raw = match[0];
    // "what's", "printers'" → the word without the clitic.
    raw = raw.replace(/'s$/i, '').replace(/'$/, '');
    // A trailing full stop ("…in 2024.") is punctuation, not part of the word.
    raw = raw.replace(/\.+$/, '');
    if (raw !== '') tokens.push({ word: normalWord(raw), text: raw });
  }
  return tokens;
}

/** The normal form of a phrase, as the lexicon keys it: `'Colour Pages'` → `'colour page'`. */
export function phraseKey(text: string): string {
  return tokenize(text)
    .map((t) => t.word)
    .join(' ');
}
