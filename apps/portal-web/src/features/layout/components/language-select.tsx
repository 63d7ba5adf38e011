import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../../../lib/i18n';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, toSupportedLanguage } from '../../../lib/languages';

/**
 * The footer's language picker; each language is listed by its own name. A plain <select> styled like
 * MUI's standard input: MUI's NativeSelect brings its whole input stack (about 9 KB gzipped) to every page.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const current = toSupportedLanguage(i18n.language) ?? FALLBACK_LANGUAGE;
  return (
    <Box
      component="select"
      value={current}
      onChange={(event) => void chooseLanguage(i18n, event.target.value)}
      aria-label={t('Footer.language')}
      sx={{
        font: 'inherit',
        fontSize: 'body2.fontSize',
        color: 'text.primary',
        bgcolor: 'transparent',
        border: 0,
        borderBottom: 1,
        borderColor: 'grey.600',
        borderRadius: 0,
        py: 0.5,
        pr: 0.5,
        cursor: 'pointer',
        '&:hover': { borderColor: 'text.primary' },
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {SUPPORTED_LANGUAGES.map(({ code, name }) => (
        <option key={code} value={code} lang={code}>
          {name}
        </option>
      ))}
    </Box>
  );
}
