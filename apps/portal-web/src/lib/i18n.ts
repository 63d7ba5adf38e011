import i18next from 'i18next';
import type { i18n as I18n, Resource } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import type { DetectorOptions } from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGE_CODES, toSupportedLanguage } from './languages';
import { localeBackend } from './locale-backend';

/** Where a visitor's own preference can come from: spec §9's order without the static <html lang>. */
const USER_SOURCES = ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator'];
const STORAGE_KEY = 'i18nextLng';

const detection: DetectorOptions = {
  order: [...USER_SOURCES, 'htmlTag'],
  lookupQuerystring: 'lng',
  lookupCookie: 'i18next',
  lookupLocalStorage: STORAGE_KEY,
  lookupSessionStorage: STORAGE_KEY,
  caches: ['localStorage'],
  // Only whole languages are translated: 'de-AT' is 'de'.
  convertDetectedLanguage: (tag) => tag.split('-')[0] ?? tag,
};

const commonOptions = {
  supportedLngs: [...LANGUAGE_CODES],
  fallbackLng: FALLBACK_LANGUAGE,
  load: 'languageOnly',
  ns: ['translation'],
  defaultNS: 'translation',
  // React escapes what it renders.
  interpolation: { escapeValue: false },
} as const;

interface LanguageChoice {
  /** The visitor had a supported preference when the page loaded. */
  preferred: boolean;
  /** The visitor picked a language on this page, or the configured default was already applied. */
  settled: boolean;
}

const choices = new WeakMap<I18n, LanguageChoice>();

/** Whether any of the visitor's own sources names a supported language (read before i18next caches one). */
function hasSupportedPreference(): boolean {
  // A languageUtils with getBestMatchFromCodes makes the detector return every tag it found.
  const probe = new LanguageDetector(
    { languageUtils: { getBestMatchFromCodes: () => undefined } },
    detection,
  );
  const found = probe.detect(USER_SOURCES);
  const tags = found === undefined ? [] : Array.isArray(found) ? found : [found];
  return tags.some((tag) => toSupportedLanguage(tag) !== undefined);
}

/**
 * The portal's i18next: language files from `/locales/{lng}/{ns}.json` (fetched by `localeBackend`; a 5xx is retried up to 5 times,
 * 350 ms doubling; a 4xx or bad JSON is not), the language detected per spec §9 and cached in localStorage.
 */
export function createI18n(): I18n {
  const instance = i18next.createInstance();
  choices.set(instance, { preferred: hasSupportedPreference(), settled: false });
  instance.use(localeBackend).use(LanguageDetector).use(initReactI18next);
  instance.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  void instance.init({
    ...commonOptions,
    maxRetries: 5,
    retryTimeout: 350,
    // In development a key missing from a language file is posted to addPath, so it can be added.
    saveMissing: import.meta.env.DEV,
    detection,
  });
  return instance;
}

/** An i18next over in-memory resources, ready at once: for tests and for pages that must not fetch. */
export function createStaticI18n(resources: Resource, language: string = FALLBACK_LANGUAGE): I18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  void instance.init({ ...commonOptions, resources, lng: language, initAsync: false });
  return instance;
}

/** The visitor picks a language (the footer): it is remembered and wins over the configured default. */
export async function chooseLanguage(instance: I18n, language: string): Promise<void> {
  const choice = choices.get(instance);
  if (choice) choice.settled = true;
  await instance.changeLanguage(language);
}

/**
 * Applies the configured client language once per page load, when the visitor has expressed no supported
 * preference (no `lng` query, cookie, stored choice or browser language we translate). The default is not
 * remembered as the visitor's choice, so a later change of the configuration still reaches them.
 */
export async function applyConfiguredLanguage(instance: I18n, clientLanguage: string): Promise<void> {
  const choice = choices.get(instance);
  const configured = toSupportedLanguage(clientLanguage);
  if (!choice || choice.preferred || choice.settled || !configured) return;
  choice.settled = true;
  if (instance.language !== configured) await instance.changeLanguage(configured);
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage can be unavailable (privacy modes); then nothing was cached either.
  }
}
