import { describe, expect, it } from 'vitest';
import { timeLeftInWords } from './remaining-time';

describe('the time left in words', () => {
  it.each([
    ['en', 'in 12 seconds', 'in 1 second', 'in 1 minute'],
    ['de', 'in 12 Sekunden', 'in 1 Sekunde', 'in 1 Minute'],
    ['es', 'dentro de 12 segundos', 'dentro de 1 segundo', 'dentro de 1 minuto'],
    ['fr', 'dans 12 secondes', 'dans 1 seconde', 'dans 1 minute'],
    ['ja', '12 秒後', '1 秒後', '1 分後'],
    ['pl', 'za 12 sekund', 'za 1 sekundę', 'za 1 minutę'],
    ['ru', 'через 12 секунд', 'через 1 секунду', 'через 1 минуту'],
  ])('counts seconds under a minute and minutes from a minute, in %s', (language, twelve, one, minute) => {
    expect(timeLeftInWords(12, language)).toBe(twelve);
    expect(timeLeftInWords(0.2, language)).toBe(one);
    expect(timeLeftInWords(60, language)).toBe(minute);
  });

  it('rounds a part of a second up and never counts below zero', () => {
    expect(timeLeftInWords(11.001, 'en')).toBe('in 12 seconds');
    expect(timeLeftInWords(-3, 'en')).toBe('in 0 seconds');
  });
});
