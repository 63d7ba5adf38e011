import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNow } from '../hooks/use-now';
import { LanguageSelect } from './language-select';

export interface FooterProps {
  vendorName: string;
  vendorUrl: string;
}

function dateTimeFormat(language: string): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' });
  } catch {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
  }
}

/** Copyright with the vendor link, the live date and time in the current language, the language picker. */
export function Footer({ vendorName, vendorUrl }: FooterProps) {
  const { t, i18n } = useTranslation();
  const now = useNow(1000);
  const language = i18n.language;
  const format = useMemo(() => dateTimeFormat(language), [language]);
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 3,
        rowGap: 0.5,
        px: 2,
        py: 0.5,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'grey.100',
      }}
    >
      <Typography variant="body2">
        {t('Footer.copyright', { year: now.getFullYear() })}{' '}
        {vendorUrl !== '' ? (
          <Link href={vendorUrl} target="_blank" rel="noopener noreferrer">
            {vendorName || vendorUrl}
          </Link>
        ) : (
          vendorName
        )}
      </Typography>
      <Typography variant="body2" component="time" dateTime={now.toISOString()} title={t('Footer.dateTime')}>
        {format.format(now)}
      </Typography>
      <Box sx={{ flexGrow: 1 }} />
      <LanguageSelect />
    </Box>
  );
}
