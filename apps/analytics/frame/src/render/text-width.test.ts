import { describe, expect, it } from 'vitest';
import { estimatedPx, textPx, truncateToPx } from './text-width.ts';

describe('label widths', () => {
  it('counts Japanese, Chinese and full-width characters as an em, about twice a Latin letter', () => {
    expect(estimatedPx('トナー')).toBe(33);
    expect(estimatedPx('年')).toBe(11);
    expect(estimatedPx('ＡＢ')).toBe(22);
    expect(estimatedPx('トナー残量')).toBeGreaterThan(estimatedPx('toner'.repeat(1)) * 1.8);
    // Half-width katakana is narrow.
    expect(estimatedPx('ｶﾀｶﾅ')).toBeCloseTo(4 * 5.8);
  });

  it('counts capitals and digits wider than small letters, a space narrower, in Latin and Cyrillic alike', () => {
    expect(estimatedPx('Berlin')).toBeCloseTo(36.5);
    expect(estimatedPx('FIRMWARE')).toBeGreaterThan(estimatedPx('firmware'));
    expect(estimatedPx('НОЯБ')).toBeGreaterThan(estimatedPx('нояб'));
    expect(estimatedPx('a b')).toBeCloseTo(5.8 * 2 + 3.1);
  });

  it('gives the estimate where there is no canvas (jsdom), the same for the same text', () => {
    expect(textPx('2025年11月')).toBe(estimatedPx('2025年11月'));
    expect(textPx('2025年11月')).toBe(textPx('2025年11月'));
  });

  it('cuts a label with an ellipsis to fit its pixels, keeping as many characters as fit', () => {
    expect(truncateToPx('トナー残量が少ない', 60)).toBe('トナー残…');
    expect(estimatedPx('トナー残…')).toBeLessThanOrEqual(60);
    expect(truncateToPx('Toner low', 200)).toBe('Toner low');
    const cut = truncateToPx('Brother HL-L8360CDW', 60);
    expect(cut).toMatch(/^Brother.*…$/);
    expect(estimatedPx(cut)).toBeLessThanOrEqual(60);
    // Never an empty label: at least one character before the ellipsis.
    expect(truncateToPx('トナー', 4)).toBe('ト…');
    // An emoji or an ideograph outside the basic plane is never split.
    expect(truncateToPx('𠮷野家の牛丼です', 25)).toBe('𠮷…');
  });
});
