/**
 * The time left before the lock-out in words of `language`: seconds under a minute, whole minutes from a minute
 * up. Intl.RelativeTimeFormat carries each language's relative-time patterns (CLDR), which give the unit the
 * case and plural form its number needs: Polish 'za 1 sekundę', 'za 2 sekundy', 'za 5 sekund'; Russian
 * 'через 21 секунду', 'через 22 секунды'. The sentence around it is the translation's, with `{{when}}`.
 *
 *   timeLeftInWords(42, 'de') // 'in 42 Sekunden'
 */
export function timeLeftInWords(seconds: number, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  const whole = Math.max(0, Math.ceil(seconds));
  return whole < 60 ? format.format(whole, 'second') : format.format(Math.round(whole / 60), 'minute');
}
