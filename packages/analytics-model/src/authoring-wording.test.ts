import { describe, expect, it } from 'vitest';
import { CONTENT_LANGUAGES } from './captions.ts';
import { authoringWording } from './authoring-wording.ts';

describe('authoring wording', () => {
  it('names an implicit sum and a generated title in every portal language', () => {
    const sums = CONTENT_LANGUAGES.map((language) => authoringWording(language).aggregation('Sum', 'Pages'));
    expect(sums).toEqual([
      'Sum of Pages',
      'Summe von Pages',
      'Suma de Pages',
      'Somme de Pages',
      'Pages の合計',
      'Suma: Pages',
      'Сумма: Pages',
    ]);
    expect(authoringWording('de').titleBy('Summe von Pages', 'Model')).toBe('Summe von Pages nach Model');
    expect(authoringWording('ja').titleBy('Pages の合計', 'Model')).toBe('Model 別 Pages の合計');
  });

  it('reads a region or an underscore tag by its language and falls back to English', () => {
    expect(authoringWording('de-AT').page(2)).toBe('Seite 2');
    expect(authoringWording('fr_CA').rowNumber).toBe('Numéro de ligne');
    expect(authoringWording('nl').aggregation('Count', 'Site')).toBe('Count of Site');
    expect(authoringWording(undefined).page(1)).toBe('Page 1');
  });

  it('reads the aggregation as a field names it, in any case', () => {
    const de = authoringWording('de');
    expect(de.aggregation('sum', 'Pages')).toBe('Summe von Pages');
    expect(de.aggregation('Avg', 'Pages')).toBe('Durchschnitt von Pages');
    expect(de.aggregation('DISTINCTCOUNT', 'Site')).toBe('Anzahl unterschiedlicher Site');
  });
});
