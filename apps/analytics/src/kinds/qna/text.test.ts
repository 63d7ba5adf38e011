import { describe, expect, it } from 'vitest';
import { phraseKey, stem, tokenize } from './text.ts';

describe('tokenize', () => {
  it('lower-cases, folds plurals and American spelling, and drops punctuation', () => {
    expect(tokenize('Top 5 Models by COLOR pages?').map((t) => t.word)).toEqual([
      'top',
      '5',
      'model',
      'by',
      'colour',
      'page',
    ]);
  });

  it('keeps the original text of each word for messages', () => {
    expect(tokenize('pages for Atlantis.').map((t) => t.text)).toEqual(['pages', 'for', 'Atlantis']);
  });

  it('keeps model names, dates and codes whole', () => {
    expect(tokenize('i-SENSYS MF455dw on 2024-06-01, b&w').map((t) => t.word)).toEqual([
      'i-sensys',
      'mf455dw',
      'on',
      '2024-06-01',
      'b&w',
    ]);
  });

  it('reads a number with thousands separators as one number', () => {
    expect(tokenize('over 10,000 pages').map((t) => t.word)).toEqual(['over', '10000', 'page']);
  });

  it("drops a possessive 's", () => {
    expect(tokenize("what's Berlin's volume").map((t) => t.word)).toEqual(['what', 'berlin', 'volume']);
  });
});

describe('stem', () => {
  it('folds -s and -ies but keeps -ss, -us and -is words and short words', () => {
    expect(['pages', 'supplies', 'address', 'status', 'this', 'has', 'days'].map(stem)).toEqual([
      'page',
      'supply',
      'address',
      'status',
      'this',
      'has',
      'day',
    ]);
  });
});

describe('phraseKey', () => {
  it('gives a question and a model name the same key', () => {
    expect(phraseKey('Total Colour Pages')).toBe(phraseKey('total color pages'));
  });
});
