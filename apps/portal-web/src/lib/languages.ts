/** The UI languages (spec §9), each named in its own language for the footer's picker. */
export const SUPPORTED_LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
  { code: 'es', name: 'Español' },
  { code: 'fr', name: 'Français' },
  { code: 'ja', name: '日本語' },
  { code: 'pl', name: 'Polski' },
  { code: 'ru', name: 'Русский' },
] as const;

export type LanguageCode = (typeof SUPPORTED_LANGUAGES)[number]['code'];

export const LANGUAGE_CODES: readonly LanguageCode[] = SUPPORTED_LANGUAGES.map((language) => language.code);

export const FALLBACK_LANGUAGE: LanguageCode = 'en';

/** The supported language a tag stands for: `toSupportedLanguage('de-AT')` → 'de', `('it')` → undefined. */
export function toSupportedLanguage(tag: string | null | undefined): LanguageCode | undefined {
  const primary = tag?.split(/[-_]/)[0]?.toLowerCase();
  return LANGUAGE_CODES.find((code) => code === primary);
}
