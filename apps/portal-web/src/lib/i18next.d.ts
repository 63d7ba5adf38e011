import 'i18next';
import type translation from '../../public/locales/en/translation.json';

// English is the reference language: `t` only accepts keys that exist in it.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof translation };
  }
}
