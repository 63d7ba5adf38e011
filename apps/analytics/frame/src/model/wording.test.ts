import { describe, expect, it } from 'vitest';
import { wordingFor } from './wording.ts';

const TABLE = { en: 'Filters', de: 'Filter', ja: 'フィルター' };

describe('wordingFor', () => {
  it('reads the entry of the primary subtag, whatever the region and separator', () => {
    expect(wordingFor(TABLE, 'de', TABLE.en)).toBe('Filter');
    expect(wordingFor(TABLE, 'de-AT', TABLE.en)).toBe('Filter');
    expect(wordingFor(TABLE, 'DE_ch', TABLE.en)).toBe('Filter');
    expect(wordingFor(TABLE, 'ja-JP', TABLE.en)).toBe('フィルター');
  });

  it('falls back to English for a language the table lacks, an empty tag or none', () => {
    expect(wordingFor(TABLE, 'ko', TABLE.en)).toBe('Filters');
    expect(wordingFor(TABLE, '', TABLE.en)).toBe('Filters');
    expect(wordingFor(TABLE, undefined, TABLE.en)).toBe('Filters');
  });
});
