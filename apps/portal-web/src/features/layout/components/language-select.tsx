import NativeSelect from '@mui/material/NativeSelect';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../../../lib/i18n';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, toSupportedLanguage } from '../../../lib/languages';

/**
 * The footer's language picker; each language is listed by its own name. It shows the chosen language
 * even while that language's strings still fall back to English.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const current = toSupportedLanguage(i18n.language) ?? FALLBACK_LANGUAGE;
  return (
    <NativeSelect
      value={current}
      onChange={(event) => void chooseLanguage(i18n, event.target.value)}
      inputProps={{ 'aria-label': t('Footer.language') }}
      variant="standard"
      sx={{ fontSize: 'body2.fontSize' }}
    >
      {SUPPORTED_LANGUAGES.map(({ code, name }) => (
        <option key={code} value={code} lang={code}>
          {name}
        </option>
      ))}
    </NativeSelect>
  );
}
