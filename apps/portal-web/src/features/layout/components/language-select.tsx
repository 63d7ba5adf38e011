import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../../../lib/i18n';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, toSupportedLanguage } from '../../../lib/languages';

/** The footer's language picker; each language is listed by its own name. A plain <select> (app/shell.css). */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const current = toSupportedLanguage(i18n.language) ?? FALLBACK_LANGUAGE;
  return (
    <select
      className="portal-language-select"
      value={current}
      onChange={(event) => void chooseLanguage(i18n, event.target.value)}
      aria-label={t('Footer.language')}
    >
      {SUPPORTED_LANGUAGES.map(({ code, name }) => (
        <option key={code} value={code} lang={code}>
          {name}
        </option>
      ))}
    </select>
  );
}
