import { describe, expect, it } from 'vitest';
import { answer } from '../test/sample.ts';
import { answerText, dataPointText } from './copy-text.ts';

describe('what Copy value and Copy data copy', () => {
  it('copies a data point’s measure formatted as the visual shows it', () => {
    expect(dataPointText(answer, 'Berlin')).toBe('1,200');
    expect(dataPointText(answer, 'Nowhere')).toBeUndefined();
  });

  it('copies the whole answer as tab-separated lines under a header of the columns’ names', () => {
    expect(answerText(answer)).toBe('Site\tTotal pages\nBerlin\t1,200\nParis\t800');
  });

  it('keeps a value with a tab or a line break in its own cell', () => {
    const odd = { ...answer, rows: [['Saint\tLouis\nWest', 5]] };
    expect(answerText(odd).split('\n')[1]).toBe('Saint Louis West\t5');
  });
});
