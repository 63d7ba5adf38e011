import { useMemo } from 'react';
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
    <footer className="portal-footer">
      <p className="portal-body2">
        {t('Footer.copyright', { year: now.getFullYear() })}{' '}
        {vendorUrl !== '' ? (
          <a className="portal-link" href={vendorUrl} target="_blank" rel="noopener noreferrer">
            {vendorName || vendorUrl}
          </a>
        ) : (
          vendorName
        )}
      </p>
      <time className="portal-body2" dateTime={now.toISOString()} title={t('Footer.dateTime')}>
        {format.format(now)}
      </time>
      <div className="portal-footer-spacer" />
      <LanguageSelect />
    </footer>
  );
}
